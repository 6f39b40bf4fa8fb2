import type { FastifyInstance } from 'fastify';
import { createTireIntelligenceQueries } from './tire-intelligence.queries';

/**
 * Shortest time between two alert broadcasts: each counts the alerts of the whole fleet (130 ms of
 * PostgreSQL at fleet scale, 340 ms under a burst of validations, when at one a second it took a
 * third of a core). The first validation after a quiet spell is still broadcast at once.
 */
const ALERT_BROADCAST_SPACING_MS = 5000;
const alertBroadcasters = new WeakMap<FastifyInstance, () => void>();

/**
 * Sends the alert counts to the office room ('tire-alerts') after a validation committed. One
 * count runs at a time, at most one every 5 s: the validations that land meanwhile share the next
 * one (at fleet scale a count per validation would cost more than the validations).
 */
export function emitTireAlerts(app: FastifyInstance): void {
  let broadcast = alertBroadcasters.get(app);
  if (!broadcast) {
    broadcast = alertBroadcaster(app);
    alertBroadcasters.set(app, broadcast);
  }
  broadcast();
}

function alertBroadcaster(app: FastifyInstance): () => void {
  const queries = createTireIntelligenceQueries(app.db, {
    pullPointMm: app.config.tirePullPointMm,
    timezone: app.config.timezone,
  });
  let busy = false; // counting, or waiting for the spacing to pass
  let again = false; // asked for while busy
  const run = async () => {
    busy = true;
    const started = Date.now();
    try {
      app.realtime.toOffice('tire-alerts', await queries.summary());
    } catch (err) {
      app.log.warn({ err }, 'tire-alerts not sent');
    }
    const wait = Math.max(0, ALERT_BROADCAST_SPACING_MS - (Date.now() - started));
    setTimeout(() => {
      busy = false;
      if (again) {
        again = false;
        void run();
      }
    }, wait).unref();
  };
  return () => {
    if (busy) again = true;
    else void run();
  };
}
