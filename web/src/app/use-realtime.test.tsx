import { API } from '@itms/contracts/api';
import type { ServerToClientEvents } from '@itms/contracts/events';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage';
import {
  emptyPortal,
  emptyWorkshopQueue,
  mockApi,
  renderApp,
  replyTo,
  signIn,
  testUser,
} from '../test/render-app';

type Listener = (...args: unknown[]) => void;
const fakeSocket = vi.hoisted(() => {
  const listeners = new Map<string, Set<Listener>>();
  return {
    listeners,
    on(event: string, fn: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(fn);
    },
    off(event: string, fn: Listener) {
      listeners.get(event)?.delete(fn);
    },
    emit(event: string, ...args: unknown[]) {
      for (const fn of listeners.get(event) ?? []) fn(...args);
    },
    disconnect: vi.fn(),
  };
});

vi.mock('../lib/socket', () => ({
  connectSocket: vi.fn(async () => fakeSocket),
  disconnectSocket: vi.fn(),
  getSocket: vi.fn(() => fakeSocket),
}));

const sound = vi.hoisted(() => ({ play: vi.fn() }));
vi.mock('../lib/notify-sound', () => ({ playNotificationSound: sound.play }));

afterEach(() => {
  vi.unstubAllGlobals();
  fakeSocket.listeners.clear();
  sound.play.mockClear();
});

function emit<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
  fakeSocket.emit(event, ...args);
}

async function signedInAt(path: string) {
  signIn('staff');
  mockApi([replyTo(API.getCredential, () => ({ body: testUser('staff') }))]);
  const utils = renderApp(path);
  await screen.findByRole('heading', { level: 2 });
  const { connectSocket } = await import('../lib/socket');
  await waitFor(() => expect(connectSocket).toHaveBeenCalledWith('token-staff'));
  await waitFor(() => expect(fakeSocket.listeners.get('session-clear')?.size).toBe(1));
  return utils;
}

describe('socket events', () => {
  it("'session-clear' signs out and shows 'Sesi Anda telah diakhiri' on /login", async () => {
    const { router } = await signedInAt('/validasi');
    emit('session-clear', { reason: 'revoked' });
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('Sesi Anda telah diakhiri')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("'new-missmatch' opens the BKB list from the dashboard", async () => {
    const { router } = await signedInAt('/');
    emit('new-missmatch', { id: 5 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/mismatch'));
  });

  it("'new-missmatch' elsewhere leaves the user there with a chime and 'Buka BKB', which opens the list", async () => {
    const { router } = await signedInAt('/validasi');
    emit('new-missmatch', { id: 5 });
    const open = await screen.findByRole('button', { name: 'Buka BKB' });
    expect(screen.getByText('BKB baru masuk')).toBeTruthy();
    expect(sound.play).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/validasi');
    fireEvent.click(open);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mismatch'));
  });

  it("'new-notification' plays the chime and refreshes loaded data", async () => {
    const { queryClient } = await signedInAt('/');
    const refresh = vi.spyOn(queryClient, 'invalidateQueries');
    emit('new-notification', { kind: 'tire-check', id: 9 });
    expect(sound.play).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it.each([
    {
      role: 'workshop',
      home: '/tanda-tangan',
      heading: 'Tanda Tangan Workshop',
      replies: [emptyWorkshopQueue()],
    },
    { role: 'customer', home: '/portal', heading: 'Armada PT Sinar Tambang', replies: emptyPortal() },
  ] as const)(
    "the $role role hears 'session-clear' only: no BKB notice, no chime (the office's events)",
    async ({ role, home, heading, replies }) => {
      signIn(role);
      mockApi([replyTo(API.getCredential, () => ({ body: testUser(role) })), ...replies]);
      const { router } = renderApp(home);
      await screen.findByRole('heading', { name: heading, level: 2 });
      await waitFor(() => expect(fakeSocket.listeners.get('session-clear')?.size).toBe(1));
      expect(fakeSocket.listeners.get('new-missmatch')?.size ?? 0).toBe(0);
      expect(fakeSocket.listeners.get('new-notification')?.size ?? 0).toBe(0);
      emit('new-missmatch', { id: 5 });
      emit('new-notification', { kind: 'tire-check', id: 9 });
      expect(screen.queryByText('BKB baru masuk')).toBeNull();
      expect(sound.play).not.toHaveBeenCalled();
      expect(router.state.location.pathname).toBe(home);

      emit('session-clear', { reason: 'revoked' });
      await screen.findByRole('button', { name: 'Login' });
      expect(router.state.location.pathname).toBe('/login');
    },
  );
});
