import type { TActiveTireRow } from '@itms/contracts/tire-list';
import type { TBeforeTire, TReplaceRecord } from '@itms/contracts/tire-replacements';

/** What the Form Pergantian shows at one wheel position. */
export interface PositionSlot {
  position: string;
  /** Every record of the replacement at this position (a seeded swap has a remove and a replace). */
  records: TReplaceRecord[];
  /** 'Pergantian' when a record installs a new tire here, else 'Normal'. */
  replaced: boolean;
  /** The tire at the position before the replacement (mounted now while pending). */
  beforeTire: TBeforeTire | null;
  /** The record that takes a tire off, if any. */
  removed: TReplaceRecord | null;
  /** The record of the tire on the position after the replacement: the replace, else the check. */
  after: TReplaceRecord | null;
  /** Mounted tire at a position without a record (from Ban Terpasang Aktif). */
  mounted: TActiveTireRow | null;
}

export interface TireLabel {
  serial: string;
  brand: string;
}

/** Groups the records by position, and adds the mounted tires of positions without a record. */
export function positionSlots(
  records: readonly TReplaceRecord[],
  mounted: readonly TActiveTireRow[] = [],
): Map<string, PositionSlot> {
  const slots = new Map<string, PositionSlot>();
  for (const r of records) {
    const slot = slots.get(r.position) ?? {
      position: r.position,
      records: [],
      replaced: false,
      beforeTire: null,
      removed: null,
      after: null,
      mounted: null,
    };
    slot.records.push(r);
    if (r.status === 'replace') {
      slot.replaced = true;
      slot.after = r;
    } else if (r.status === 'check') {
      slot.after ??= r;
    } else {
      slot.removed ??= r;
    }
    slot.beforeTire ??= r.Before;
    slots.set(r.position, slot);
  }
  for (const m of mounted) {
    if (m.status !== 'INSTALLED' || slots.has(m.position)) continue;
    slots.set(m.position, {
      position: m.position,
      records: [],
      replaced: false,
      beforeTire: null,
      removed: null,
      after: null,
      mounted: m,
    });
  }
  return slots;
}

/** Serial and IR brand of the tire before the replacement at a position, or null when none is known. */
export function beforeLabel(slot: PositionSlot | undefined): TireLabel | null {
  if (!slot) return null;
  const t = slot.beforeTire ?? slot.removed;
  if (t) return { serial: t.serial_number, brand: t.ir_brand };
  if (slot.mounted?.serial_number)
    return { serial: slot.mounted.serial_number, brand: slot.mounted.ir_brand ?? '' };
  return null;
}

/** Serial and IR brand of the tire on the position after the replacement; null when it is taken off. */
export function afterLabel(slot: PositionSlot | undefined): TireLabel | null {
  if (!slot) return null;
  if (slot.after) return { serial: slot.after.serial_number, brand: slot.after.ir_brand };
  if (slot.removed) return null;
  return beforeLabel(slot);
}

export const slotStatusText = (slot: PositionSlot | undefined) => (slot?.replaced ? 'Pergantian' : 'Normal');

/** Whether a position has anything the office can open (Before/After, Detail). */
export const hasRecord = (slot: PositionSlot | undefined): slot is PositionSlot =>
  Boolean(slot && slot.records.length > 0);
