import { planText } from '@itms/contracts/rules/day-plan';
import { db } from './db';
import { useFieldUser } from './field-user';
import { fieldPlan, useSentChecks } from './tugas';
import { UnitLink } from './unit-link';
import { useLive } from './use-live';
import { useOnline } from './use-online';
import { useSnapshot } from './use-snapshot';
import './tugas.css';

const dayFormat = new Intl.DateTimeFormat('id-ID', { day: '2-digit', month: 'short', year: 'numeric' });

/** A local day `yyyy-mm-dd` as the tire man reads it ('30 Nov 2026'), whatever the phone's zone. */
const dayText = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));

/**
 * Tugas (issue 37, item 6): the units of his projects not yet checked this month, never checked and
 * the oldest last check first, with 'N dari M unit bulan ini'. From the snapshot, with or without a
 * signal; a check saved on the phone takes its unit off the list at once.
 */
export function TugasPage() {
  const user = useFieldUser();
  const online = useOnline();
  const { snapshot, refreshing } = useSnapshot(user.id);
  const queued = useLive(() => db.outbox.where('userId').equals(user.id).toArray(), user.id);
  const sent = useSentChecks(user.id, queued, online);
  const plan = snapshot && queued ? fieldPlan(snapshot, queued, sent) : null;

  return (
    <div className="lp-page">
      <header className="lp-header">
        <h1 className="lp-name">Tugas</h1>
        <div className="lp-app-name">Unit proyek Anda yang belum dicek bulan ini</div>
      </header>

      {!plan ? (
        <div className="lp-card lp-empty">
          {snapshot === undefined || refreshing || !queued
            ? 'Memuat data ...'
            : 'Butuh sinyal untuk mengambil data unit'}
        </div>
      ) : (
        <>
          <section className="lp-section" aria-label="Capaian bulan ini">
            <div className="lp-card lp-plan-progress">
              <strong className="lp-plan-count">{planText(plan)}</strong>
              <progress max={plan.total || 1} value={plan.done} aria-label="Unit dicek bulan ini" />
            </div>
          </section>
          <section className="lp-section" aria-label="Belum dicek">
            <h2 className="lp-subtitle">Belum dicek ({plan.todo.length})</h2>
            {plan.todo.length === 0 ? (
              <div className="lp-card lp-empty">
                {plan.total === 0 ? 'Belum ada unit di proyek Anda' : 'Semua unit sudah dicek bulan ini'}
              </div>
            ) : (
              <ul className="lp-units">
                {plan.todo.map((u) => (
                  <li key={u.id}>
                    <UnitLink
                      unit={u}
                      tag={
                        <span className="lp-tag lp-tag-todo">
                          {u.last_done_on ? `Terakhir ${dayText(u.last_done_on)}` : 'Belum pernah dicek'}
                        </span>
                      }
                    />
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
