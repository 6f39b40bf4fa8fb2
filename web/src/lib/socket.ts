import type { ClientToServerEvents, ServerToClientEvents } from '@itms/contracts/events';
import type { Socket } from 'socket.io-client';
import { setSocketStatus as setStatus } from './socket-status';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let current: { token: string; socket: AppSocket } | null = null;

/**
 * The one socket.io connection of a signed-in tab, authenticated with the access token.
 * socket.io-client is loaded on demand so that the login page does not download it.
 */
export async function connectSocket(token: string): Promise<AppSocket> {
  if (current?.token === token) return current.socket;
  disconnectSocket();
  setStatus('connecting');
  const { io } = await import('socket.io-client');
  // a logout or another connect may have happened while the library loaded
  if (current?.token === token) return current.socket;
  const socket: AppSocket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  current = { token, socket };
  const mine = () => current?.socket === socket;
  socket.on('connect', () => mine() && setStatus('connected'));
  // a dropped connection is retried by the client: 'Menghubungkan ...' until it is back
  socket.on('disconnect', () => mine() && setStatus(socket.active ? 'connecting' : 'idle'));
  socket.on('connect_error', () => mine() && setStatus(socket.active ? 'connecting' : 'idle'));
  socket.io.on('reconnect_attempt', () => mine() && setStatus('connecting'));
  return socket;
}

export function getSocket(): AppSocket | null {
  return current?.socket ?? null;
}

export function disconnectSocket() {
  current?.socket.disconnect();
  current = null;
  setStatus('idle');
}
