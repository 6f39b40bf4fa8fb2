import {
  FLAP_STATUSES,
  TIRE_ORIGIN_LABELS,
  TIRE_ORIGINS,
  TUBE_STATUSES,
  VELG_STATUSES,
} from '@itms/contracts/enums';
import { GROOVES } from '@itms/contracts/rules/grooves';
import { ZTireRequestCreateBody } from '@itms/contracts/tire-requests';
import { useState } from 'react';
import {
  Field,
  FormHeader,
  issuesOf,
  NoUnitFormPage,
  type NoUnitFormStart,
  PhotoInput,
  SubmitBar,
  useFormEntry,
  useIssueOf,
  usePhotos,
} from './form-kit';
import { TreadFields } from './number-input';

/** The tire fields the form asks for, by the body's names. */
const FIELDS = [
  'serial_number',
  'ir_brand',
  'ori_brand',
  'pattern',
  'size',
  'is_original',
  ...GROOVES,
  'pressure',
  'tube_status',
  'flap_status',
  'velg_status',
  'information',
] as const;
type TextField = (typeof FIELDS)[number];
/** What the request form keeps in its draft: the fields as typed. */
export type TireRequestDraftValues = Record<TextField, string>;
const EMPTY = Object.fromEntries(FIELDS.map((f) => [f, ''])) as TireRequestDraftValues;

/** Permintaan ban baru: a tire the database lacks, asked for from the field with its serial's photo. */
export function TireRequestFormPage() {
  return <NoUnitFormPage kind="tire-request" form={(start) => <TireRequestForm {...start} />} />;
}

function TireRequestForm(start: NoUnitFormStart) {
  const { snapshot, draft } = start;
  const [values, setValues] = useState<TireRequestDraftValues>(() => ({
    ...EMPTY,
    ...(draft?.values as Partial<TireRequestDraftValues> | undefined),
  }));
  const { photos, take } = usePhotos(draft?.photos);
  const { busy, save } = useFormEntry(start, 'tire-request', values, photos);
  const [touched, setTouched] = useState(false);
  const set = (patch: Partial<TireRequestDraftValues>) => setValues((v) => ({ ...v, ...patch }));

  // only what was filled in: left empty it is unknown, not 0
  const body = Object.fromEntries(
    Object.entries(values).flatMap(([f, v]) => (v.trim() ? [[f, v.trim()]] : [])),
  ) as Record<string, string>;
  body.serial_number = values.serial_number.trim();
  const parsed = ZTireRequestCreateBody.safeParse(body);
  const issues = issuesOf(parsed);
  const missing = photos.serial_number_img ? [] : ['Foto nomor seri wajib diisi'];
  const blockers = issues.size > 0 ? ['Periksa isian yang ditandai merah'] : [];
  const issueOf = useIssueOf(issues, touched);

  function submit() {
    setTouched(true);
    if (missing.length > 0 || !parsed.success) return;
    void save(body, `Permintaan ban ${body.serial_number} tersimpan di HP`, { subject: body.serial_number });
  }

  const text = (field: TextField, label: string, extra?: { list?: string; upper?: boolean }) => (
    <Field label={label} error={issueOf(field)}>
      <input
        value={values[field]}
        list={extra?.list}
        autoCapitalize={extra?.upper ? 'characters' : undefined}
        autoComplete="off"
        onChange={(e) => set({ [field]: e.target.value })}
      />
    </Field>
  );
  const choice = (
    field: TextField,
    label: string,
    options: readonly string[],
    names?: Record<string, string>,
  ) => (
    <Field label={label} error={issueOf(field)}>
      <select value={values[field]} onChange={(e) => set({ [field]: e.target.value })}>
        <option value="">-</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {names?.[o] ? `${o} (${names[o]})` : o}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <div className="lp-page lp-form-page">
      <FormHeader title="Permintaan ban baru" />

      <section className="lp-section lp-stack" aria-label="Data ban">
        {text('serial_number', 'Nomor seri', { upper: true })}
        <PhotoInput
          label="Foto nomor seri"
          photo={photos.serial_number_img}
          onFile={(f) => void take('serial_number_img', f)}
        />
        {text('ir_brand', 'Merek IR', { upper: true })}
        {text('ori_brand', 'Merek ori', { upper: true })}
        {text('pattern', 'Pattern')}
        {text('size', 'Ukuran', { list: 'lp-tire-sizes', upper: true })}
        <datalist id="lp-tire-sizes">
          {snapshot.data.size_pressures.map((s) => (
            <option key={s.size} value={s.size} />
          ))}
        </datalist>
        {choice('is_original', 'ORI / RET', TIRE_ORIGINS, TIRE_ORIGIN_LABELS)}
      </section>

      <section className="lp-section lp-stack" aria-label="Tapak dan tekanan">
        <TreadFields values={values} errorOf={issueOf} onChange={set} />
      </section>

      <section className="lp-section lp-stack" aria-label="Tube, flap dan velg">
        {choice('tube_status', 'Status tube', TUBE_STATUSES)}
        {choice('flap_status', 'Status flap', FLAP_STATUSES)}
        {choice('velg_status', 'Status velg', VELG_STATUSES)}
        <Field label="Keterangan" error={issueOf('information')}>
          <textarea
            rows={3}
            value={values.information}
            onChange={(e) => set({ information: e.target.value })}
          />
        </Field>
      </section>

      <SubmitBar touched={touched} missing={missing} blockers={blockers} busy={busy} onSubmit={submit} />
    </div>
  );
}
