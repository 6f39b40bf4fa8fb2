import type { TFieldBootstrap, TFieldHistoryRow } from '@itms/contracts/field';
import { Dexie, type EntityTable } from 'dexie';

/** The bootstrap snapshot of the signed-in tire man, kept to work without a signal. */
export interface StoredSnapshot {
  /** Always 'me': one tire man per phone at a time. */
  key: 'me';
  userId: number;
  data: TFieldBootstrap;
  /** The phone's clock when the snapshot arrived. */
  savedAt: number;
  /** His submissions as the server last listed them (first page), for the counters and Riwayat. */
  history: TFieldHistoryRow[];
}

/** One entry waiting to reach the server (filled by the forms; sent by the outbox). */
export interface OutboxItem {
  id?: number;
  userId: number;
  kind: 'tire-check' | 'tire-replacement' | 'mismatch' | 'qc-check' | 'new-tire';
  unitId: number | null;
  /** 'Tersimpan di HP' until sent; 'Perlu tindakan' keeps it for the tire man to fix. */
  state: 'saved' | 'sending' | 'needs-action';
  createdAt: number;
}

/** The field app's IndexedDB: what it needs offline. */
export const db = new Dexie('itms-lapangan') as Dexie & {
  snapshot: EntityTable<StoredSnapshot, 'key'>;
  outbox: EntityTable<OutboxItem, 'id'>;
};
db.version(1).stores({
  snapshot: 'key',
  outbox: '++id, userId, state, unitId',
});

/** Asks the browser once to keep this data under storage pressure (the outbox must not vanish). */
export async function persistStorage(): Promise<void> {
  if (navigator.storage?.persist && !(await navigator.storage.persisted())) {
    await navigator.storage.persist();
  }
}
