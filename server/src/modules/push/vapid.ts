import webpush from 'web-push';
import type { Db } from '../../db/client';
import { sharedSecret } from '../../lib/server-secrets';

/** The server's VAPID key pair (RFC 8292), base64url: the public one is the browsers' applicationServerKey. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SECRET_NAME = 'vapid';

/**
 * The VAPID keys every server process shares, kept like the file-link secret: the first process to
 * boot writes a fresh pair, concurrent and later ones keep the row that won and read it back, so a
 * subscription made through one process receives what any other sends.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const value = await sharedSecret(db, SECRET_NAME, () => JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = JSON.parse(value) as VapidKeys;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new Error('server_secrets: vapid is not a key pair');
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** The VAPID `sub` claim: the public https address, or a mailto: when there is none. */
export function vapidSubject(publicUrl: string): string {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' && url.hostname !== 'localhost' ? url.origin : 'mailto:admin@localhost';
}
