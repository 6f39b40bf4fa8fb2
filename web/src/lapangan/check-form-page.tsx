import { conditionCodes, SEEDED_CATALOGUE, type TDefectCode } from '@itms/contracts/defect-codes';
import type { Position } from '@itms/contracts/enums';
import type { TFieldReturnedCheck } from '@itms/contracts/field';
import { listedCategory } from '@itms/contracts/mismatch-categories';
import { SERIAL_MISMATCH_CATEGORY } from '@itms/contracts/mismatches';
import { checkWarnings } from '@itms/contracts/rules/field-warnings';
import { GROOVES } from '@itms/contracts/rules/grooves';
import { formatNumber } from '@itms/contracts/rules/number-format';
import { inWalkOrder } from '@itms/contracts/rules/vehicle-diagram';
import { ZResubmitBody, ZTireCheckCreateBody } from '@itms/contracts/tire-checks';
import { memo, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { positionLabel } from '../components/vehicle-diagram';
import {
  Field,
  FormHeader,
  type FormStart,
  issuesOf,
  LocationField,
  numberOrNull,
  numberText,
  PhotoInput,
  ReturnedNote,
  SubmitBar,
  UnitFormPage,
  useFormEntry,
  useIssueOf,
  usePhotos,
  useWarningConfirm,
} from './form-kit';
import { reportSerialInBkbDraft } from './mismatch-form-page';
import { NumberInput, TreadFields } from './number-input';
import { OnSiteSignatures, PIC_PRESENT, type PicAbsence, picAbsenceBody } from './pic-absence';
import { WithScan } from './scanner';
import { useSignatures } from './signature-pad';
import { ALL_NORMAL, allNormalOrUnchecked, TireCondition } from './tire-condition';

type Groove = (typeof GROOVES)[number];
type TireEntry = Record<Groove | 'pressure' | 'serial_number', string> & {
  /** The five zone codes (crown, shoulder, sidewalls, beads, interior). */
  condition: number[];
  rotation: string;
  temperature: string;
  information: string;
  /** The photo the office holds for this tire (the redo of a returned check keeps it). */
  keptPhoto?: string;
};
/**
 * A tire as a draft kept by an earlier version holds it: 'Semua normal' ticked or not, and no
 * rotation, temperature or note.
 */
type KeptTire = Omit<TireEntry, 'condition' | 'rotation' | 'temperature' | 'information'> &
  Partial<Pick<TireEntry, 'condition' | 'rotation' | 'temperature' | 'information'>> & { normal?: boolean };

/** The form's name of a tire's photo (its draft and the outbox know it by this name). */
const tirePhoto = (p: string) => `tire:${p}`;

/** A kept draft's tires in today's shape (an update must not lose a draft in progress). */
export function keptTires(tires: Record<string, KeptTire>): Record<string, TireEntry> {
  return Object.fromEntries(
    Object.entries(tires).map(([p, { normal, condition, ...t }]) => [
      p,
      {
        rotation: '',
        temperature: '',
        information: '',
        ...t,
        condition: condition ?? (normal === false ? [0, 0, 0, 0, 0] : [...ALL_NORMAL]),
      },
    ]),
  );
}

const PHOTO_LABELS = { odometer_url: 'Foto odometer', plate_number_url: 'Foto plat nomor' } as const;
type PhotoField = keyof typeof PHOTO_LABELS;

/** Pengecekan of one unit, filled with or without a signal; 'Kirim' keeps it on the phone to be sent. */
export function CheckFormPage() {
  return <UnitFormPage kind="tire-check" form={(start) => <CheckForm {...start} />} />;
}

/** What the check form keeps in its draft. */
interface CheckDraftValues {
  locationId: string;
  projectId: string;
  odometer: string;
  driverName: string;
  picName: string;
  /** 'PIC tidak di tempat' and its reason; missing in a draft kept before the choice existed. */
  picAbsence?: PicAbsence;
  tires: Record<string, KeptTire>;
}

/** The signatures collected on site; the tire man's own is his stored one unless he has none. */
const SIGN_LABELS = {
  driver_sign: 'Tanda tangan driver',
  pic_sign: 'Tanda tangan PIC',
  itms_sign: 'Tanda tangan ITMS',
  tireman_sign: 'Tanda tangan tire man',
} as const;
type SignField = keyof typeof SIGN_LABELS;

/**
 * The form's tires at the start: each position with its serial from the records and nothing
 * measured yet, or, for the redo of a returned check, as that check had them.
 */
function startingTires(
  unit: FormStart['unit'],
  redo: TFieldReturnedCheck | undefined,
): Record<string, TireEntry> {
  const mounted = new Map(unit.tires.map((t) => [t.position, t.serial_number]));
  const returned = new Map(redo?.records.map((r) => [r.position, r]));
  return Object.fromEntries(
    unit.positions.map((p) => {
      const r = returned.get(p);
      const entry: TireEntry = {
        serial_number: redo ? (r?.serial_number ?? '') : (mounted.get(p) ?? ''),
        groove_1: numberText(r?.groove_1),
        groove_2: numberText(r?.groove_2),
        groove_3: numberText(r?.groove_3),
        groove_4: numberText(r?.groove_4),
        pressure: numberText(r?.pressure),
        condition: r ? conditionCodes(r.condition) : [...ALL_NORMAL],
        rotation: r?.rotation ?? '',
        temperature: numberText(r?.temperature),
        information: r?.information ?? '',
        ...(r && r.serial_number_url !== '-' && r.serial_number_url !== ''
          ? { keptPhoto: r.serial_number_url }
          : {}),
      };
      return [p, entry];
    }),
  );
}

/**
 * A new check of the unit, or the redo of a returned one (`start.redo`): then only the tires are
 * measured again, the rest stays as the office has it, and it is sent as the check's resubmit.
 */
function CheckForm(start: FormStart) {
  const { userId, snapshot, unit, draft } = start;
  const redo = start.redo?.kind === 'tire-check' ? start.redo : undefined;
  const navigate = useNavigate();
  const mounted = new Map(unit.tires.map((t) => [t.position, t]));
  const kept = draft?.values as CheckDraftValues | undefined;
  const [locationId, setLocationId] = useState(kept?.locationId ?? String(unit.location?.id ?? ''));
  const [projectId, setProjectId] = useState(kept?.projectId ?? String(unit.project.id));
  const [odometer, setOdometer] = useState(kept?.odometer ?? '');
  const [driverName, setDriverName] = useState(kept?.driverName ?? '');
  const { photos, take, remove } = usePhotos(draft?.photos);
  const [tires, setTires] = useState(() => (kept?.tires ? keptTires(kept.tires) : startingTires(unit, redo)));
  // a snapshot taken before the catalogue existed: the codes every server was seeded with
  const catalogue = snapshot.data.defect_codes ?? SEEDED_CATALOGUE;
  const [picName, setPicName] = useState(kept?.picName ?? '');
  const [picAbsence, setPicAbsence] = useState(kept?.picAbsence ?? PIC_PRESENT);
  const { signs, setSign } = useSignatures(draft?.photos, Object.keys(SIGN_LABELS));
  const ownSign = snapshot.data.me.signature;
  const signFields = (Object.keys(SIGN_LABELS) as SignField[]).filter(
    (f) => !(f === 'tireman_sign' && ownSign),
  );
  // photos and drawn signatures are the entry's blobs alike: uploaded first, then the check
  const blobs = useMemo(() => ({ ...photos, ...signs }), [photos, signs]);
  const values: CheckDraftValues = useMemo(
    () => ({ locationId, projectId, odometer, driverName, picName, picAbsence, tires }),
    [locationId, projectId, odometer, driverName, picName, picAbsence, tires],
  );
  const { busy, save } = useFormEntry(start, 'tire-check', values, blobs);
  const [touched, setTouched] = useState(false);
  // positions with a tire mounted or a serial typed are checked; an empty position is left out
  // asked in the order the tire man walks the truck: one side front to back, then the other
  const walk = useMemo(() => inWalkOrder(unit.unit_type, unit.positions), [unit]);
  const checked = walk.filter((p) => tires[p]!.serial_number.trim() !== '');
  const records = checked.map((p) => {
    const t = tires[p]!;
    return {
      position: p,
      serial_number: t.serial_number,
      ...Object.fromEntries(GROOVES.map((g) => [g, t[g]])),
      pressure: t.pressure,
      condition: t.condition,
      rotation: t.rotation,
      temperature: t.temperature,
      information: t.information,
      // a new photo takes this place when the entry is saved (citedAt below)
      ...(t.keptPhoto ? { serial_number_url: t.keptPhoto } : {}),
    };
  });
  const signed = {
    pic_name: picName,
    ...picAbsenceBody(picAbsence),
    ...(ownSign ? { tireman_sign: ownSign } : {}),
  };
  const body = redo
    ? { ...signed, records }
    : {
        unit_id: unit.id,
        location_id: locationId,
        project_id: projectId,
        odometer,
        driver: { name: driverName, phone: '' },
        ...signed,
        records,
      };
  // the whole body is checked once 'Kirim' was tapped, not on every keystroke before it
  const schema = redo ? ZResubmitBody : ZTireCheckCreateBody;
  const parsed = touched ? schema.safeParse(body) : null;
  const issues = parsed ? issuesOf(parsed) : NO_ISSUES;
  // the redo keeps the photos the office has
  const missingPhotos = redo ? [] : (Object.keys(PHOTO_LABELS) as PhotoField[]).filter((f) => !photos[f]);
  // a defect is shown to the office: its photo is required (a tire in order may go without)
  const missingTirePhotos = checked.filter(
    (p) => !allNormalOrUnchecked(tires[p]!.condition) && !photos[tirePhoto(p)] && !tires[p]!.keptPhoto,
  );
  const missing = [
    ...missingPhotos.map((f) => `${PHOTO_LABELS[f]} wajib diisi`),
    ...missingTirePhotos.map((p) => `Foto ban posisi ${p} wajib diisi (ada kerusakan)`),
    ...(ownSign || signs.tireman_sign ? [] : ['Tanda tangan tire man wajib diisi']),
  ];
  const blockers = issues.size > 0 ? ['Periksa isian yang ditandai merah'] : [];
  const issueOf = useIssueOf(issues, touched);

  // values that may be right but deserve a second look: shown at their field, confirmed with a tap
  // (the server finds the same ones and shows them to EDP)
  const sizePsi = new Map(snapshot.data.size_pressures.map((s) => [s.size, s.reference_psi]));
  const warnings = checkWarnings({
    odometer: redo ? null : numberOrNull(odometer),
    last_odometer: unit.last_odometer,
    tires: checked.map((p) => {
      const t = tires[p]!;
      const before = mounted.get(p);
      const sameTire = before?.serial_number.toLowerCase() === t.serial_number.trim().toLowerCase();
      return {
        position: p,
        serial_number: t.serial_number,
        grooves: [
          numberOrNull(t.groove_1),
          numberOrNull(t.groove_2),
          numberOrNull(t.groove_3),
          numberOrNull(t.groove_4),
        ],
        pressure: numberOrNull(t.pressure),
        before: before && {
          serial_number: before.serial_number,
          grooves: [before.groove_1, before.groove_2, before.groove_3, before.groove_4],
        },
        reference_psi: sameTire ? sizePsi.get(before.size) : undefined,
      };
    }),
  });
  const confirm = useWarningConfirm(warnings);
  const warningsAt = (p: string) =>
    warnings.flatMap((w) => (w.position === p && w.kind !== 'serial-differs' ? [w.message] : []));

  // stable: a keystroke re-renders only the fieldset of its tire (TireFieldset is memoised)
  const setTire = useCallback(
    (p: Position, patch: Partial<TireEntry>) =>
      setTires((all) => ({ ...all, [p]: { ...all[p]!, ...patch } })),
    [],
  );
  const takeTirePhoto = useCallback(
    (p: Position, file: File | undefined) => void take(tirePhoto(p), file),
    [take],
  );
  const removeTirePhoto = useCallback((p: Position) => remove(tirePhoto(p)), [remove]);
  /** One tap from a serial that differs from the records to a BKB draft holding it. */
  const reportBkb = useCallback(
    async (p: Position, serial: string) => {
      // the serial category when the office's list still has it; else the tire man picks one
      const category = listedCategory(snapshot.data.mismatch_categories ?? [], SERIAL_MISMATCH_CATEGORY);
      await reportSerialInBkbDraft(userId, unit, p, serial.trim(), category ?? '');
      navigate(`/unit/${unit.id}/bkb`);
    },
    [userId, unit, navigate, snapshot],
  );
  const errorsAt = (i: number): TireErrors =>
    Object.fromEntries(
      TIRE_FIELDS.flatMap((f) => {
        const message = issueOf(`records.${i}.${f}`);
        return message ? [[f, message]] : [];
      }),
    );

  function submit(confirming = false) {
    setTouched(true);
    if (missing.length > 0 || !(parsed ?? schema.safeParse(body)).success) return;
    if (!confirm.mayGo(confirming)) return;
    void save(body, `${redo ? 'Pengecekan ulang' : 'Pengecekan'} ${unit.plate_number} tersimpan di HP`, {
      // a tire's photo goes to its record; the photo of a position left empty is not sent
      citedAt: (name) => {
        if (!name.startsWith('tire:')) return name;
        const i = checked.indexOf(name.slice('tire:'.length) as Position);
        return i < 0 ? null : `records.${i}.serial_number_url`;
      },
    });
  }

  return (
    <div className="lp-page lp-form-page">
      <FormHeader unit={unit} title={redo ? 'Pengecekan ulang' : 'Pengecekan'} />

      {redo ? (
        <ReturnedNote reason={redo.return_reason}>
          Ukur ulang ban di bawah. Odometer {redo.odometer} Km · {redo.location.name}: tetap seperti yang
          dikirim.
        </ReturnedNote>
      ) : (
        <section className="lp-section lp-stack" aria-label="Data unit">
          <LocationField
            snapshot={snapshot}
            value={locationId}
            onChange={setLocationId}
            error={issueOf('location_id')}
          />
          <Field label="Project" error={issueOf('project_id')}>
            <select value={projectId} onChange={(e) => setProjectId(e.target.value)}>
              {snapshot.data.projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Odometer (Km)" error={issueOf('odometer')}>
            <NumberInput inputMode="numeric" value={odometer} onChange={setOdometer} />
          </Field>
          {warnings
            .filter((w) => w.kind === 'odometer-lower')
            .map((w) => (
              <small key={w.kind} className="lp-warning">
                {w.message}
              </small>
            ))}
          {(Object.keys(PHOTO_LABELS) as PhotoField[]).map((f) => (
            <PhotoInput
              key={f}
              label={PHOTO_LABELS[f]}
              photo={photos[f]}
              onFile={(file) => void take(f, file)}
            />
          ))}
          <Field label="Nama driver (opsional)" error={issueOf('driver.name')}>
            <input value={driverName} onChange={(e) => setDriverName(e.target.value)} autoComplete="off" />
          </Field>
        </section>
      )}

      <section className="lp-section lp-stack" aria-label="Ban">
        <h2>Ban</h2>
        {issueOf('records') && <div className="lp-error">{issueOf('records')}</div>}
        {walk.map((p) => {
          const i = checked.indexOf(p as Position);
          return (
            <TireFieldset
              key={p}
              position={p as Position}
              entry={tires[p]!}
              before={mounted.get(p)}
              errors={i < 0 ? NO_ERRORS : errorsAt(i)}
              warnings={warningsAt(p)}
              catalogue={catalogue}
              photo={photos[tirePhoto(p)]}
              onPhoto={takeTirePhoto}
              onRemovePhoto={removeTirePhoto}
              onChange={setTire}
              onReportBkb={reportBkb}
            />
          );
        })}
      </section>

      <section className="lp-section lp-stack" aria-label="Tanda tangan">
        <h2>Tanda tangan</h2>
        <Field label="Nama PIC" error={issueOf('pic_name')}>
          <input value={picName} onChange={(e) => setPicName(e.target.value)} autoComplete="off" />
        </Field>
        <OnSiteSignatures
          fields={signFields}
          labels={SIGN_LABELS}
          signs={signs}
          setSign={setSign}
          picAbsence={picAbsence}
          setPicAbsence={setPicAbsence}
          reasonError={issueOf('pic_absent_reason')}
        />
        {ownSign && (
          <div className="lp-muted">Tanda tangan tire man: yang tersimpan di akun Anda dipakai</div>
        )}
      </section>

      {confirm.panel(() => submit(true))}

      <SubmitBar
        touched={touched}
        missing={missing}
        blockers={blockers}
        busy={busy}
        onSubmit={() => submit()}
      />
    </div>
  );
}

const TIRE_FIELDS = [
  'serial_number',
  ...GROOVES,
  'pressure',
  'condition',
  'temperature',
  'rotation',
  'information',
  'serial_number_url',
] as const;
type TireErrors = Partial<Record<(typeof TIRE_FIELDS)[number], string>>;
const NO_ERRORS: TireErrors = {};
const NO_ISSUES = new Map<string, string>();

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);
const sameErrors = (a: TireErrors, b: TireErrors) => TIRE_FIELDS.every((f) => a[f] === b[f]);

/** One tire of the check; re-rendered only when its own values, messages or warnings change. */
const TireFieldset = memo(
  function TireFieldset({
    position: p,
    entry: t,
    before,
    errors,
    warnings,
    catalogue,
    photo,
    onPhoto,
    onRemovePhoto,
    onChange,
    onReportBkb,
  }: {
    position: Position;
    entry: TireEntry;
    before: FormStart['unit']['tires'][number] | undefined;
    errors: TireErrors;
    warnings: string[];
    catalogue: readonly TDefectCode[];
    photo: Blob | undefined;
    onPhoto: (p: Position, file: File | undefined) => void;
    onRemovePhoto: (p: Position) => void;
    onChange: (p: Position, patch: Partial<TireEntry>) => void;
    onReportBkb: (p: Position, serial: string) => void;
  }) {
    // a position with no tire is not measured: typing goes from the tire before it to the one after
    const empty = t.serial_number.trim() === '';
    return (
      <fieldset className="lp-card lp-tire-form" aria-label={positionLabel(p)}>
        <legend>{positionLabel(p)}</legend>
        <WithScan onScan={(text) => onChange(p, { serial_number: text })}>
          <Field label="Nomor seri" error={errors.serial_number}>
            <input
              value={t.serial_number}
              autoCapitalize="characters"
              onChange={(e) => onChange(p, { serial_number: e.target.value })}
            />
          </Field>
        </WithScan>
        {before &&
          t.serial_number.trim() !== '' &&
          t.serial_number.trim().toLowerCase() !== before.serial_number.toLowerCase() && (
            <div className="lp-alert lp-alert-warn" role="alert">
              <span>Nomor seri berbeda dengan data. Laporkan BKB?</span>
              <button
                className="lp-button lp-small"
                type="button"
                onClick={() => onReportBkb(p, t.serial_number)}
              >
                Laporkan BKB
              </button>
            </div>
          )}
        {before && t.serial_number.trim().toLowerCase() === before.serial_number.toLowerCase() && (
          // what does not change between checks is shown from the records, never typed again
          <div className="lp-muted lp-before lp-tire-kind">
            {[before.ir_brand || before.ori_brand, before.pattern, before.size].filter(Boolean).join(' · ')}
          </div>
        )}
        {before &&
          [before.groove_1, before.groove_2, before.groove_3, before.groove_4, before.pressure].some(
            (v) => v != null,
          ) && (
            // a tire never measured has nothing to compare with
            <div className="lp-muted lp-before">
              Sebelumnya: RTD{' '}
              {[before.groove_1, before.groove_2, before.groove_3, before.groove_4]
                .map(formatNumber)
                .join(' / ')}{' '}
              · PSI {formatNumber(before.pressure)}
            </div>
          )}
        <TreadFields
          values={t}
          errorOf={(f) => errors[f]}
          onChange={(patch) => onChange(p, patch)}
          skipped={empty}
        />
        <TireCondition
          codes={t.condition}
          catalogue={catalogue}
          onChange={(condition) => onChange(p, { condition })}
        />
        {errors.condition && <small className="lp-error">{errors.condition}</small>}
        <PhotoInput
          label={allNormalOrUnchecked(t.condition) ? 'Foto ban' : 'Foto ban (wajib, ada kerusakan)'}
          photo={photo}
          onFile={(file) => onPhoto(p, file)}
          onRemove={() => onRemovePhoto(p)}
        />
        {!photo && t.keptPhoto && (
          <div className="lp-muted">Foto ban yang dikirim sebelumnya tetap dipakai</div>
        )}
        <details className="lp-more" open={Boolean(t.rotation || t.temperature || t.information)}>
          <summary>Suhu, rotasi, catatan</summary>
          <div className="lp-more-fields">
            <Field label="Suhu (°C)" error={errors.temperature}>
              <input
                inputMode="decimal"
                value={t.temperature}
                onChange={(e) => onChange(p, { temperature: e.target.value })}
              />
            </Field>
            <Field label="Rotasi" error={errors.rotation}>
              <input value={t.rotation} onChange={(e) => onChange(p, { rotation: e.target.value })} />
            </Field>
            <Field label="Catatan" error={errors.information}>
              <textarea
                rows={2}
                value={t.information}
                onChange={(e) => onChange(p, { information: e.target.value })}
              />
            </Field>
          </div>
        </details>
        {warnings.map((w) => (
          <small key={w} className="lp-warning">
            {w}
          </small>
        ))}
      </fieldset>
    );
  },
  (a, b) =>
    a.entry === b.entry &&
    a.before === b.before &&
    a.catalogue === b.catalogue &&
    a.photo === b.photo &&
    a.onPhoto === b.onPhoto &&
    a.onRemovePhoto === b.onRemovePhoto &&
    a.onChange === b.onChange &&
    a.onReportBkb === b.onReportBkb &&
    sameErrors(a.errors, b.errors) &&
    sameList(a.warnings, b.warnings),
);
