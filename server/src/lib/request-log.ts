import type { FastifyRequest } from 'fastify';

/**
 * A URL as the access log may show it: the value of every query parameter whose name ends in
 * `token` (the WhatsApp reset link `/reset-password?token=...`, an `access_token` in a query) is
 * replaced, so a log reader cannot use the link.
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&;][^=&#;]*token=)[^&#;]*/gi, '$1[redacted]');
}

/** Fastify's own request log fields (lib/logger-pino.js), with the URL redacted. */
export function requestLogFields(req: FastifyRequest) {
  const version = req.headers?.['accept-version'];
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: Array.isArray(version) ? version[0] : version,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
