import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** Sends WhatsApp messages. The product only needs to send text to a number. */
export interface WhatsappGateway {
  send(phone: string, text: string): Promise<void>;
}

/** POSTs `{ phone, message }` as JSON to the configured gateway; a non-2xx answer is an error. */
export function httpGateway(url: string): WhatsappGateway {
  return {
    async send(phone, message) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, message }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`WhatsApp gateway answered ${res.status}`);
    },
  };
}

/**
 * Without a gateway (development), messages go to `DATA_DIR/wa-outbox.log` so a developer can
 * follow a reset link; the application log only notes that a message was sent, never its text.
 */
export function outboxGateway(dataDir: string, log: FastifyBaseLogger): WhatsappGateway {
  const file = path.join(dataDir, 'wa-outbox.log');
  return {
    async send(phone, message) {
      await fs.promises.mkdir(dataDir, { recursive: true });
      await fs.promises.appendFile(file, `${new Date().toISOString()} ${phone} ${message}\n`);
      log.info({ phone: `${phone.slice(0, 4)}****` }, 'WhatsApp message written to wa-outbox.log');
    },
  };
}
