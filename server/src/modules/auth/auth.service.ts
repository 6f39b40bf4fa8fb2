import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { TLoginReply, TSessionUser } from '@itms/contracts/auth';
import type { Role } from '@itms/contracts/enums';
import { USER_ALREADY_LOGIN } from '@itms/contracts/errors';
import { and, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  customers,
  loginFailures,
  passwordResets,
  pushSubscriptions,
  sessions,
  users,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, pgCode, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword, verifyPasswordOrDummy, warmDummyHash } from '../../lib/password';
import { assertPasswordAllowed } from '../../lib/password-policy';
import { normalizePhone } from '../../lib/phone';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const FAILURE_WINDOW_MINUTES = 15;
/** Refresh last_seen_at at most this often, so reads do not all turn into writes. */
const TOUCH_AFTER_MS = 60_000;
/** Forgot-password requests allowed per WhatsApp number and per address in the window, then 429. */
const RESET_REQUESTS_PER_NUMBER = 3;
const RESET_REQUESTS_PER_ADDRESS = 10;
const RESET_REQUEST_WINDOW_MINUTES = 15;
/** Attempt rows older than every window above count for nothing: they are pruned. */
const ATTEMPT_ROWS_KEEP_MINUTES = Math.max(FAILURE_WINDOW_MINUTES, RESET_REQUEST_WINDOW_MINUTES);

const sessionUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  phone: users.phone,
  photo: users.photo,
  signature: users.signature,
  department: users.department,
};

/**
 * Ends every active session of a user inside the caller's transaction, so that a password or role
 * change and the revocation commit together (a crash in between cannot leave old sessions alive).
 */
export async function revokeSessionsInTx(
  tx: DbOrTx,
  userId: number,
  byUserId: number | null,
): Promise<number> {
  const rows = await tx
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  await audit(tx, { userId: byUserId, action: 'revoke-sessions', entity: 'user', entityId: userId });
  return rows.length;
}

/**
 * Ends the user's active sessions other than `keepSessionId` inside the caller's transaction (a
 * password change: the other devices sign in again, this one stays). Returns how many it ended.
 */
export async function revokeOtherSessionsInTx(
  tx: DbOrTx,
  userId: number,
  keepSessionId: string,
): Promise<number> {
  const rows = await tx
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Cancels every live reset link of a user inside the caller's transaction (marked used): a
 * password set by any path (reset link, profile, admin edit) ends the links sent before it.
 */
export async function cancelPasswordResetsInTx(tx: DbOrTx, userId: number): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ used_at: new Date() })
    .where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.used_at)));
}

/**
 * The address a login's failures are counted under: IPv4 as is, IPv6 by its /64 (one subscriber
 * holds a whole /64, and every address of it must not buy a fresh attempt).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return ip;
  const [head = '', tail] = bare.split('::');
  const front = head ? head.split(':') : [];
  const groups = tail === undefined ? front : [...front, '0', '0', '0', '0'];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export interface AuthContext {
  user: TSessionUser;
  sessionId: string;
  /** A customer account's customer (role 'customer'); null for every other role. */
  customerId: number | null;
}

export interface AuthServiceOptions {
  /** Idle minutes after which an office session (admin, staff) ends. */
  sessionIdleMinutes: number;
  /** Idle minutes after which a tire man's session ends: a phone in the field stays signed in longer. */
  sessionIdleMinutesField: number;
  /** Failed logins per account and per address in FAILURE_WINDOW_MINUTES before 429. */
  loginRateLimit: number;
  /** Hours after which a session ends however busy it is (SESSION_MAX_HOURS). */
  sessionMaxHours: number;
  /** Called when a user's sessions end, to tell that user's open pages. */
  onSessionCleared?: (userId: number, reason: 'logout' | 'revoked' | 'expired') => void;
}

const alreadyLoggedIn = () =>
  new AppError(
    409,
    'ALREADY_LOGGED_IN',
    'Akun sedang digunakan atau Login di perangkat lain',
    USER_ALREADY_LOGIN,
  );

export function createAuthService(db: Db, opts: AuthServiceOptions) {
  const idleMs = opts.sessionIdleMinutes * 60_000;
  const fieldIdleMs = opts.sessionIdleMinutesField * 60_000;
  const idleMsOf = (role: string) => (role === 'tire-man' ? fieldIdleMs : idleMs);
  const isIdle = (role: string, lastSeen: Date, now: Date) =>
    now.getTime() - lastSeen.getTime() > idleMsOf(role);
  const maxAgeMs = opts.sessionMaxHours * 3_600_000;
  const isTooOld = (createdAt: Date, now: Date) => now.getTime() - createdAt.getTime() > maxAgeMs;
  // an unknown email is checked against it: made now, not during the first login
  warmDummyHash();

  const rateLimited = () =>
    new AppError(
      429,
      'RATE_LIMITED',
      `Terlalu banyak percobaan login gagal. Coba lagi dalam ${FAILURE_WINDOW_MINUTES} menit.`,
    );

  /**
   * How many rows each of two keys has in `login_failures` since `since`, counted under a lock per
   * key taken in hash order (so two requests never wait on each other's second lock): requests sent
   * at once cannot all read the same count and all pass the limit. The caller books in the same
   * transaction.
   */
  async function countUnderLock(
    tx: DbOrTx,
    [first, second]: [string, string],
    since: Date,
  ): Promise<[number, number]> {
    await tx.execute(sql`select pg_advisory_xact_lock(h) from (
      select distinct hashtextextended(k, 0) as h from unnest(array[${first}, ${second}]::text[]) k
      order by h) locks`);
    const [counted] = await tx
      .select({
        first: sql<number>`count(*) filter (where ${loginFailures.key} = ${first})`.mapWith(Number),
        second: sql<number>`count(*) filter (where ${loginFailures.key} = ${second})`.mapWith(Number),
      })
      .from(loginFailures)
      .where(and(inArray(loginFailures.key, [first, second]), gt(loginFailures.created_at, since)));
    return [counted?.first ?? 0, counted?.second ?? 0];
  }

  /** Forgets the attempt rows no window looks at any more (addresses that never come back). */
  async function pruneAttempts(): Promise<number> {
    const keepSince = new Date(Date.now() - ATTEMPT_ROWS_KEEP_MINUTES * 60_000);
    const gone = await db
      .delete(loginFailures)
      .where(lt(loginFailures.created_at, keepSince))
      .returning({ id: loginFailures.id });
    return gone.length;
  }

  /**
   * Books a login attempt as a failure of the account and of the address before the password is
   * checked (a correct password takes it back): counted and booked under a lock per key, so
   * attempts sent at once cannot all read the same count and be evaluated past the limit. An
   * address at the limit is refused. A locked account (at the limit) is still open to an address
   * without failures, so that guessing from elsewhere cannot keep its owner out; once that address
   * fails too, it is refused like the others. Null when refused.
   */
  async function reserveAttempt(
    accountKey: string,
    ipKey: string,
    { lockedEverywhere = false } = {},
  ): Promise<{ ids: number[]; accountFailures: number } | null> {
    const since = new Date(Date.now() - FAILURE_WINDOW_MINUTES * 60_000);
    return db.transaction(async (tx) => {
      const [account, address] = await countUnderLock(tx, [accountKey, ipKey], since);
      if (address >= opts.loginRateLimit) return null;
      if (account >= opts.loginRateLimit && (address > 0 || lockedEverywhere)) return null;
      const rows = await tx
        .insert(loginFailures)
        .values([{ key: accountKey }, { key: ipKey }])
        .returning({ id: loginFailures.id });
      return { ids: rows.map((r) => r.id), accountFailures: account };
    });
  }

  /**
   * Opens the user's one session. An active session refuses the login (409), except one opened
   * from the same device (`deviceId`, sent by the phone app) or one the user chose to end
   * (`takeover`, 'Keluarkan sesi lain', with the password checked like any login): that one is
   * replaced, and its open pages are told.
   */
  async function login(
    email: string,
    password: string,
    ip: string,
    userAgent: string,
    deviceId?: string,
    takeover = false,
  ): Promise<TLoginReply> {
    const reserved = await reserveAttempt(`email:${email.toLowerCase()}`, `ip:${addressKey(ip)}`);
    if (!reserved) throw rateLimited();
    const [found] = await db
      .select({ ...sessionUserColumns, password_hash: users.password_hash })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    // an unknown email is checked against a dummy hash: the same work, the same answer time
    const valid = await verifyPasswordOrDummy(password, found?.password_hash);
    if (!found || !valid) {
      // the booked attempt stays as the failure; the one that reaches the limit locks the account
      if (found && reserved.accountFailures + 1 === opts.loginRateLimit) {
        await audit(db, {
          userId: null,
          action: 'login-lockout',
          entity: 'user',
          entityId: found.id,
          detail: { ip, failures: opts.loginRateLimit, minutes: FAILURE_WINDOW_MINUTES },
        });
      }
      throw unauthorized('Email atau password salah');
    }
    await db.delete(loginFailures).where(inArray(loginFailures.id, reserved.ids));
    const { password_hash: _, ...user } = found;
    const now = new Date();
    const token = randomBytes(32).toString('base64url');
    const sessionId = randomUUID();
    let replaced = false;
    let ended = false;
    try {
      await db.transaction(async (tx) => {
        const [active] = await tx
          .select({
            id: sessions.id,
            created_at: sessions.created_at,
            last_seen_at: sessions.last_seen_at,
            device_id: sessions.device_id,
          })
          .from(sessions)
          .where(and(eq(sessions.user_id, user.id), isNull(sessions.revoked_at)))
          .for('update');
        if (active) {
          const sameDevice = deviceId !== undefined && active.device_id === deviceId;
          // a session past its maximum lifetime has ended, like an idle one
          const idle = isIdle(user.role, active.last_seen_at, now) || isTooOld(active.created_at, now);
          if (!sameDevice && !idle && !takeover) throw alreadyLoggedIn();
          // revoked before the insert: the one-active-session index holds at every statement
          await tx.update(sessions).set({ revoked_at: now }).where(eq(sessions.id, active.id));
          ended = true;
          replaced = sameDevice || !idle;
          if (!sameDevice && !idle) {
            // the user ended a live session elsewhere: said in the audit log, by session ids only
            await audit(tx, {
              userId: user.id,
              action: 'session-takeover',
              entity: 'session',
              entityId: active.id,
              detail: { replaced: active.id, by: sessionId },
            });
          }
        }
        await tx.insert(sessions).values({
          id: sessionId,
          user_id: user.id,
          token_hash: sha256(token),
          ip,
          user_agent: userAgent.slice(0, 300),
          device_id: deviceId ?? null,
        });
        // the same phone signing in again keeps its notifications: they move to the new session
        if (active && replaced && deviceId !== undefined && active.device_id === deviceId) {
          await tx
            .update(pushSubscriptions)
            .set({ session_id: sessionId })
            .where(eq(pushSubscriptions.session_id, active.id));
        }
        await audit(tx, {
          userId: user.id,
          action: 'login',
          entity: 'session',
          entityId: sessionId,
          // the session it replaced, by id only: the device id stays out of logs and audit lines
          ...(replaced && active ? { detail: { replaced: active.id } } : {}),
        });
      });
    } catch (err) {
      // two logins racing: the partial unique index lets exactly one through
      if (pgCode(err) === '23505') throw alreadyLoggedIn();
      throw err;
    }
    // the ended session's open pages (the same phone's old tab or app, the other browser, an idle
    // tab still connected) sign out; sent before this reply, so no socket of the new session
    // exists yet to hear it
    if (ended) opts.onSessionCleared?.(user.id, 'revoked');
    return {
      access_token: token,
      payload: { session: sessionId, user: { ...user, role: user.role as Role } },
    };
  }

  /**
   * Checks the current password of a signed-in user (Profil: 'Ubah password') under the login's
   * limit: failures are booked per account and per address in the same table and window, under the
   * same lock, so at most LOGIN_RATE_LIMIT wrong ones are ever checked, even sent at once; then 429.
   * A right password takes its booking back. Unlike a login, a locked account is locked from every
   * address: whoever asks already holds the account's session, which is what the limit guards.
   */
  async function verifyCurrentPassword(
    userId: number,
    ip: string,
    password: string,
    hash: string,
  ): Promise<boolean> {
    const reserved = await reserveAttempt(`password-user:${userId}`, `password-ip:${addressKey(ip)}`, {
      lockedEverywhere: true,
    });
    if (!reserved) {
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Terlalu banyak percobaan password lama yang salah. Coba lagi dalam ${FAILURE_WINDOW_MINUTES} menit.`,
      );
    }
    const valid = await verifyPassword(password, hash);
    if (valid) await db.delete(loginFailures).where(inArray(loginFailures.id, reserved.ids));
    return valid;
  }

  // every request runs it: built once, and PostgreSQL plans it once per connection
  const sessionByTokenHash = db
    .select({
      sessionId: sessions.id,
      created_at: sessions.created_at,
      last_seen_at: sessions.last_seen_at,
      customer_id: users.customer_id,
      ...sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, sql.placeholder('hash')), isNull(sessions.revoked_at)))
    .prepare('session_by_token_hash');

  /**
   * The user behind a token, or null when the token is unknown, revoked or idle too long. A
   * session older than SESSION_MAX_HOURS ends however busy it is: 401 with its own message.
   */
  async function authenticate(token: string): Promise<AuthContext | null> {
    const [row] = await sessionByTokenHash.execute({ hash: sha256(token) });
    if (!row) return null;
    const now = new Date();
    const { sessionId, created_at, last_seen_at, customer_id, ...user } = row;
    const tooOld = isTooOld(created_at, now);
    if (tooOld || isIdle(user.role, last_seen_at, now)) {
      await db.update(sessions).set({ revoked_at: now }).where(eq(sessions.id, sessionId));
      opts.onSessionCleared?.(user.id, 'expired');
      if (tooOld) {
        throw unauthorized(
          `Sesi sudah berjalan lebih dari ${opts.sessionMaxHours} jam, silakan login kembali`,
        );
      }
      return null;
    }
    if (now.getTime() - last_seen_at.getTime() > TOUCH_AFTER_MS) {
      await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, sessionId));
    }
    return { sessionId, user: { ...user, role: user.role as Role }, customerId: customer_id };
  }

  async function logout(ctx: AuthContext): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, ctx.sessionId));
      await audit(tx, { userId: ctx.user.id, action: 'logout', entity: 'session', entityId: ctx.sessionId });
    });
    opts.onSessionCleared?.(ctx.user.id, 'logout');
  }

  /** Ends every active session of a user (admin "force logout"). */
  async function revokeUserSessions(userId: number, byUserId: number | null): Promise<number> {
    const revoked = await db.transaction((tx) => revokeSessionsInTx(tx, userId, byUserId));
    sessionsRevoked(userId);
    return revoked;
  }

  /** Tells a user's open pages that their sessions ended; call after the revoking transaction commits. */
  function sessionsRevoked(userId: number): void {
    opts.onSessionCleared?.(userId, 'revoked');
  }

  /**
   * Counts a forgot-password request against the number and the address, and refuses it (429)
   * past either limit. Counted and booked under a lock per key, so requests sent at once cannot all
   * read the same count: no more than the limit ever pass. A refused request books nothing, so
   * asking again and again does not push the wait further.
   */
  async function limitResetRequests(phone: string, ip: string): Promise<void> {
    const numberKey = `reset-phone:${phone}`;
    // an IPv6 address counts by its /64, as for logins
    const ipKey = `reset-ip:${addressKey(ip)}`;
    const since = new Date(Date.now() - RESET_REQUEST_WINDOW_MINUTES * 60_000);
    const allowed = await db.transaction(async (tx) => {
      const [perNumber, perAddress] = await countUnderLock(tx, [numberKey, ipKey], since);
      if (perNumber >= RESET_REQUESTS_PER_NUMBER || perAddress >= RESET_REQUESTS_PER_ADDRESS) return false;
      // the rate-limit rows share the login failures' table: a key and a time, nothing else
      await tx.insert(loginFailures).values([{ key: numberKey }, { key: ipKey }]);
      return true;
    });
    if (!allowed) {
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Terlalu banyak permintaan reset password. Coba lagi dalam ${RESET_REQUEST_WINDOW_MINUTES} menit.`,
      );
    }
  }

  /**
   * Forgot password: a new reset link, valid `ttlMinutes`, for the account with this WhatsApp
   * number; it replaces the account's previous link (one live link per account). Null when no
   * account has the number: the caller answers the same either way. Limited per number and per
   * address before anything is looked up, for registered and unregistered numbers alike.
   */
  async function createPasswordReset(
    phone: string,
    ip: string,
    ttlMinutes: number,
  ): Promise<{ userId: number; name: string; token: string } | null> {
    const normalized = normalizePhone(phone);
    await limitResetRequests(normalized, ip);
    const link = await issuePasswordLink(eq(users.phone, normalized), ttlMinutes);
    return link && { userId: link.id, name: link.name, token: link.token };
  }

  /**
   * An admin's invitation: a set-password link for the account `userId`, valid `ttlMinutes`,
   * replacing its previous link; with what the WhatsApp text needs. Null for an unknown account.
   */
  async function createInvite(userId: number, ttlMinutes: number) {
    return issuePasswordLink(eq(users.id, userId), ttlMinutes);
  }

  /** Withdraws an account's live links (an invitation that could not be sent). */
  async function cancelPasswordLinks(userId: number): Promise<void> {
    await cancelPasswordResetsInTx(db, userId);
  }

  /** A new one-time password link for the account `which` selects; its previous links end. */
  async function issuePasswordLink(which: SQL, ttlMinutes: number) {
    const token = randomBytes(32).toString('base64url');
    return db.transaction(async (tx) => {
      // the account row locked: two requests at once still leave exactly one live link
      const [user] = await tx
        .select({ id: users.id, name: users.name, phone: users.phone, customer: customers.name })
        .from(users)
        .leftJoin(customers, eq(customers.id, users.customer_id))
        .where(which)
        .limit(1)
        .for('update', { of: users });
      if (!user) return null;
      await cancelPasswordResetsInTx(tx, user.id);
      const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
      await tx.insert(passwordResets).values({
        user_id: user.id,
        token_hash: sha256(token),
        expires_at: expiresAt,
      });
      return { ...user, token, expiresAt };
    });
  }

  /**
   * Sets a new password with a reset link's token. The link works once; it and every other link of
   * the account end, and so do the account's sessions (their open pages are told).
   */
  async function resetPassword(token: string, password: string): Promise<void> {
    const userId = await db.transaction(async (tx) => {
      const now = new Date();
      const [reset] = await tx
        .select()
        .from(passwordResets)
        .where(and(eq(passwordResets.token_hash, sha256(token)), isNull(passwordResets.used_at)))
        .for('update');
      if (!reset || reset.expires_at <= now) {
        throw new AppError(
          400,
          'RESET_TOKEN_INVALID',
          'Tautan reset password tidak berlaku atau sudah kedaluwarsa',
        );
      }
      // after the link is known good: a dead link is said first, before any choice of password
      const [owner] = await tx
        .select({ name: users.name, email: users.email, phone: users.phone, nik: users.nik })
        .from(users)
        .where(eq(users.id, reset.user_id));
      await assertPasswordAllowed(password, owner ?? {});
      await cancelPasswordResetsInTx(tx, reset.user_id);
      await tx
        .update(users)
        .set({ password_hash: await hashPassword(password) })
        .where(eq(users.id, reset.user_id));
      await tx
        .update(sessions)
        .set({ revoked_at: now })
        .where(and(eq(sessions.user_id, reset.user_id), isNull(sessions.revoked_at)));
      await audit(tx, {
        userId: reset.user_id,
        action: 'reset-password',
        entity: 'user',
        entityId: reset.user_id,
      });
      return reset.user_id;
    });
    opts.onSessionCleared?.(userId, 'revoked');
  }

  /**
   * The oldest `last_seen_at` a live session of the user may have at `now`: the role's idle limit
   * (SQL over the session's user, for the queries that read many sessions at once).
   */
  function idleCutoff(now: number): SQL {
    const since = new Date(now - idleMs).toISOString();
    const fieldSince = new Date(now - fieldIdleMs).toISOString();
    return sql`case when ${sessions.user_id} in (select id from users where role = 'tire-man')
      then ${fieldSince}::timestamptz else ${since}::timestamptz end`;
  }

  /** Whether a user has a live session (the "Online" column of the Tire Man list). */
  async function onlineUserIds(): Promise<Set<number>> {
    const now = Date.now();
    const rows = await db
      .select({ user_id: sessions.user_id })
      .from(sessions)
      .where(
        and(
          isNull(sessions.revoked_at),
          gt(sessions.created_at, new Date(now - maxAgeMs)),
          sql`${sessions.last_seen_at} > ${idleCutoff(now)}`,
        ),
      );
    return new Set(rows.map((r) => r.user_id));
  }

  /**
   * Ends every session past its idle limit or SESSION_MAX_HOURS, as its next request would, and
   * tells its open pages ('expired'): a tab that only listens on its socket and sends nothing over
   * HTTP is cut off too. Each server process runs it every SESSION_SWEEP_MS: one statement over
   * the active sessions (one per user at most), and the process whose UPDATE ended a session
   * is the one that tells every process (NOTIFY); the others find nothing left to end.
   */
  async function expireIdleSessions(): Promise<number> {
    const now = Date.now();
    const ended = await db
      .update(sessions)
      .set({ revoked_at: new Date(now) })
      .where(
        and(
          isNull(sessions.revoked_at),
          or(
            lt(sessions.created_at, new Date(now - maxAgeMs)),
            sql`${sessions.last_seen_at} < ${idleCutoff(now)}`,
          ),
        ),
      )
      .returning({ userId: sessions.user_id });
    for (const userId of new Set(ended.map((r) => r.userId))) opts.onSessionCleared?.(userId, 'expired');
    return ended.length;
  }

  return {
    login,
    verifyCurrentPassword,
    authenticate,
    logout,
    revokeUserSessions,
    sessionsRevoked,
    createPasswordReset,
    createInvite,
    cancelPasswordLinks,
    resetPassword,
    onlineUserIds,
    expireIdleSessions,
    pruneAttempts,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
