// The office inbox (issue 39, item 2): items fanned out to every office user (admin, staff) who
// receives their kind, one row each so each has his own read state. Producers call `publish`:
// the item is written after the commit of the write that caused it, in the background, retried
// with backoff, and never fails, delays or undoes that write. The rows are the record of what was
// sent to whom and when; each recipient's sockets hear 'inbox-item' so the bell updates live.
import { INBOX_KINDS, type TInboxItem, type TInboxKind, type TInboxPreferences } from '@itms/contracts/inbox';
import type { TListResult } from '@itms/contracts/list';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterCommit } from '../../db/ambient';
import { type Db, rowsOf } from '../../db/client';
import { inboxItems, inboxPreferences } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** An item as a producer announces it. */
export interface InboxMessage {
  kind: TInboxKind;
  title: string;
  body: string;
  /** The back-office screen it opens. */
  link: string;
  /** What it is about: a user gets at most one item with the same key (across processes). */
  dedupeKey?: string;
  /** Who caused it and saw it happen (an import's author): not told again. */
  exceptUserId?: number;
}

export interface InboxOptions {
  /** Tells a user's sockets that an item arrived. */
  notify: (userId: number, item: { id: number; kind: TInboxKind }) => void;
  /** Waits before each retry (the attempts are these plus the first). */
  retryDelaysMs: readonly number[];
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

export interface InboxService {
  /**
   * Fans `message` out once the current transaction (if any) has committed; `make` may read what
   * the items say from the committed data (none, one or several; a retry writes again only what
   * has no row yet when each has a dedupe key). Returns at once; never throws.
   */
  publish(message: InboxMessage | (() => Promise<InboxMessage | readonly InboxMessage[] | null>)): void;
  /** The same, awaited (the periodic sweeps); resolves with the number of items written. */
  deliver(message: InboxMessage): Promise<number>;
  list(
    userId: number,
    q: { page: number; pageSize: number; unread?: boolean },
  ): Promise<TListResult<TInboxItem>>;
  unreadCount(userId: number): Promise<number>;
  /** Marks his item read; 404 when it is not his. Resolves with his unread count. */
  read(userId: number, id: number): Promise<number>;
  readAll(userId: number): Promise<number>;
  preferences(userId: number): Promise<TInboxPreferences>;
  savePreferences(
    userId: number,
    prefs: readonly { kind: TInboxKind; enabled: boolean }[],
  ): Promise<TInboxPreferences>;
  /** Resolves when every delivery under way (retries included) has ended; for tests and shutdown. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export function createInboxService(db: Db, opts: InboxOptions): InboxService {
  const running = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      t.unref();
      timers.add(t);
    });

  async function deliver(m: InboxMessage): Promise<number> {
    // one statement: every office user whose preferences do not turn the kind off; a key already
    // delivered to a user (another process, an earlier sweep) is skipped
    const rows = rowsOf<{ id: number; user_id: number }>(
      await db.execute(sql`
        insert into inbox_items (user_id, kind, title, body, link, dedupe_key)
        select u.id, ${m.kind}, ${m.title}, ${m.body}, ${m.link}, ${m.dedupeKey ?? null}
        from users u
        where u.role in ('admin', 'staff')
          and u.id is distinct from ${m.exceptUserId ?? null}::int
          and not exists (
            select 1 from inbox_preferences p
            where p.user_id = u.id and p.kind = ${m.kind} and not p.enabled
          )
        on conflict (user_id, dedupe_key) do nothing
        returning id, user_id`),
    );
    for (const r of rows) opts.notify(Number(r.user_id), { id: Number(r.id), kind: m.kind });
    return rows.length;
  }

  async function deliverWithRetries(
    make: () => Promise<InboxMessage | readonly InboxMessage[] | null>,
  ): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const made = await make();
        for (const m of made == null ? [] : Array.isArray(made) ? made : [made]) {
          // shutting down: what is not written yet is left (the process stops; nothing waits on it)
          if (closed) return;
          await deliver(m);
        }
        return;
      } catch (err) {
        const wait = opts.retryDelaysMs[attempt];
        if (wait === undefined || closed) {
          opts.log.error({ err, attempts: attempt + 1 }, 'inbox item not delivered');
          return;
        }
        opts.log.warn({ err, attempt: attempt + 1 }, 'inbox item delivery failed; retrying');
        await sleep(wait);
        if (closed) return;
      }
    }
  }

  async function unreadCount(userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(inboxItems)
      .where(and(eq(inboxItems.user_id, userId), isNull(inboxItems.read_at)));
    return Number(row?.n ?? 0);
  }

  async function preferences(userId: number): Promise<TInboxPreferences> {
    const rows = await db
      .select({ kind: inboxPreferences.kind, enabled: inboxPreferences.enabled })
      .from(inboxPreferences)
      .where(eq(inboxPreferences.user_id, userId));
    const off = new Set(rows.filter((r) => !r.enabled).map((r) => r.kind));
    return { preferences: INBOX_KINDS.map((kind) => ({ kind, enabled: !off.has(kind) })) };
  }

  return {
    publish(message) {
      const make = typeof message === 'function' ? message : async () => message;
      afterCommit(() => {
        if (closed) return;
        const p = deliverWithRetries(make).finally(() => running.delete(p));
        running.add(p);
      });
    },
    deliver,
    async list(userId, q) {
      const where = and(eq(inboxItems.user_id, userId), q.unread ? isNull(inboxItems.read_at) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: inboxItems.id,
            kind: inboxItems.kind,
            title: inboxItems.title,
            body: inboxItems.body,
            link: inboxItems.link,
            created_at: inboxItems.created_at,
            read_at: inboxItems.read_at,
          })
          .from(inboxItems)
          .where(where)
          .orderBy(desc(inboxItems.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(inboxItems).where(where),
      ]);
      return {
        data: rows.map((r) => ({ ...r, created_at: iso(r.created_at) ?? '', read_at: iso(r.read_at) })),
        total: Number(total?.n ?? 0),
        page: q.page,
        pageSize: q.pageSize,
      };
    },
    unreadCount,
    async read(userId, id) {
      const [row] = await db
        .update(inboxItems)
        .set({ read_at: sql`coalesce(${inboxItems.read_at}, now())` })
        .where(and(eq(inboxItems.id, id), eq(inboxItems.user_id, userId)))
        .returning({ id: inboxItems.id });
      if (!row) throw notFound('Notifikasi');
      return unreadCount(userId);
    },
    async readAll(userId) {
      await db
        .update(inboxItems)
        .set({ read_at: sql`now()` })
        .where(and(eq(inboxItems.user_id, userId), isNull(inboxItems.read_at)));
      return 0;
    },
    preferences,
    async savePreferences(userId, prefs) {
      for (const p of prefs) {
        await db
          .insert(inboxPreferences)
          .values({ user_id: userId, kind: p.kind, enabled: p.enabled })
          .onConflictDoUpdate({
            target: [inboxPreferences.user_id, inboxPreferences.kind],
            set: { enabled: p.enabled },
          });
      }
      return preferences(userId);
    },
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}
