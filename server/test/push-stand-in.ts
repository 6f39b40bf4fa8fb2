// A push service stand-in for tests (an HTTP server) and a browser's side of a subscription: the
// server sends it real Web Push messages (RFC 8030, aes128gcm per RFC 8291, VAPID per RFC 8292),
// which decryptPush reads with the subscription's own keys, as a browser would. Used by the server's
// push tests and by the field app's e2e (which hands the decrypted message to the service worker).
import { createDecipheriv, createECDH, createHmac, type ECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The push service stand-in: records each request and answers what the test says. */
export function pushServiceStandIn() {
  const received: Received[] = [];
  let answer: (r: Received) => Promise<number> | number = () => 201;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const r = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(r);
      res.statusCode = await answer(r);
      res.end();
    });
  });
  return {
    received,
    server,
    answerWith(fn: typeof answer) {
      answer = fn;
    },
    origin: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
}

/** A browser's side of a subscription: its P-256 key pair and its 16-byte auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: (endpoint: string) => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    }),
  };
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const h = createHmac('sha256', key);
  for (const d of data) h.update(d);
  return h.digest();
};

/** RFC 8291 (with RFC 8188 aes128gcm, one record): what the browser does with a push message. */
export function decryptPush(body: Buffer, ua: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = ua.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = hmac(prkKey, keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // the last record ends with the delimiter 0x02 and optional zero padding
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('a push message ends with the delimiter 0x02');
  return padded.subarray(0, end).toString('utf8');
}
