import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { EntryKind, OutboxItem, OutboxState } from './db';
import { discardEntry, reopenEntry } from './outbox';

/** The outbox states as the tire man reads them. */
const STATE_LABELS: Record<OutboxState, string> = {
  saved: 'Tersimpan di HP',
  sending: 'Mengirim',
  'needs-action': 'Perlu tindakan',
};

/** The kinds of entries by the names the tire man reads. */
export const KIND_LABELS: Record<EntryKind, string> = {
  'tire-check': 'Pengecekan',
  'tire-replacement': 'Pergantian',
  mismatch: 'BKB',
  'qc-check': 'QC',
  'tire-request': 'Permintaan ban',
};

export const timeFormat = new Intl.DateTimeFormat('id-ID', { hour: '2-digit', minute: '2-digit' });
export const dateFormat = new Intl.DateTimeFormat('id-ID', { day: '2-digit', month: 'short' });

/** An entry still on the phone (Beranda's queue, Riwayat): its state, and the server's refusal. */
export function QueueItem({ item }: { item: OutboxItem }) {
  return (
    <li className="lp-card lp-queue-item" data-state={item.state}>
      <div className="lp-unit-main">
        <strong>
          {KIND_LABELS[item.kind]} {item.plate}
        </strong>
        <span className="lp-muted">
          {dateFormat.format(item.createdAt)} {timeFormat.format(item.createdAt)}
        </span>
        {item.error && <span className="lp-error">{item.error.message}</span>}
        {item.state === 'needs-action' && (
          <div className="lp-update-actions">
            {item.values && <EditButton item={item} />}
            <DiscardButton id={item.id!} />
          </div>
        )}
      </div>
      <span className={`lp-tag lp-state-${item.state}`}>{STATE_LABELS[item.state]}</span>
    </li>
  );
}

/** Where each kind of entry is filled: the form 'Ubah' reopens a refused entry in. */
function formPathOf(item: OutboxItem): string {
  if (item.kind === 'tire-request') return '/ban-baru';
  const form = { 'tire-check': 'cek', mismatch: 'bkb', 'qc-check': 'qc', 'tire-replacement': 'ganti' }[
    item.kind
  ];
  return `/unit/${item.unitId}/${form}${item.resubmitOf ? `?ulang=${item.resubmitOf}` : ''}`;
}

/** 'Ubah' for an entry the server refused: back to its form, the server's message at its fields. */
function EditButton({ item }: { item: OutboxItem }) {
  const navigate = useNavigate();
  async function edit() {
    const reopened = await reopenEntry(item.id!);
    if (reopened) navigate(formPathOf(reopened), { state: { refused: reopened.error } });
  }
  return (
    <button className="lp-button lp-small" type="button" onClick={() => void edit()}>
      Ubah
    </button>
  );
}

/** 'Buang' for an entry the server refused: never dropped without the tire man saying so. */
function DiscardButton({ id }: { id: number }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button className="lp-button lp-small" type="button" onClick={() => setAsking(true)}>
        Buang
      </button>
    );
  }
  return (
    <div className="lp-confirm" role="alertdialog" aria-label="Buang data">
      <span>Buang data ini? Data tidak akan terkirim ke kantor.</span>
      <div className="lp-update-actions">
        <button className="lp-button lp-small" type="button" onClick={() => setAsking(false)}>
          Batal
        </button>
        <button className="lp-button lp-small lp-danger" type="button" onClick={() => void discardEntry(id)}>
          Ya, buang
        </button>
      </div>
    </div>
  );
}
