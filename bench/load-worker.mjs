// Load driver, run as a child process of bench/run.ts so that the load does not share an event loop
// with anything it measures. Reads one job as JSON on stdin, drives it with autocannon, and prints
// one line of JSON: every response time (ms), status counts, errors, duration.
//   job: { url, connections, duration?, amount?, headers, requests: [{ method, path, body?, headers? }] }
// With several requests each one is sent once per cycle in turn (distinct documents per request);
// with `amount` the run stops after that many responses.
import autocannon from 'autocannon';

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const job = JSON.parse(Buffer.concat(chunks).toString('utf8'));

let next = 0;
const items = job.requests.map((r) => ({
  method: r.method,
  path: r.path,
  headers: { ...job.headers, ...(r.headers ?? {}) },
  body: r.bodyBase64 ? Buffer.from(r.bodyBase64, 'base64') : r.body,
}));

const times = [];
const statuses = {};
const started = performance.now();
const instance = autocannon({
  url: job.url,
  connections: job.connections,
  ...(job.amount ? { amount: job.amount } : { duration: job.duration }),
  timeout: 30,
  requests: [
    {
      // each request takes the next prepared item (validations: a different document each time)
      setupRequest: (req) => {
        const item = items[next++ % items.length];
        return { ...req, method: item.method, path: item.path, headers: item.headers, body: item.body };
      },
    },
  ],
});
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  times.push(responseTime);
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
instance.on('done', (result) => {
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `${JSON.stringify({
      times,
      statuses,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      seconds,
      requests: result.requests.total,
      throughput: result.throughput.average,
    })}\n`,
  );
});
