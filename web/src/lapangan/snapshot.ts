import { fieldEndpoints } from '@itms/contracts/api/field';
import type { TFieldUnit } from '@itms/contracts/field';
import { OPEN_CALL_STATUSES } from '@itms/contracts/rules/storing';
import type { TCallDetail, TCallRow } from '@itms/contracts/storing';
import { call } from '../lib/api-client';
import { appDay } from '../lib/timezone';
import { db, type StoredSnapshot } from './db';

/** How many opened units the phone keeps (the oldest go first). */
const OPENED_KEPT = 30;

/**
 * Fetches what the phone needs offline (units with their tires, locations, projects, returned
 * work) and his recent submissions, and stores them in one write: a failed fetch keeps the old
 * snapshot whole.
 */
export async function refreshSnapshot(userId: number, again = true): Promise<void> {
  const started = Date.now();
  const [data, history] = await Promise.all([
    call(fieldEndpoints.getFieldBootstrap, {}),
    call(fieldEndpoints.listFieldHistory, { query: { page: 1, pageSize: 100 } }),
  ]);
  const kept = await snapshotOf(userId);
  const mine = new Set(data.units.map((u) => u.id));
  const known = new Set([...mine, ...(kept?.opened ?? []).map((u) => u.id)]);
  const [returnedWork, callUnits] = await Promise.all([
    // the returned work whole (a few entries at most), so that it can be redone with no signal
    Promise.all(
      data.returned.map((r) => call(fieldEndpoints.getFieldReturned, { params: { kind: r.kind, id: r.id } })),
    ),
    // a breakdown call's unit outside his projects: its tire map and forms must work offline too
    Promise.all(
      [...new Set(data.calls.map((c) => c.unit_id))]
        .filter((id) => !known.has(id))
        .map((id) => call(fieldEndpoints.getFieldUnit, { params: { id } })),
    ),
  ]);
  const raced = await db.transaction('rw', db.snapshot, async () => {
    const current = await snapshotOf(userId);
    // the units he opened stay, unless they became his own
    const stored = current?.opened ?? [];
    const opened = [...callUnits, ...stored.filter((u) => !callUnits.some((c) => c.id === u.id))]
      .filter((u) => !mine.has(u.id))
      .slice(0, OPENED_KEPT);
    // a step answered while this was fetched is newer than the calls fetched: they would take its
    // card back a step (and a second tap on Tiba would be refused), so the stored calls stay
    const raced = current !== null && (current.callsKeptAt ?? 0) >= started;
    await db.snapshot.put({
      key: 'me',
      userId,
      data: raced ? { ...data, calls: callsOf(current) } : data,
      savedAt: Date.now(),
      history: history.data,
      returnedWork,
      opened,
      ...(current?.callsKeptAt ? { callsKeptAt: current.callsKeptAt } : {}),
    });
    return raced;
  });
  // ... and are fetched once more, after that step
  if (raced && again) await refreshSnapshot(userId, false);
}

/** A unit of the snapshot: one of his own, or one he opened from the search over every unit. */
export function unitOf(snapshot: StoredSnapshot, id: number): TFieldUnit | undefined {
  return snapshot.data.units.find((u) => u.id === id) ?? snapshot.opened?.find((u) => u.id === id);
}

/** A unit that is not of his projects ('di luar proyek Anda'). */
export const isOutsideProjects = (snapshot: StoredSnapshot, id: number) =>
  !snapshot.data.units.some((u) => u.id === id);

/** Fetches a unit found by the search over every unit and keeps it on the phone for offline work. */
export async function openUnit(userId: number, id: number): Promise<void> {
  const unit = await call(fieldEndpoints.getFieldUnit, { params: { id } });
  await db.transaction('rw', db.snapshot, async () => {
    const stored = await snapshotOf(userId);
    if (!stored) return;
    const opened = [unit, ...(stored.opened ?? []).filter((u) => u.id !== id)].slice(0, OPENED_KEPT);
    await db.snapshot.update('me', { opened });
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

/**
 * A breakdown call as the server answered a step of it: it replaces the snapshot's copy; closed,
 * it leaves the list. Runs inside the caller's transaction over db.snapshot.
 */
export async function keepCall(userId: number, answered: TCallDetail): Promise<void> {
  const stored = await snapshotOf(userId);
  if (!stored) return;
  const { events: _events, ...row } = answered;
  const calls = callsOf(stored).filter((c) => c.id !== row.id);
  if (OPEN_CALL_STATUSES.includes(row.status)) {
    calls.push(row);
    calls.sort((a, b) => a.called_at.localeCompare(b.called_at) || a.id - b.id);
  }
  await db.snapshot.update('me', { data: { ...stored.data, calls }, callsKeptAt: Date.now() });
}

/** His open breakdown calls; none in a snapshot stored by a version of the app before Storing. */
export const callsOf = (snapshot: StoredSnapshot): TCallRow[] => snapshot.data.calls ?? [];
