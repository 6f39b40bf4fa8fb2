import type { TFieldUnit } from '@itms/contracts/field';
import { type DayPlan, dayPlan } from '@itms/contracts/rules/day-plan';
import { useEffect, useRef, useState } from 'react';
import { appDay } from '../lib/timezone';
import type { OutboxItem, StoredSnapshot } from './db';
import { refreshSnapshot } from './snapshot';

/** The month `yyyy-mm` of a moment in the app's time zone. */
export const appMonth = (at: Date | string | number) => appDay(at).slice(0, 7);

/**
 * Tugas on the phone (rules/day-plan.ts, the office's plan): the snapshot's units, less those checked
 * since it was read: his sent checks of the month it lists (not returned: rules/work-done.ts), the
 * checks still on the phone, and `sent`, those that left the phone since (until a newer snapshot has
 * them). As Beranda's 'Cek hari ini', a queued check is dated when it was saved.
 */
export function fieldPlan(
  snapshot: StoredSnapshot,
  queued: readonly OutboxItem[],
  sent: ReadonlyMap<number, number> = new Map(),
  now = Date.now(),
): DayPlan<TFieldUnit> {
  const month = appMonth(now);
  const since = new Set<number>();
  for (const h of snapshot.history) {
    const counts = h.status === 'pending' || h.status === 'approved';
    if (h.kind === 'tire-check' && h.unit_id !== null && counts && appMonth(h.performed_at) === month) {
      since.add(h.unit_id);
    }
  }
  for (const q of queued) {
    if (q.kind === 'tire-check' && appMonth(q.createdAt) === month) since.add(q.unitId);
  }
  for (const [unitId, at] of sent) {
    if (at >= snapshot.savedAt && appMonth(at) === month) since.add(unitId);
  }
  return dayPlan(snapshot.data.units, month, since);
}

/**
 * The units whose queued check left the phone (sent) since the screen opened, with when: they stay
 * done until a snapshot fetched after that lists them, which is fetched at once when there is a signal.
 */
export function useSentChecks(
  userId: number,
  queued: readonly OutboxItem[] | undefined,
  online: boolean,
): ReadonlyMap<number, number> {
  const before = useRef<Map<number, number> | null>(null);
  const [sent, setSent] = useState<ReadonlyMap<number, number>>(new Map());
  useEffect(() => {
    if (!queued) return;
    const now = new Map(
      queued.filter((q) => q.kind === 'tire-check' && q.id !== undefined).map((q) => [q.id!, q.unitId]),
    );
    const left = [...(before.current ?? new Map<number, number>())].filter(([id]) => !now.has(id));
    before.current = now;
    if (left.length === 0) return;
    const at = Date.now();
    setSent((prev) => new Map([...prev, ...left.map(([, unitId]) => [unitId, at] as const)]));
    if (online) void refreshSnapshot(userId).catch(() => undefined);
  }, [queued, online, userId]);
  return sent;
}
