import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEEP_DAYS,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
} from '@itms/contracts/field';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { inAmbientTransaction } from '../db/ambient';
import { type Db, rowsOf } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, badRequest } from '../lib/errors';
import { runPeriodically } from '../lib/periodic';
import { currentUser } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A field write that honours `Idempotency-Key` (IETF draft "The Idempotency-Key HTTP Header
     * Field"): a retry with the same key gets the first reply and creates nothing.
     */
    idempotent?: boolean;
  }
}

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** JSON with sorted keys: the same body sent as JSON or as a form hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const hashOf = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
export const bodyHash = (body: unknown) => hashOf(canonical(body));

/** The request's key, null when it has none; 400 when it is not 1-255 visible characters. */
function keyOf(req: FastifyRequest): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(raw)) {
    throw badRequest(IDEMPOTENCY_MESSAGES.badKey, [
      { field: IDEMPOTENCY_HEADER, message: IDEMPOTENCY_MESSAGES.badKey },
    ]);
  }
  return raw;
}

/**
 * Runs a field write once per (user, key): the stored reply of an earlier request with the key is
 * sent again (`Idempotent-Replayed: true`); otherwise `run` executes in a transaction that also
 * stores its reply, so the record and its key commit together or not at all. A failed write
 * stores nothing: the client may correct it and send it again under the same key.
 */
export async function runIdempotent(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  hash: string,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const key = keyOf(req);
  if (key === null) return run();
  const userId = currentUser(req).id;
  const path = req.url.split('?')[0]!;
  return inAmbientTransaction(app.database.db, async (tx) => {
    // a second request with the key while the first still runs is told so instead of waiting
    // (PGlite runs one transaction at a time, so there it waits and then replays)
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtextextended(${`idempotency:${userId}:${key}`}, 0)) as locked`,
      ),
    );
    if (!lock?.locked) throw new AppError(409, 'IDEMPOTENCY_IN_FLIGHT', IDEMPOTENCY_MESSAGES.inFlight);
    const [stored] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
    if (stored) {
      if (stored.body_hash !== hash || stored.method !== req.method || stored.path !== path) {
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.reused);
      }
      reply.status(stored.status_code).header('idempotent-replayed', 'true');
      return stored.response;
    }
    const payload = await run();
    // the stored reply is what the handler returns; one that sent the reply itself cannot be replayed
    if (payload === undefined || payload === reply) {
      throw new Error(`${req.method} ${path}: an idempotent route must return its reply, not send it`);
    }
    await tx.insert(idempotencyKeys).values({
      user_id: userId,
      key,
      method: req.method,
      path,
      body_hash: hash,
      status_code: reply.statusCode,
      response: payload,
    });
    return payload;
  });
}

const IDEMPOTENT_ROUTE_NOTE =
  'Honours the `Idempotency-Key` header (1-255 visible characters): a retry with the same key and body gets the first reply with `Idempotent-Replayed: true` and creates nothing; the same key with another body gets 422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_FLIGHT.';

/** Forgets keys older than the keeping time; returns how many. */
export async function purgeIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.created_at, sql`now() - make_interval(days => ${IDEMPOTENCY_KEEP_DAYS})`))
    .returning({ id: idempotencyKeys.id });
  return gone.length;
}

/** Wraps every route declared `idempotent: true`; purges keys older than the keeping time. */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (!(route.config as { idempotent?: boolean } | undefined)?.idempotent) return;
    route.schema = {
      ...route.schema,
      description: [route.schema?.description, IDEMPOTENT_ROUTE_NOTE].filter(Boolean).join(' '),
    };
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function idempotentHandler(req, reply) {
      return runIdempotent(app, req, reply, bodyHash(req.body), async () => handler.call(this, req, reply));
    };
  });

  runPeriodically(app, PURGE_EVERY_MS, 'idempotency key purge', () => purgeIdempotencyKeys(app.database.db));
});
