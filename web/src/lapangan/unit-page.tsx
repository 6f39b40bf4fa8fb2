import type { Position } from '@itms/contracts/enums';
import type { TFieldMountedTire, TSubmissionKind } from '@itms/contracts/field';
import { formatNumber } from '@itms/contracts/rules/number-format';
import { TREAD_WARNING_MARGIN_MM, type TreadBand, treadBand } from '@itms/contracts/rules/tread-band';
import { Link, useParams } from 'react-router';
import {
  BAND_TONE,
  positionLabel,
  TONE_FILL,
  VehicleDiagram,
  type WheelTone,
} from '../components/vehicle-diagram';
import { db, draftKey } from './db';
import { useFieldUser } from './field-user';
import { isOutsideProjects, snapshotOf, unitOf } from './snapshot';
import { useLive } from './use-live';

const dateFormat = new Intl.DateTimeFormat('id-ID', { day: '2-digit', month: 'long', year: 'numeric' });

/** One unit from the stored snapshot: its diagram coloured by tread depth, and its tires. Works offline. */
export function UnitPage() {
  const userId = useFieldUser().id;
  const id = Number(useParams().id);
  const snapshot = useLive(() => snapshotOf(userId), userId);
  // which forms of this unit have a draft on the phone
  const drafts = useLive(
    () =>
      db.drafts
        .where('userId')
        .equals(userId)
        .filter((d) => d.unitId === id)
        .toArray(),
    `${userId}:${id}`,
  );
  const hasDraft = (kind: TSubmissionKind) => drafts?.some((d) => d.key === draftKey(userId, id, kind));
  if (snapshot === undefined) return <div className="lp-card lp-empty">Memuat data ...</div>;
  const unit = snapshot ? unitOf(snapshot, id) : undefined;
  if (!snapshot || !unit) {
    return (
      <div className="lp-page">
        <BackBar />
        <div className="lp-card lp-empty">Unit tidak ada di data HP ini</div>
      </div>
    );
  }
  const pull = snapshot.data.pull_point_mm;
  const byPosition = new Map(unit.tires.map((t) => [t.position, t]));
  const band = (p: Position) => treadBand(byPosition.get(p)?.groove_lowest, pull);

  return (
    <div className="lp-page">
      <BackBar />
      <header className="lp-unit-head">
        <h1 className="lp-plate-title">{unit.plate_number}</h1>
        {isOutsideProjects(snapshot, unit.id) && (
          <span className="lp-tag lp-tag-outside">di luar proyek Anda</span>
        )}
        <div className="lp-muted">
          {unit.unit_type} · {unit.tonnage} Ton · {unit.project.name}
        </div>
        <div className="lp-muted">
          {unit.last_check_at
            ? `Pengecekan terakhir ${dateFormat.format(new Date(unit.last_check_at))}`
            : 'Belum pernah dicek'}
          {unit.location ? ` · ${unit.location.name}` : ''}
        </div>
      </header>

      <section className="lp-section lp-actions" aria-label="Aksi">
        <Link to={`/unit/${unit.id}/cek`} className="lp-button lp-primary lp-wide">
          {hasDraft('tire-check') ? 'Lanjutkan pengecekan (draf)' : 'Pengecekan'}
        </Link>
        <Link to={`/unit/${unit.id}/ganti`} className="lp-button lp-wide">
          {hasDraft('tire-replacement') ? 'Lanjutkan pergantian (draf)' : 'Pergantian'}
        </Link>
        <Link to={`/unit/${unit.id}/bkb`} className="lp-button lp-wide">
          {hasDraft('mismatch') ? 'Lanjutkan BKB (draf)' : 'Lapor BKB'}
        </Link>
        <Link to={`/unit/${unit.id}/qc`} className="lp-button lp-wide">
          {hasDraft('qc-check') ? 'Lanjutkan QC (draf)' : 'QC'}
        </Link>
      </section>

      <section className="lp-section" aria-label="Diagram ban">
        <ul className="lp-legend">
          <Legend tone="good" text={`Aman (> ${pull + TREAD_WARNING_MARGIN_MM} mm)`} />
          <Legend tone="warning" text={`Hampir batas (${pull}-${pull + TREAD_WARNING_MARGIN_MM} mm)`} />
          <Legend tone="pull" text={`Di bawah batas cabut (< ${pull} mm)`} />
          <Legend tone="muted" text="Kosong / belum diukur" />
        </ul>
        <div className="lp-card lp-diagram">
          <VehicleDiagram
            kind={unit.diagram}
            wheelTone={(p) => BAND_TONE[band(p)]}
            renderPosition={(p) => <TireCard position={p} tire={byPosition.get(p)} band={band(p)} />}
          />
        </div>
      </section>
    </div>
  );
}

function BackBar() {
  return (
    <nav className="lp-backbar">
      <Link to="/" className="lp-back">
        ‹ Beranda
      </Link>
    </nav>
  );
}

function Legend({ tone, text }: { tone: WheelTone; text: string }) {
  return (
    <li>
      <span className="lp-swatch" style={{ background: TONE_FILL[tone] }} aria-hidden />
      {text}
    </li>
  );
}

const BAND_TEXT: Record<TreadBand, string> = {
  good: 'Aman',
  warning: 'Hampir batas',
  pull: 'Cabut',
  none: '',
};

function TireCard({
  position,
  tire,
  band,
}: {
  position: Position;
  tire?: TFieldMountedTire;
  band: TreadBand;
}) {
  return (
    <div className={`lp-tire lp-tire-${band}`} data-position={position}>
      <div className="lp-tire-head">
        <strong>{positionLabel(position)}</strong>
        {tire && band !== 'none' && <span className={`lp-band lp-band-${band}`}>{BAND_TEXT[band]}</span>}
      </div>
      {tire ? (
        <>
          <div className="lp-serial">{tire.serial_number}</div>
          <div className="lp-muted">
            {tire.ir_brand} · {tire.size} · {tire.pattern}
          </div>
          <dl className="lp-readings">
            <div>
              <dt>RTD</dt>
              <dd>
                {[tire.groove_1, tire.groove_2, tire.groove_3, tire.groove_4].map(formatNumber).join(' / ')}
              </dd>
            </div>
            <div>
              <dt>Terendah</dt>
              <dd>{tire.groove_lowest == null ? '-' : `${formatNumber(tire.groove_lowest)} mm`}</dd>
            </div>
            <div>
              <dt>PSI</dt>
              <dd>{formatNumber(tire.pressure)}</dd>
            </div>
          </dl>
        </>
      ) : (
        <div className="lp-muted">Posisi kosong</div>
      )}
    </div>
  );
}
