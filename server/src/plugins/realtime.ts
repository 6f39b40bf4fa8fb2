import type { Role } from '@itms/contracts/enums';
import type { ClientToServerEvents, ServerToClientEvents } from '@itms/contracts/events';
import { OFFICE_ROOM, userRoom } from '@itms/contracts/events';
import { createAdapter } from '@socket.io/postgres-adapter';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Server } from 'socket.io';
import { afterCommit } from '../db/ambient';
import { sessions, users } from '../db/schema';
import { OFFICE, roleAllows } from '../lib/roles';
import type { AuthService } from '../modules/auth/auth.service';
import { PUBLIC_BODY_LIMIT } from './input-guard';

/** Between server processes: re-check one user's sockets (see `recheckUser`). */
interface InterServerEvents {
  'recheck-user': (
    userId: number,
    live: string[],
    office: boolean,
    asOf: number,
    reason?: SessionClearReason,
  ) => void;
}

interface SocketData {
  sessionId: string;
  userId: number;
  role: Role;
  /** When the handshake authenticated (epoch ms): a recheck read before it says nothing about it. */
  connectedAt: number;
}

export type Io = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface Realtime {
  toOffice<E extends keyof ServerToClientEvents>(
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  toUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * Brings a user's sockets, on every server process, in line with the database once the caller's
   * change has committed: sockets of sessions that ended are told (`session-clear` with `reason`)
   * and disconnected; the live ones join or leave the office room by the user's current role.
   * Call it after anything that ends sessions or changes a role; nothing ended, nothing is sent.
   */
  recheckUser(userId: number, reason?: SessionClearReason): void;
  close(): Promise<void>;
}

type SessionClearReason = Parameters<ServerToClientEvents['session-clear']>[0]['reason'];

/**
 * socket.io on the API's own HTTP server, authenticated with the same token. On PostgreSQL the
 * postgres adapter relays events between server processes through NOTIFY.
 */
export function attachRealtime(app: FastifyInstance, auth: AuthService, pool?: pg.Pool): Realtime {
  const io: Io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // clients send nothing but the handshake (its token): an HTTP request of the polling transport,
    // made before any sign-in, reads no more than any other anonymous request (1 MB by default)
    maxHttpBufferSize: PUBLIC_BODY_LIMIT,
  });
  if (pool) io.adapter(createAdapter(pool, { tableName: 'socket_io_attachments' }));

  io.use(async (socket, next) => {
    const { token } = socket.handshake.auth as { token?: string };
    const header = socket.handshake.headers.access_token;
    const ctx = await auth
      .authenticate(token ?? (typeof header === 'string' ? header : ''))
      .catch(() => null);
    if (!ctx) return next(new Error('unauthorized'));
    socket.data = {
      sessionId: ctx.sessionId,
      userId: ctx.user.id,
      role: ctx.user.role,
      connectedAt: Date.now(),
    };
    next();
  });

  io.on('connection', async (socket) => {
    const { sessionId, userId, role } = socket.data;
    socket.join(userRoom(userId));
    if (roleAllows(OFFICE, role)) socket.join(OFFICE_ROOM);
    // the session may have ended while the handshake ran: a disconnect broadcast then would have
    // missed this socket (not connected yet); from here on a recheck catches any later one
    const rows = await app.database.db
      .select({ role: users.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)))
      .catch((err: unknown) => {
        // the handshake has just authenticated this session: a failed read is no reason to sign
        // a working user out; a later end of the session still reaches the socket
        app.log.error({ err, userId }, 'socket session check failed');
        return null;
      });
    if (!rows) return;
    const [row] = rows;
    if (!row) {
      socket.emit('session-clear', { reason: 'revoked' });
      socket.disconnect(true);
    } else if (row.role !== role) {
      if (roleAllows(OFFICE, row.role as Role)) socket.join(OFFICE_ROOM);
      else socket.leave(OFFICE_ROOM);
    }
  });

  /**
   * This process's part of a recheck, all local and synchronous: `session-clear` is written before
   * the disconnect (two cluster-wide operations would each wait for their own NOTIFY and could
   * arrive in either order, losing the message). Sockets that connected after the sessions were
   * read (`asOf`) are left alone: their session is newer than the read, and their own check on
   * connection saw the database after the change being applied here.
   */
  function applyRecheck(
    userId: number,
    live: string[],
    office: boolean,
    asOf: number,
    reason?: SessionClearReason,
  ) {
    const liveSessions = new Set(live);
    for (const socket of io.of('/').sockets.values()) {
      if (socket.data.userId !== userId || socket.data.connectedAt > asOf) continue;
      if (!liveSessions.has(socket.data.sessionId)) {
        if (reason) socket.emit('session-clear', { reason });
        socket.disconnect(true);
      } else if (office) socket.join(OFFICE_ROOM);
      else socket.leave(OFFICE_ROOM);
    }
  }
  io.on('recheck-user', applyRecheck);

  async function recheck(userId: number, reason?: SessionClearReason): Promise<void> {
    const asOf = Date.now();
    const rows = await app.database.db
      .select({ role: users.role, sessionId: sessions.id })
      .from(users)
      .leftJoin(sessions, and(eq(sessions.user_id, users.id), isNull(sessions.revoked_at)))
      .where(eq(users.id, userId));
    // a deleted user has no row: every socket of his goes
    const role = rows[0]?.role as Role | undefined;
    const office = role !== undefined && roleAllows(OFFICE, role);
    const live = rows.flatMap((r) => (r.sessionId ? [r.sessionId] : []));
    applyRecheck(userId, live, office, asOf, reason);
    // the other server processes do the same with their sockets (postgres adapter: NOTIFY)
    if (pool) io.serverSideEmit('recheck-user', userId, live, office, asOf, reason);
  }

  return {
    // sent once the request's transaction has committed: a client that refetches finds the record
    toOffice: (event, ...args) => afterCommit(() => io.to(OFFICE_ROOM).emit(event, ...args)),
    toUser: (userId, event, ...args) => afterCommit(() => io.to(userRoom(userId)).emit(event, ...args)),
    recheckUser: (userId, reason) =>
      afterCommit(() => {
        recheck(userId, reason).catch((err) => app.log.error({ err, userId }, 'socket recheck failed'));
      }),
    // not io.close(): that would also close the HTTP server, which Fastify owns
    close: async () => {
      io.disconnectSockets(true);
      io.engine.close();
      await io.of('/').adapter.close();
    },
  };
}
