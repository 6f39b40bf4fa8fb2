import { CALL_ACTION_LABELS, type CallAction } from '@itms/contracts/rules/storing';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Draft, EntryKind, OutboxItem, OutboxState } from './db';
import { confirmResend, discardEntry, reopenEntry } from './outbox';
import { asksBeforeResend, blockerOf, daysSinceFirstTry, failureOf, mayReopen } from './outbox-rules';
import { sendNow } from './use-sender';

/** The outbox states as the tire man reads them. */
const STATE_LABELS: Record<OutboxState | 'failed', string> = {
  saved: 'Tersimpan di HP',
  sending: 'Mengirim',
  failed: 'Gagal dikirim',
  'needs-action': 'Perlu tindakan',
};

/** The kinds of entries by the names the tire man reads. */
export const KIND_LABELS: Record<EntryKind, string> = {
  'tire-check': 'Pengecekan',
  'tire-replacement': 'Pergantian',
  mismatch: 'BKB',
  'qc-check': 'QC',
  'tire-request': 'Permintaan ban',
  'storing-step': 'Storing',
};

export const timeFormat = new Intl.DateTimeFormat('id-ID', { hour: '2-digit', minute: '2-digit' });
export const dateFormat = new Intl.DateTimeFormat('id-ID', { day: '2-digit', month: 'short' });

/** A time the tire man reads: '14.05', with the day when it is not today. */
function whenText(at: number, now: number): string {
  const time = timeFormat.format(at);
  return new Date(at).toDateString() === new Date(now).toDateString()
    ? time
    : `${dateFormat.format(at)} ${time}`;
}

/**
 * An entry still on the phone (Beranda's queue, Riwayat): its state, why it has not gone yet (the
 * server's refusal, its failures after a few tries, the earlier entry of its unit it waits for), and
 * what the tire man can do about it. `queue` (all his entries) names the entry it waits for.
 */
export function QueueItem({ item, queue }: { item: OutboxItem; queue?: OutboxItem[] }) {
  const now = Date.now();
  const failure = failureOf(item);
  const asks = asksBeforeResend(item, now);
  const blocker = queue && !failure && !asks ? blockerOf(item, queue, now) : undefined;
  const state = asks ? 'needs-action' : failure ? 'failed' : item.state;
  return (
    <li className="lp-card lp-queue-item" data-state={item.state}>
      <div className="lp-unit-main">
        <strong>
          {KIND_LABELS[item.kind]} {item.plate}
          {item.kind === 'storing-step' && `: ${CALL_ACTION_LABELS[item.body.action as CallAction]}`}
        </strong>
        <span className="lp-muted">
          {dateFormat.format(item.createdAt)} {timeFormat.format(item.createdAt)}
        </span>
        {item.error && <span className="lp-error">{item.error.message}</span>}
        {failure && (
          <span className="lp-error">
            Gagal dikirim: {failure.message}, dicoba lagi {whenText(failure.retryAt, now)}
          </span>
        )}
        {blocker && (
          <span className="lp-muted">
            Menunggu {KIND_LABELS[blocker.kind]} {whenText(blocker.createdAt, now)} terkirim dulu
          </span>
        )}
        {asks && (
          <>
            <span className="lp-error">
              Dikirim pertama {daysSinceFirstTry(item, now)} hari lalu, belum ada jawaban dari server. Cek
              Riwayat: bila kantor sudah menerimanya, buang data ini; bila belum, kirim ulang.
            </span>
            <div className="lp-update-actions">
              <button
                className="lp-button lp-small"
                type="button"
                onClick={() => void confirmResend(item.id!).then(() => sendNow(item.userId))}
              >
                Kirim ulang
              </button>
              <DiscardButton id={item.id!} />
            </div>
          </>
        )}
        {item.state === 'needs-action' && (
          <div className="lp-update-actions">
            {item.values && <EditButton item={item} />}
            <DiscardButton id={item.id!} />
          </div>
        )}
        {/* not sent yet: it may still be fixed (once a request left, it waits for the answer) */}
        {item.state === 'saved' && item.values && mayReopen(item) && (
          <div className="lp-update-actions">
            <EditButton item={item} />
          </div>
        )}
      </div>
      <span className={`lp-tag lp-state-${state}`}>{STATE_LABELS[state]}</span>
    </li>
  );
}

/** An entry 'Ubah' took back from the queue: unsent until 'Kirim' in its form, which it opens. */
export function TakenBackItem({ draft }: { draft: Draft & { takenBack: NonNullable<Draft['takenBack']> } }) {
  const { kind, plate, path } = draft.takenBack;
  return (
    <li className="lp-card lp-queue-item" data-state="editing">
      <div className="lp-unit-main">
        <strong>
          {KIND_LABELS[kind]} {plate}
        </strong>
        <span className="lp-error">Sedang diubah: belum dikirim sampai Anda tekan Kirim lagi</span>
        <div className="lp-update-actions">
          <Link className="lp-button lp-small" to={path}>
            Lanjutkan
          </Link>
        </div>
      </div>
      <span className="lp-tag lp-state-needs-action">Diubah</span>
    </li>
  );
}

/** Where each kind of entry is filled: the form 'Ubah' reopens an entry in. */
function formPathOf(item: Pick<OutboxItem, 'kind' | 'unitId' | 'resubmitOf'>): string {
  if (item.kind === 'tire-request') return '/ban-baru';
  if (item.kind === 'storing-step') return '/';
  const form = { 'tire-check': 'cek', mismatch: 'bkb', 'qc-check': 'qc', 'tire-replacement': 'ganti' }[
    item.kind
  ];
  return `/unit/${item.unitId}/${form}${item.resubmitOf ? `?ulang=${item.resubmitOf}` : ''}`;
}

/**
 * 'Ubah': back to its form, for an entry the server refused (its message at its fields) or one not
 * sent yet. An entry the sender took meanwhile stays in the queue.
 */
function EditButton({ item }: { item: OutboxItem }) {
  const navigate = useNavigate();
  async function edit() {
    const path = formPathOf(item);
    const reopened = await reopenEntry(item.id!, path);
    if (reopened) navigate(path, { state: { refused: reopened.error } });
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
