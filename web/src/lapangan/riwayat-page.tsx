import type { TSubmissionKind, TSubmissionStatus } from '@itms/contracts/field';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { db } from './db';
import { useFieldUser } from './field-user';
import { dateFormat, KIND_LABELS, QueueItem, timeFormat } from './queue-item';
import { useLive } from './use-live';
import { useSnapshot } from './use-snapshot';

/** The form that redoes a returned entry, by kind (the path after /unit/<id>/). */
const REDO_FORMS: Partial<Record<TSubmissionKind, string>> = {
  'tire-check': 'cek',
  'tire-replacement': 'ganti',
};

/** Where a sent entry stands at the office, as the tire man reads it. */
const STATUS_LABELS: Record<TSubmissionStatus, string> = {
  pending: 'Terkirim',
  approved: 'Disetujui',
  returned: 'Dikembalikan',
  deleted: 'Dihapus',
};

/**
 * His entries: those still on the phone, then what the office has, newest first; with
 * `?status=returned` (Beranda's 'Dikembalikan') only the returned ones; `&buka=<kind>-<id>` (a
 * notification's tap) scrolls to that entry and marks it.
 */
export function RiwayatPage() {
  const user = useFieldUser();
  const { snapshot } = useSnapshot(user.id);
  const [params] = useSearchParams();
  const onlyReturned = params.get('status') === 'returned';
  const opened = params.get('buka');
  const queued = useLive(
    () => db.outbox.where('userId').equals(user.id).reverse().sortBy('createdAt'),
    user.id,
  );
  const history = snapshot?.history ?? [];
  const sent = onlyReturned ? history.filter((h) => h.status === 'returned') : history;
  const openedShown = sent.some((h) => `${h.kind}-${h.id}` === opened);
  useEffect(() => {
    if (openedShown) document.getElementById(`riwayat-${opened}`)?.scrollIntoView({ block: 'center' });
  }, [openedShown, opened]);

  return (
    <div className="lp-page">
      <header className="lp-header">
        <h1 className="lp-name">Riwayat</h1>
        <div className="lp-app-name">Data yang Anda kirim dan posisinya di kantor</div>
      </header>

      {queued && queued.length > 0 && (
        <section className="lp-section" aria-label="Belum terkirim">
          <h2 className="lp-subtitle">Belum terkirim</h2>
          <ul className="lp-units">
            {queued.map((q) => (
              <QueueItem key={q.id} item={q} />
            ))}
          </ul>
        </section>
      )}

      <section className="lp-section" aria-label={onlyReturned ? 'Dikembalikan' : 'Terkirim'}>
        <div className="lp-section-head">
          <h2 className="lp-subtitle">{onlyReturned ? 'Dikembalikan' : 'Terkirim'}</h2>
          {onlyReturned && (
            <Link to="/riwayat" className="lp-button lp-small">
              Lihat semua
            </Link>
          )}
        </div>
        {snapshot === undefined ? (
          <div className="lp-card lp-empty">Memuat ...</div>
        ) : sent.length === 0 ? (
          <div className="lp-card lp-empty">
            {onlyReturned ? 'Tidak ada data yang dikembalikan' : 'Belum ada data yang terkirim'}
          </div>
        ) : (
          <ul className="lp-units">
            {sent.map((h) => (
              <li
                key={`${h.kind}-${h.id}`}
                id={`riwayat-${h.kind}-${h.id}`}
                className="lp-card lp-queue-item"
                data-status={h.status}
                aria-current={`${h.kind}-${h.id}` === opened ? 'true' : undefined}
              >
                <div className="lp-unit-main">
                  <strong>
                    {KIND_LABELS[h.kind]} {h.serial_number ?? h.plate_number}
                  </strong>
                  <span className="lp-muted">
                    {dateFormat.format(new Date(h.performed_at))}{' '}
                    {timeFormat.format(new Date(h.performed_at))}
                  </span>
                  {h.status === 'returned' && h.return_reason && (
                    <span className="lp-error">Alasan: {h.return_reason}</span>
                  )}
                  {h.status === 'returned' &&
                    REDO_FORMS[h.kind] &&
                    h.unit_id !== null &&
                    !queued?.some((q) => q.resubmitOf === h.id && q.kind === h.kind) && (
                      <Link
                        className="lp-button lp-small"
                        to={`/unit/${h.unit_id}/${REDO_FORMS[h.kind]}?ulang=${h.id}`}
                      >
                        Kerjakan ulang
                      </Link>
                    )}
                </div>
                <span className={`lp-tag lp-status-${h.status}`}>{STATUS_LABELS[h.status]}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
