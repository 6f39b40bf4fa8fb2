import type { TSessionUser } from '@itms/contracts/auth';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../lib/api-client';
import { db, type OutboxState } from './db';
import { discardEntry } from './outbox';
import { signOut } from './session';
import { checksToday, refreshSnapshot, snapshotOf } from './snapshot';
import { unitsToShow } from './units';
import { useLive } from './use-live';
import { useOnline } from './use-online';
import { sendNow, useSendOutcome } from './use-sender';

export const OFFLINE_BANNER = 'Anda offline: data disimpan di HP dan dikirim otomatis saat ada sinyal';

/** The outbox states as the tire man reads them. */
const STATE_LABELS: Record<OutboxState, string> = {
  saved: 'Tersimpan di HP',
  sending: 'Mengirim',
  'needs-action': 'Perlu tindakan',
};

const timeFormat = new Intl.DateTimeFormat('id-ID', { hour: '2-digit', minute: '2-digit' });
const dateFormat = new Intl.DateTimeFormat('id-ID', { day: '2-digit', month: 'short' });

export function BerandaPage({ user }: { user: TSessionUser }) {
  const online = useOnline();
  const navigate = useNavigate();
  const snapshot = useLive(() => snapshotOf(user.id), user.id);
  const queued = useLive(() => db.outbox.where('userId').equals(user.id).toArray(), user.id);
  const [search, setSearch] = useState('');
  const [refreshing, setRefreshing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const saved = (useLocation().state as { saved?: string } | null)?.saved;
  const outcome = useSendOutcome();

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await refreshSnapshot(user.id);
      setNotice(null);
    } catch (err) {
      // offline or the server is away: the stored snapshot stays as it was
      if (isApiError(err) && err.status !== 0) setNotice(err.message);
    } finally {
      setRefreshing(false);
    }
  }, [user.id]);

  // fresh data whenever a signal is there: on opening the app and when the signal comes back
  useEffect(() => {
    if (online) void refresh();
  }, [online, refresh]);

  async function logout() {
    const outcome = await signOut(user.id);
    if (outcome) setNotice(`Masih ada ${outcome.refused} data belum terkirim`);
    else navigate('/login', { replace: true });
  }

  const unsent = queued?.length ?? 0;
  const units = snapshot ? unitsToShow(snapshot.data.units, search) : [];

  return (
    <div className="lp-page">
      <header className="lp-header">
        <div className="lp-header-row">
          <div>
            <div className="lp-app-name">ITMS Lapangan</div>
            <h1 className="lp-name">{user.name}</h1>
          </div>
          <button className="lp-button lp-on-dark" type="button" onClick={() => void logout()}>
            Keluar
          </button>
        </div>
        <div className="lp-header-row lp-chips">
          <span className={`lp-chip ${online ? 'lp-chip-online' : 'lp-chip-offline'}`}>
            {online ? 'Online' : 'Offline'}
          </span>
          <span className="lp-chip">{unsent} belum terkirim</span>
        </div>
      </header>

      {!online && (
        <div className="lp-banner" role="status">
          {OFFLINE_BANNER}
        </div>
      )}
      {saved && (
        <div className="lp-success lp-page-alert" role="status">
          {saved}
        </div>
      )}
      {outcome.state === 'paused' && unsent > 0 && (
        <div className="lp-alert lp-page-alert" role="alert">
          Sesi berakhir. Login untuk mengirim {unsent} data.
        </div>
      )}
      {notice && (
        <div className="lp-alert lp-page-alert" role="alert">
          {notice}
        </div>
      )}

      {!snapshot ? (
        <div className="lp-card lp-empty">
          {snapshot === undefined || refreshing
            ? 'Memuat data ...'
            : 'Butuh sinyal untuk mengambil data unit'}
        </div>
      ) : (
        <>
          <section className="lp-counters" aria-label="Ringkasan">
            <div className="lp-counter">
              <strong>
                {checksToday(
                  snapshot,
                  queued?.filter((q) => q.kind === 'tire-check').map((q) => q.createdAt) ?? [],
                )}
              </strong>
              <span>Cek hari ini</span>
            </div>
            <div className="lp-counter">
              <strong>{unsent}</strong>
              <span>Di antrean</span>
            </div>
            <div className="lp-counter">
              <strong>{snapshot.data.returned.length}</strong>
              <span>Dikembalikan</span>
            </div>
          </section>

          {queued && queued.length > 0 && (
            <section className="lp-section" aria-label="Antrean">
              <div className="lp-section-head">
                <h2>Antrean</h2>
                <button
                  className="lp-button"
                  type="button"
                  disabled={!online}
                  onClick={() => void sendNow(user.id)}
                >
                  Kirim sekarang
                </button>
              </div>
              <ul className="lp-units">
                {queued.map((q) => (
                  <li key={q.id} className="lp-card lp-queue-item" data-state={q.state}>
                    <div className="lp-unit-main">
                      <strong>Pengecekan {q.plate}</strong>
                      <span className="lp-muted">
                        {dateFormat.format(q.createdAt)} {timeFormat.format(q.createdAt)}
                      </span>
                      {q.error && <span className="lp-error">{q.error.message}</span>}
                      {q.state === 'needs-action' && <DiscardButton id={q.id!} />}
                    </div>
                    <span className={`lp-tag lp-state-${q.state}`}>{STATE_LABELS[q.state]}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section className="lp-section" aria-label="Unit saya">
            <div className="lp-section-head">
              <h2>Unit saya</h2>
              <span className="lp-muted">
                Data {dateFormat.format(snapshot.savedAt)} {timeFormat.format(snapshot.savedAt)}
              </span>
            </div>
            <input
              className="lp-search"
              type="search"
              placeholder="Cari nomor polisi"
              aria-label="Cari nomor polisi"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            {units.length === 0 ? (
              <div className="lp-card lp-empty">
                {search ? 'Tidak ada unit dengan nomor polisi itu' : 'Belum ada unit di proyek Anda'}
              </div>
            ) : (
              <ul className="lp-units">
                {units.map((u) => (
                  <li key={u.id}>
                    <Link to={`/unit/${u.id}`} className="lp-card lp-unit lp-unit-link">
                      <div className="lp-unit-main">
                        <strong className="lp-plate">{u.plate_number}</strong>
                        <span className="lp-muted">
                          {u.unit_type} · {u.project.name}
                        </span>
                      </div>
                      {u.checked_this_month ? (
                        <span className="lp-tag lp-tag-done">
                          Dicek {u.last_check_at ? dateFormat.format(new Date(u.last_check_at)) : ''}
                        </span>
                      ) : (
                        <span className="lp-tag lp-tag-todo">Belum dicek bulan ini</span>
                      )}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
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
