// Load driver, run as a child process of bench/run.ts so that the load does not share an event loop
// with anything it measures. Reads one job as JSON on stdin, drives it with autocannon, and prints
// one line of JSON: every response time (ms), status counts, errors, duration. Before it, the lines
// `start` and `end` mark when the load began and when its last response arrived (the parent
// measures the CPU of the server and PostgreSQL between them).
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
process.stdout.write('start\n');
const started = performance.now();
let ended = 0;
const end = () => {
  if (ended) return;
  ended = performance.now();
  process.stdout.write('end\n');
};
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
  // autocannon notices `amount` on its next one-second tick: the load itself ends here
  if (job.amount && times.length >= job.amount) end();
});
instance.on('done', (result) => {
  end();
  const seconds = (ended - started) / 1000;
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
