import { fieldEndpoints } from '@itms/contracts/api/field';
import { call } from '../lib/api-client';
import { appDay } from '../lib/timezone';
import { db, type StoredSnapshot } from './db';

/**
 * Fetches what the phone needs offline (units with their tires, locations, projects, returned
 * work) and his recent submissions, and stores them in one write: a failed fetch keeps the old
 * snapshot whole.
 */
export async function refreshSnapshot(userId: number): Promise<void> {
  const [data, history] = await Promise.all([
    call(fieldEndpoints.getFieldBootstrap, {}),
    call(fieldEndpoints.listFieldHistory, { query: { page: 1, pageSize: 100 } }),
  ]);
  // the returned work whole (a few entries at most), so that it can be redone with no signal
  const returnedWork = await Promise.all(
    data.returned.map((r) => call(fieldEndpoints.getFieldReturned, { params: { kind: r.kind, id: r.id } })),
  );
  await db.snapshot.put({
    key: 'me',
    userId,
    data,
    savedAt: Date.now(),
    history: history.data,
    returnedWork,
  });
}

/** The stored snapshot when it is this tire man's (another one's is not shown, nor kept). */
export async function snapshotOf(userId: number): Promise<StoredSnapshot | null> {
  const stored = await db.snapshot.get('me');
  return stored?.userId === userId ? stored : null;
}

/** His checks dated today: those the server has and those still on the phone. */
export function checksToday(snapshot: StoredSnapshot, queuedCheckTimes: readonly number[]): number {
  const today = appDay(Date.now());
  const sent = snapshot.history.filter((h) => h.kind === 'tire-check' && appDay(h.performed_at) === today);
  return sent.length + queuedCheckTimes.filter((t) => appDay(t) === today).length;
}
