import type { TFieldUnit } from '@itms/contracts/field';
import { planText } from '@itms/contracts/rules/day-plan';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { type Draft, db, type OutboxItem, type StoredSnapshot } from './db';
import { useFieldUser } from './field-user';
import type { SavedNotice } from './form-kit';
import { dateFormat, QueueItem, TakenBackItem, timeFormat } from './queue-item';
import { WithScan } from './scanner';
import { checksToday, openUnit } from './snapshot';
import { StoringCalls } from './storing-calls';
import { fieldPlan } from './tugas';
import { UnitLine, UnitLink } from './unit-link';
import { unitsToShow } from './units';
import { useLive } from './use-live';
import { useOnline } from './use-online';
import { sendNow, useSendOutcome } from './use-sender';
import { useSnapshot } from './use-snapshot';
import { type UnitSearch, useUnitSearch } from './use-unit-search';

export function BerandaPage() {
  const user = useFieldUser();
  const online = useOnline();
  const { snapshot, refreshing, problem } = useSnapshot(user.id);
  const queued = useLive(() => db.outbox.where('userId').equals(user.id).toArray(), user.id);
  const takenBack = useLive(() => takenBackDrafts(user.id), user.id);
  const [search, setSearch] = useState('');
  const notice = useLocation().state as SavedNotice | null;
  // once the server refuses that entry, its 'Perlu tindakan' below speaks for it, not a green 'tersimpan'
  const saved =
    notice?.saved && queued?.find((e) => e.id === notice.entry)?.state !== 'needs-action'
      ? notice.saved
      : null;
  const outcome = useSendOutcome();
  const navigate = useNavigate();

  // an entry taken back to be fixed is still unsent work
  const unsent = (queued?.length ?? 0) + (takenBack?.length ?? 0);
  const units = snapshot ? unitsToShow(snapshot.data.units, search) : [];
  const remote = useUnitSearch(search, online);

  return (
    <div className="lp-page">
      <header className="lp-header">
        <div className="lp-header-row">
          <div>
            <div className="lp-app-name">ITMS Lapangan</div>
            <h1 className="lp-name">{user.name}</h1>
          </div>
        </div>
        <div className="lp-header-row lp-chips">
          <span className={`lp-chip ${online ? 'lp-chip-online' : 'lp-chip-offline'}`}>
            {online ? 'Online' : 'Offline'}
          </span>
          {/* not before the phone has answered: a 0 read too early would say all is sent */}
          {queued && <span className="lp-chip">{unsent} belum terkirim</span>}
        </div>
      </header>

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
      {problem && (
        <div className="lp-alert lp-page-alert" role="alert">
          {problem}
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
          <StoringCalls userId={user.id} />

          {/* each count opens what it counts */}
          <section className="lp-counters" aria-label="Ringkasan">
            <Counter
              count={checksToday(
                snapshot,
                queued?.filter((q) => q.kind === 'tire-check' && !q.resubmitOf).map((q) => q.createdAt) ?? [],
              )}
              label="Cek hari ini"
              to="/riwayat"
            />
            <Counter count={unsent} label="Di antrean" to="#antrean" />
            <Counter
              count={snapshot.data.returned.length}
              label="Dikembalikan"
              to="/riwayat?status=returned"
            />
          </section>

          <PlanLink snapshot={snapshot} queued={queued} />

          <section className="lp-section">
            <Link to="/ban-baru" className="lp-button lp-wide">
              Permintaan ban baru
            </Link>
          </section>

          {unsent > 0 && (
            <section className="lp-section" aria-label="Antrean" id="antrean">
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
                {takenBack?.map((d) => (
                  <TakenBackItem key={d.key} draft={d} />
                ))}
                {queued?.map((q) => (
                  <QueueItem key={q.id} item={q} queue={queued} />
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
            <WithScan
              onScan={(label) => {
                // the unit's label opens its unit; a label of none (or several) is left as the search
                const found = unitsToShow(snapshot.data.units, label);
                if (found.length === 1) navigate(`/unit/${found[0]!.id}`);
                else setSearch(label);
              }}
            >
              <input
                className="lp-search"
                type="search"
                placeholder="Cari nomor polisi"
                aria-label="Cari nomor polisi"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </WithScan>
            {units.length === 0 ? (
              <div className="lp-card lp-empty">
                {search
                  ? 'Tidak ada unit proyek Anda dengan nomor polisi itu'
                  : 'Belum ada unit di proyek Anda'}
              </div>
            ) : (
              <ul className="lp-units">
                {units.map((u) => (
                  <li key={u.id}>
                    <UnitLink
                      unit={u}
                      tag={
                        u.checked_this_month ? (
                          <span className="lp-tag lp-tag-done">
                            Dicek {u.last_check_at ? dateFormat.format(new Date(u.last_check_at)) : ''}
                          </span>
                        ) : (
                          <span className="lp-tag lp-tag-todo">Belum dicek bulan ini</span>
                        )
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
            {search.trim() !== '' && (
              <OtherUnits
                userId={user.id}
                opened={unitsToShow(snapshot.opened ?? [], search)}
                remote={remote}
                own={snapshot.data.units}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}

/**
 * Units outside his projects for the search: those he opened before (kept on the phone) and, with a
 * signal, the server's over every unit. A tap keeps the unit on the phone and opens it.
 */
function OtherUnits({
  userId,
  opened,
  remote,
  own,
}: {
  userId: number;
  opened: TFieldUnit[];
  remote: UnitSearch;
  own: readonly TFieldUnit[];
}) {
  const navigate = useNavigate();
  const [opening, setOpening] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const skip = new Set([...own, ...opened].map((u) => u.id));
  const found = remote.state === 'done' ? remote.rows.filter((r) => !skip.has(r.id)) : [];
  const rows = [...opened, ...found];
  async function open(id: number) {
    setOpening(id);
    setProblem(null);
    try {
      await openUnit(userId, id);
      navigate(`/unit/${id}`);
    } catch {
      setProblem('Unit gagal dibuka: butuh sinyal, coba lagi');
    } finally {
      setOpening(null);
    }
  }
  if (rows.length === 0 && remote.state !== 'searching' && remote.state !== 'failed') return null;
  return (
    <section className="lp-other-units" aria-label="Unit lain">
      <h3 className="lp-subtitle">Unit lain</h3>
      {remote.state === 'searching' && <div className="lp-muted">Mencari di server ...</div>}
      {remote.state === 'failed' && <div className="lp-muted">Pencarian server gagal: butuh sinyal</div>}
      {problem && (
        <div className="lp-error" role="alert">
          {problem}
        </div>
      )}
      <ul className="lp-units">
        {rows.map((u) => {
          const kept = opened.some((o) => o.id === u.id);
          return (
            <li key={u.id}>
              {kept ? (
                <UnitLink unit={u} tag={<OutsideTag opening={false} />} />
              ) : (
                <button
                  type="button"
                  className="lp-card lp-unit lp-unit-button"
                  disabled={opening !== null}
                  onClick={() => void open(u.id)}
                >
                  <UnitLine unit={u} tag={<OutsideTag opening={opening === u.id} />} />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A unit outside his projects, or the one being opened. */
const OutsideTag = ({ opening }: { opening: boolean }) => (
  <span className="lp-tag lp-tag-outside">{opening ? 'Membuka ...' : 'di luar proyek Anda'}</span>
);

/** Tugas: how many of his units are checked this month, opening the list of those still to check. */
function PlanLink({ snapshot, queued }: { snapshot: StoredSnapshot; queued: OutboxItem[] | undefined }) {
  if (!queued) return null;
  const plan = fieldPlan(snapshot, queued);
  return (
    <section className="lp-section">
      <Link to="/tugas" className="lp-card lp-plan-link">
        <span>
          Tugas: <strong>{planText(plan)}</strong>
        </span>
        <span aria-hidden="true">›</span>
      </Link>
    </section>
  );
}

/** A count of Beranda: a link to what it counts, plain text while there is nothing to open. */
function Counter({ count, label, to }: { count: number; label: string; to: string }) {
  const content = (
    <>
      <strong>{count}</strong>
      <span>{label}</span>
    </>
  );
  if (count === 0) return <div className="lp-counter">{content}</div>;
  return to.startsWith('#') ? (
    <a href={to} className="lp-counter">
      {content}
    </a>
  ) : (
    <Link to={to} className="lp-counter">
      {content}
    </Link>
  );
}

/** The drafts of entries 'Ubah' took back from the queue, oldest first. */
async function takenBackDrafts(userId: number) {
  const drafts = await db.drafts.where('userId').equals(userId).sortBy('updatedAt');
  return drafts.filter((d): d is Draft & { takenBack: NonNullable<Draft['takenBack']> } => !!d.takenBack);
}
