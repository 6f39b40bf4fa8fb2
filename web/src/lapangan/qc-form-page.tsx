import { QC_ITEM_LABELS, QC_POSITIONS } from '@itms/contracts/enums';
import { ZQcCheckCreateBody } from '@itms/contracts/qc';
import { useState } from 'react';
import {
  Field,
  FormHeader,
  type FormStart,
  issuesOf,
  LocationField,
  SubmitBar,
  UnitFormPage,
  useFormEntry,
  useIssueOf,
} from './form-kit';

/** What the QC form keeps in its draft. */
interface QcDraftValues {
  locationId: string;
  nameQc: string;
  /** faults[item][position]: true where the tire man found a fault (every item is OK at first). */
  faults: boolean[][];
}

/** A QC has no photos (one object: the draft follows changes of identity). */
const NO_PHOTOS: Record<string, Blob> = {};

/** The unit's position as the QC matrix names it (the spare is ST1 there). */
const qcPosition = (p: string) => (p === 'ST' ? 'ST1' : p);

/** QC: 14 items on every tire of the unit, all OK until a tap marks a fault. Works offline. */
export function QcFormPage() {
  return <UnitFormPage kind="qc-check" form={(start) => <QcForm {...start} />} />;
}

function QcForm(start: FormStart) {
  const { snapshot, unit, draft } = start;
  const [values, setValues] = useState<QcDraftValues>(
    () =>
      (draft?.values as QcDraftValues | undefined) ?? {
        locationId: String(unit.location?.id ?? ''),
        nameQc: '',
        faults: QC_ITEM_LABELS.map(() => QC_POSITIONS.map(() => false)),
      },
  );
  const { busy, save } = useFormEntry(start, 'qc-check', values, NO_PHOTOS);
  const [touched, setTouched] = useState(false);
  const positions = unit.positions.map(qcPosition);
  const [open, setOpen] = useState(positions[0]!);
  const column = QC_POSITIONS.indexOf(open as (typeof QC_POSITIONS)[number]);
  const faultsAt = (p: string) => {
    const c = QC_POSITIONS.indexOf(p as (typeof QC_POSITIONS)[number]);
    return values.faults.filter((row) => row[c]).length;
  };
  const total = positions.reduce((n, p) => n + faultsAt(p), 0);

  const body = {
    unit_id: unit.id,
    location_id: values.locationId,
    name_qc: values.nameQc,
    // the matrix holds 'OK' per cell: a fault is false
    checks: values.faults.map((row) => row.map((fault) => !fault)),
  };
  const parsed = ZQcCheckCreateBody.safeParse(body);
  const issues = issuesOf(parsed);
  const issueOf = useIssueOf(issues, touched);
  const blockers = issues.size > 0 ? ['Periksa isian yang ditandai merah'] : [];

  function toggle(item: number) {
    setValues((v) => ({
      ...v,
      faults: v.faults.map((row, i) => (i === item ? row.map((f, c) => (c === column ? !f : f)) : row)),
    }));
  }

  function submit() {
    setTouched(true);
    if (!parsed.success) return;
    void save(body, `QC ${unit.plate_number} tersimpan di HP`);
  }

  return (
    <div className="lp-page lp-form-page">
      <FormHeader unit={unit} title="QC" />

      <section className="lp-section lp-stack" aria-label="Data QC">
        <Field label="Nama QC checker" error={issueOf('name_qc')}>
          <input
            value={values.nameQc}
            onChange={(e) => setValues((v) => ({ ...v, nameQc: e.target.value }))}
            autoComplete="name"
          />
        </Field>
        <LocationField
          snapshot={snapshot}
          value={values.locationId}
          onChange={(locationId) => setValues((v) => ({ ...v, locationId }))}
          error={issueOf('location_id')}
        />
      </section>

      <section className="lp-section lp-stack" aria-label="Pemeriksaan">
        <h2>Pemeriksaan</h2>
        <p className="lp-muted">
          Semua item dianggap baik. Ketuk item untuk menandai temuan. {total} temuan.
        </p>
        <div className="lp-pos-tabs" role="tablist" aria-label="Posisi">
          {positions.map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              aria-selected={p === open}
              className="lp-pos-tab"
              aria-label={faultsAt(p) > 0 ? `Posisi ${p}, ${faultsAt(p)} temuan` : `Posisi ${p}`}
              onClick={() => setOpen(p)}
            >
              {p}
              {faultsAt(p) > 0 && <span className="lp-pos-count">{faultsAt(p)}</span>}
            </button>
          ))}
        </div>
        <ul className="lp-card lp-qc-items" role="tabpanel" aria-label={`Posisi ${open}`}>
          {QC_ITEM_LABELS.map((label, item) => {
            const fault = values.faults[item]![column]!;
            return (
              <li key={label}>
                <label className={`lp-check lp-qc-item${fault ? ' lp-qc-fault' : ''}`}>
                  <input type="checkbox" checked={!fault} onChange={() => toggle(item)} />
                  <span>{label}</span>
                  <small>{fault ? 'Temuan' : 'Baik'}</small>
                </label>
              </li>
            );
          })}
        </ul>
      </section>

      <SubmitBar touched={touched} blockers={blockers} busy={busy} onSubmit={submit} />
    </div>
  );
}
