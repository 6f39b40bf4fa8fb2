import type { ClientToServerEvents, ServerToClientEvents } from '@itms/contracts/events';
import { OFFICE_ROOM, userRoom } from '@itms/contracts/events';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Server } from 'socket.io';
import { afterCommit } from '../db/ambient';
import { OFFICE, roleAllows } from '../lib/roles';
import type { AuthService } from '../modules/auth/auth.service';

export type Io = Server<ClientToServerEvents, ServerToClientEvents>;

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
  close(): Promise<void>;
}

/**
 * socket.io on the API's own HTTP server, authenticated with the same token. On PostgreSQL the
 * postgres adapter relays events between server processes through NOTIFY.
 */
export function attachRealtime(app: FastifyInstance, auth: AuthService, pool?: pg.Pool): Realtime {
  const io: Io = new Server(app.server, { path: '/socket.io', serveClient: false });
  if (pool) io.adapter(createAdapter(pool, { tableName: 'socket_io_attachments' }));

  io.use(async (socket, next) => {
    const { token } = socket.handshake.auth as { token?: string };
    const header = socket.handshake.headers.access_token;
    const ctx = await auth
      .authenticate(token ?? (typeof header === 'string' ? header : ''))
      .catch(() => null);
    if (!ctx) return next(new Error('unauthorized'));
    socket.join(userRoom(ctx.user.id));
    if (roleAllows(OFFICE, ctx.user.role)) socket.join(OFFICE_ROOM);
    next();
  });

  return {
    // sent once the request's transaction has committed: a client that refetches finds the record
    toOffice: (event, ...args) => afterCommit(() => io.to(OFFICE_ROOM).emit(event, ...args)),
    toUser: (userId, event, ...args) => afterCommit(() => io.to(userRoom(userId)).emit(event, ...args)),
    // not io.close(): that would also close the HTTP server, which Fastify owns
    close: async () => {
      io.disconnectSockets(true);
      io.engine.close();
      await io.of('/').adapter.close();
    },
  };
}
