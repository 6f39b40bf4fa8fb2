import type { TFieldHistoryRow, TFieldUnit } from '@itms/contracts/field';
import { describe, expect, it } from 'vitest';
import type { OutboxItem, StoredSnapshot } from './db';
import { fieldPlan } from './tugas';

const NOW = Date.parse('2026-12-06T03:00:00Z'); // 6 Dec, 10.00 WIB
const unit = (id: number, last_done_on: string | null) =>
  ({ id, plate_number: `B ${id}`, last_done_on, checked_this_month: false }) as TFieldUnit;
const sent = (unit_id: number, performed_at: string, status: TFieldHistoryRow['status']) =>
  ({
    kind: 'tire-check',
    id: unit_id,
    unit_id,
    plate_number: '',
    serial_number: null,
    performed_at,
    status,
    return_reason: null,
  }) as TFieldHistoryRow;
const snapshot = (history: TFieldHistoryRow[], savedAt = NOW - 60_000) =>
  ({
    key: 'me',
    userId: 1,
    savedAt,
    history,
    data: { units: [unit(1, null), unit(2, '2026-11-20'), unit(3, '2026-10-01'), unit(4, '2026-12-01')] },
  }) as unknown as StoredSnapshot;
const queued = (unitId: number, kind: OutboxItem['kind'] = 'tire-check') =>
  ({ kind, unitId, createdAt: NOW - 1000 }) as OutboxItem;

describe('fieldPlan (Tugas on the phone)', () => {
  it('lists the snapshot units not checked this month, never checked first, then the oldest', () => {
    const plan = fieldPlan(snapshot([]), [], new Map(), NOW);
    expect(plan.todo.map((u) => u.id)).toEqual([1, 3, 2]);
    expect([plan.done, plan.total]).toEqual([1, 4]);
  });

  it('a check on the phone or sent since takes its unit off; a returned one or a BKB does not', () => {
    const history = [sent(3, '2026-12-05T02:00:00Z', 'pending'), sent(2, '2026-12-05T02:00:00Z', 'returned')];
    const plan = fieldPlan(snapshot(history), [queued(1), queued(2, 'mismatch')], new Map(), NOW);
    expect(plan.todo.map((u) => u.id)).toEqual([2]);
    expect(plan.done).toBe(3);
  });

  it("a check that left the phone stays done until a newer snapshot has it; last month's does not count", () => {
    const history = [sent(3, '2026-11-30T10:00:00Z', 'approved')];
    expect(fieldPlan(snapshot(history), [], new Map([[2, NOW - 1000]]), NOW).todo.map((u) => u.id)).toEqual([
      1, 3,
    ]);
    // a snapshot fetched after it: it speaks for itself
    expect(
      fieldPlan(snapshot(history, NOW), [], new Map([[2, NOW - 1000]]), NOW).todo.map((u) => u.id),
    ).toEqual([1, 3, 2]);
  });
});
