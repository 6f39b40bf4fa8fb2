import { tireReplacementsEndpoints } from '@itms/contracts/api/tire-replacements';
import { FLAP_STATUSES, type Position, TUBE_STATUSES, VELG_STATUSES } from '@itms/contracts/enums';
import type { TFieldReturnedReplacement } from '@itms/contracts/field';
import { checkWarnings, type TireBefore } from '@itms/contracts/rules/field-warnings';
import { ZReplacementResubmitBody, ZReplacementSubmitBody } from '@itms/contracts/tire-replacements';
import type { TTireSnLite } from '@itms/contracts/tires';
import { useMemo, useState } from 'react';
import { positionLabel } from '../components/vehicle-diagram';
import { call, isApiError } from '../lib/api-client';
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
import { NumberInput, TreadFields } from './number-input';
import './replacement-form.css';
import { GROOVES } from '@itms/contracts/rules/grooves';
import { StoringNote, useStoringCall } from './call-link';
import { OnSiteSignatures, PIC_PRESENT, type PicAbsence, picAbsenceBody } from './pic-absence';
import { WithScan } from './scanner';
import { useSignatures } from './signature-pad';
import { useOnline } from './use-online';

type Measure = (typeof GROOVES)[number] | 'pressure';
/** What is done at a position; '' = left as it is (not sent). */
type Action = '' | 'replace' | 'remove' | 'check';
const EQUIPMENT = [
  { field: 'tube_status', label: 'Status tube', values: TUBE_STATUSES },
  { field: 'flap_status', label: 'Status flap', values: FLAP_STATUSES },
  { field: 'velg_status', label: 'Status velg', values: VELG_STATUSES },
] as const;
type Equipment = (typeof EQUIPMENT)[number]['field'];

interface PositionEntry extends Record<Measure | Equipment, string> {
  action: Action;
  /** The tire at the position (prefilled from the snapshot): the one removed or checked. */
  current: string;
  /** The tire put on (Ganti). */
  installed: string;
  /** The tire put on as the server's search found it (its size and last reading), when picked there. */
  installedFound?: InstalledTire;
  /** Why it is replaced or removed; a note on a check (the record's information). */
  information: string;
}

/** What the records say of a tire before this replacement: its size and last reading. */
interface InstalledTire extends TireBefore {
  size: string;
}

/** What the replacement form keeps in its draft (the photos and signatures go with the draft's blobs). */
interface ReplacementDraftValues {
  spk: string;
  locationId: string;
  odometer: string;
  /** 'PIC tidak di tempat' and its reason; missing in a draft kept before the choice existed. */
  picAbsence?: PicAbsence;
  positions: Record<string, PositionEntry>;
  /** The breakdown call it answers (opened from the call's 'Selesai'): the server links the two. */
  callId?: number;
}

const PHOTO_LABELS = { odometer_url: 'Foto odometer', plate_number_url: 'Foto plat nomor' } as const;
type PhotoField = keyof typeof PHOTO_LABELS;
const SIGN_LABELS = {
  pic_sign: 'Tanda tangan PIC',
  itms_sign: 'Tanda tangan ITMS',
  tireman_sign: 'Tanda tangan tire man',
} as const;
type SignField = keyof typeof SIGN_LABELS;
/** Stands for a blob on the phone while the form is checked; saving puts its `photo:<id>` there. */
const ON_PHONE = 'di-hp';

const pick = (blobs: Record<string, Blob> | undefined, fields: readonly string[]) =>
  Object.fromEntries(Object.entries(blobs ?? {}).filter(([f]) => fields.includes(f)));

const emptyEntry = (current: string): PositionEntry => ({
  action: '',
  current,
  installed: '',
  groove_1: '',
  groove_2: '',
  groove_3: '',
  groove_4: '',
  pressure: '',
  tube_status: '',
  flap_status: '',
  velg_status: '',
  information: '',
});

/**
 * The positions as a returned replacement had them: what was done at each, the tire put on, its
 * measurements, equipment and note (the redo starts from what the office sent back).
 */
function returnedPositions(
  redo: TFieldReturnedReplacement,
  fresh: Record<string, PositionEntry>,
): Record<string, PositionEntry> {
  const positions = { ...fresh };
  for (const r of redo.records) {
    const action = (['replace', 'remove', 'check'] as const).find((a) => a === r.status);
    if (!action || !positions[r.position]) continue;
    positions[r.position] = {
      ...positions[r.position]!,
      action,
      ...(action === 'replace' ? { installed: r.serial_number } : { current: r.serial_number }),
      groove_1: numberText(r.groove_1),
      groove_2: numberText(r.groove_2),
      groove_3: numberText(r.groove_3),
      groove_4: numberText(r.groove_4),
      pressure: numberText(r.pressure),
      tube_status: r.tube_status,
      flap_status: r.flap_status,
      velg_status: r.velg_status,
      information: r.information,
    };
  }
  return positions;
}

/** Pergantian of one unit, filled with or without a signal; 'Kirim' keeps it on the phone to be sent. */
export function ReplacementFormPage() {
  return <UnitFormPage kind="tire-replacement" form={(start) => <ReplacementForm {...start} />} />;
}

function ReplacementForm(start: FormStart) {
  const { snapshot, unit, draft } = start;
  const redo = start.redo?.kind === 'tire-replacement' ? start.redo : undefined;
  const mounted = new Map(unit.tires.map((t) => [t.position, t]));
  const kept = draft?.values as ReplacementDraftValues | undefined;
  const callOf = useStoringCall(snapshot, unit.id);
  const [values, setValues] = useState<ReplacementDraftValues>(() => {
    const fresh = Object.fromEntries(
      unit.positions.map((p) => [p, emptyEntry(mounted.get(p)?.serial_number ?? '')]),
    );
    const callId = kept?.callId ?? callOf?.id;
    // a draft made before the unit's positions changed keeps what still fits
    if (kept) return { ...kept, positions: { ...fresh, ...kept.positions }, callId };
    if (callOf && !redo) {
      // the call's positions, to be replaced (he may change what was done at each)
      for (const p of callOf.positions) if (fresh[p]) fresh[p] = { ...fresh[p]!, action: 'replace' };
      return { spk: '', locationId: String(unit.location?.id ?? ''), odometer: '', positions: fresh, callId };
    }
    if (redo) {
      return {
        spk: redo.spk,
        locationId: String(redo.location.id),
        odometer: String(redo.odometer),
        positions: returnedPositions(redo, fresh),
      };
    }
    return { spk: '', locationId: String(unit.location?.id ?? ''), odometer: '', positions: fresh };
  });
  const { photos, take } = usePhotos(pick(draft?.photos, Object.keys(PHOTO_LABELS)));
  const { signs, setSign } = useSignatures(draft?.photos, Object.keys(SIGN_LABELS));
  // one set of blobs for the draft and the outbox: photos and drawn signatures alike
  const blobs = useMemo(() => ({ ...photos, ...signs }), [photos, signs]);
  const { busy, save } = useFormEntry(start, 'tire-replacement', values, blobs);
  const [touched, setTouched] = useState(false);
  const set = (patch: Partial<ReplacementDraftValues>) => setValues((v) => ({ ...v, ...patch }));
  const setPosition = (p: string, patch: Partial<PositionEntry>) =>
    setValues((v) => ({ ...v, positions: { ...v.positions, [p]: { ...v.positions[p]!, ...patch } } }));

  // his stored signature signs for him; without one he draws it here
  const ownSign = snapshot.data.me.signature;
  const signFields: SignField[] = ownSign
    ? ['pic_sign', 'itms_sign']
    : ['pic_sign', 'itms_sign', 'tireman_sign'];

  // a position left as it is is not sent
  const sent = unit.positions.filter((p) => values.positions[p]!.action !== '');
  const records = sent.map((p) => recordOf(p, values.positions[p]!, mounted.get(p)));
  const signed = {
    ...Object.fromEntries(signFields.flatMap((f) => (blobs[f] ? [[f, ON_PHONE]] : []))),
    ...(ownSign ? { tireman_sign: ownSign } : {}),
    ...picAbsenceBody(values.picAbsence),
  };
  // the redo sends the positions again with the signatures taken again; SPK, odometer and the photos
  // stay as the office has them
  const body = redo
    ? { ...signed, records }
    : {
        unit_id: unit.id,
        location_id: values.locationId,
        // left empty it is no number, not 0 ('Odometer harus angka')
        odometer: values.odometer.trim() || undefined,
        spk: values.spk,
        ...Object.fromEntries(
          (Object.keys(PHOTO_LABELS) as PhotoField[]).flatMap((f) => (blobs[f] ? [[f, ON_PHONE]] : [])),
        ),
        ...signed,
        records,
        ...(values.callId ? { storing_call_id: values.callId } : {}),
      };
  const parsed = (redo ? ZReplacementResubmitBody : ZReplacementSubmitBody).safeParse(body);
  const issues = issuesOf(parsed);
  // photos and signatures have no red field: their messages are the reasons under 'Kirim' (which
  // stays disabled while one is missing); so is 'no position chosen'
  const pictures = ['odometer_url', 'plate_number_url', 'tireman_sign', 'pic_sign', 'itms_sign'];
  const unmarked = [...pictures, 'records'];
  const messagesOf = (fields: string[]) => fields.flatMap((f) => (issues.has(f) ? [issues.get(f)!] : []));
  const missing = messagesOf(pictures);
  const blockers = [
    ...messagesOf(['records']),
    ...([...issues.keys()].some((k) => !unmarked.includes(k)) ? ['Periksa isian yang ditandai merah'] : []),
  ];
  const issueOf = useIssueOf(issues, touched);

  // the check's rule on each tire measured here (the server finds the same ones for EDP): against
  // the tire's last reading, from the search it was picked in (Ganti) or the unit's records (Cek)
  const sizePsi = new Map(snapshot.data.size_pressures.map((s) => [s.size, s.reference_psi]));
  const warnings = checkWarnings({
    odometer: null,
    last_odometer: null,
    tires: sent.flatMap((p) => {
      const e = values.positions[p]!;
      const known = knownTire(e, mounted.get(p));
      if (!known) return [];
      return [
        {
          position: p,
          serial_number: known.serial_number,
          grooves: [
            numberOrNull(e.groove_1),
            numberOrNull(e.groove_2),
            numberOrNull(e.groove_3),
            numberOrNull(e.groove_4),
          ],
          pressure: numberOrNull(e.pressure),
          before: known,
          reference_psi: sizePsi.get(known.size),
        },
      ];
    }),
  });
  const confirm = useWarningConfirm(warnings);

  function submit(confirming = false) {
    setTouched(true);
    if (!parsed.success) return;
    if (!confirm.mayGo(confirming)) return;
    void save(body, `${redo ? 'Pergantian ulang' : 'Pergantian'} ${unit.plate_number} tersimpan di HP`);
  }

  return (
    <div className="lp-page lp-form-page">
      <FormHeader unit={unit} title={redo ? 'Pergantian ulang' : 'Pergantian'} />
      {!redo && values.callId && (
        <StoringNote snapshot={snapshot} callId={values.callId} what="pergantian ini" />
      )}

      {redo ? (
        <ReturnedNote reason={redo.return_reason}>
          Perbaiki ban di bawah. SPK {redo.spk || '-'} · Odometer {redo.odometer} Km · {redo.location.name}:
          tetap seperti yang dikirim.
        </ReturnedNote>
      ) : (
        <section className="lp-section lp-stack" aria-label="Data pergantian">
          <Field label="SPK" error={issueOf('spk')}>
            <input value={values.spk} onChange={(e) => set({ spk: e.target.value })} autoComplete="off" />
          </Field>
          <LocationField
            snapshot={snapshot}
            value={values.locationId}
            onChange={(locationId) => set({ locationId })}
            error={issueOf('location_id')}
          />
          <Field label="Odometer (Km)" error={issueOf('odometer')}>
            <NumberInput
              inputMode="numeric"
              value={values.odometer}
              onChange={(odometer) => set({ odometer })}
            />
          </Field>
          {(Object.keys(PHOTO_LABELS) as PhotoField[]).map((f) => (
            <PhotoInput
              key={f}
              label={PHOTO_LABELS[f]}
              photo={photos[f]}
              onFile={(file) => void take(f, file)}
            />
          ))}
        </section>
      )}

      <section className="lp-section lp-stack" aria-label="Ban">
        <h2>Ban</h2>
        {issueOf('records') && <div className="lp-error">{issueOf('records')}</div>}
        {unit.positions.map((p) => {
          const i = sent.indexOf(p as Position);
          return (
            <PositionForm
              key={p}
              position={p as Position}
              entry={values.positions[p]!}
              mountedSerial={mounted.get(p)?.serial_number}
              warnings={warnings.flatMap((w) => (w.position === p ? [w.message] : []))}
              issueOf={(field) => (i >= 0 ? issueOf(`records.${i}.${field}`) : undefined)}
              onChange={(patch) => setPosition(p, patch)}
            />
          );
        })}
      </section>

      <section className="lp-section lp-stack" aria-label="Tanda tangan">
        <h2>Tanda tangan</h2>
        <OnSiteSignatures
          fields={signFields}
          labels={SIGN_LABELS}
          signs={signs}
          setSign={setSign}
          picAbsence={values.picAbsence ?? PIC_PRESENT}
          setPicAbsence={(picAbsence) => set({ picAbsence })}
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

/**
 * The tire measured at a position as the records know it: the one put on when it was picked from
 * the server's search (typed, it is unknown until the office has it), the one there when checked.
 */
function knownTire(
  e: PositionEntry,
  mounted: FormStart['unit']['tires'][number] | undefined,
): InstalledTire | null {
  if (e.action === 'replace') return e.installedFound ?? null;
  if (e.action !== 'check' || !mounted) return null;
  if (e.current.trim().toLowerCase() !== mounted.serial_number.toLowerCase()) return null;
  return {
    serial_number: mounted.serial_number,
    size: mounted.size,
    grooves: [mounted.groove_1, mounted.groove_2, mounted.groove_3, mounted.groove_4],
  };
}

/** The record of a position: the tire put on (Ganti), or the tire there, removed or checked. */
function recordOf(
  position: string,
  e: PositionEntry,
  mounted: FormStart['unit']['tires'][number] | undefined,
) {
  const measured = Object.fromEntries([...GROOVES, 'pressure'].map((f) => [f, e[f as Measure]]));
  // only what was filled in: an empty value would blank the tire's own on the record
  const filled = (fields: readonly string[]) =>
    Object.fromEntries(
      fields.flatMap((f) => {
        const v = e[f as Measure | Equipment | 'information'].trim();
        return v ? [[f, v]] : [];
      }),
    );
  if (e.action === 'replace') {
    return {
      position,
      status: e.action,
      serial_number: e.installed.trim(),
      ...measured,
      ...filled([...EQUIPMENT.map((q) => q.field), 'information']),
    };
  }
  const serial = e.current.trim();
  // the tire of the records by its id, unless he found another serial on the wheel
  const tireId =
    mounted && serial.toLowerCase() === mounted.serial_number.toLowerCase() ? mounted.tire_id : undefined;
  return {
    position,
    status: e.action,
    serial_number: serial,
    ...(tireId ? { tire_id: tireId } : {}),
    ...(e.action === 'check' ? measured : {}),
    ...filled(['information']),
  };
}

const ACTIONS: { value: Action; label: string }[] = [
  { value: '', label: 'Tidak diubah' },
  { value: 'replace', label: 'Ganti' },
  { value: 'remove', label: 'Lepas' },
  { value: 'check', label: 'Cek' },
];
const NOTE_LABEL: Record<Exclude<Action, ''>, string> = {
  replace: 'Alasan ganti',
  remove: 'Alasan lepas',
  check: 'Catatan',
};

function PositionForm({
  position,
  entry,
  mountedSerial,
  warnings,
  issueOf,
  onChange,
}: {
  position: Position;
  entry: PositionEntry;
  mountedSerial: string | undefined;
  /** What deserves a second look at this position (field-warnings). */
  warnings: string[];
  issueOf: (field: string) => string | undefined;
  onChange: (patch: Partial<PositionEntry>) => void;
}) {
  // an empty position can only get a tire
  const actions = mountedSerial
    ? ACTIONS
    : ACTIONS.filter((a) => a.value === '' || a.value === 'replace').map((a) =>
        a.value === 'replace' ? { ...a, label: 'Pasang' } : a,
      );
  const { action } = entry;
  return (
    <fieldset className="lp-card lp-tire-form" aria-label={positionLabel(position)}>
      <legend>{positionLabel(position)}</legend>
      <div className="lp-muted">Terpasang: {mountedSerial ?? 'posisi kosong'}</div>
      <div className="lp-actions-choice" role="radiogroup" aria-label="Tindakan">
        {actions.map((a) => (
          <label key={a.value} className={action === a.value ? 'lp-chosen' : undefined}>
            <input
              type="radio"
              name={`action-${position}`}
              checked={action === a.value}
              onChange={() => onChange({ action: a.value })}
            />
            {a.label}
          </label>
        ))}
      </div>
      {action === 'replace' && (
        <InstalledSerial
          value={entry.installed}
          error={issueOf('serial_number')}
          onChange={(installed, installedFound) => onChange({ installed, installedFound })}
        />
      )}
      {(action === 'remove' || action === 'check') && (
        <Field
          label={action === 'remove' ? 'Nomor seri dilepas' : 'Nomor seri'}
          error={issueOf('serial_number')}
        >
          <input
            value={entry.current}
            autoCapitalize="characters"
            onChange={(e) => onChange({ current: e.target.value })}
          />
        </Field>
      )}
      {(action === 'replace' || action === 'check') && (
        <TreadFields values={entry} errorOf={issueOf} onChange={onChange} />
      )}
      {action === 'replace' &&
        EQUIPMENT.map((q) => (
          <Field key={q.field} label={q.label} error={issueOf(q.field)}>
            <select value={entry[q.field]} onChange={(e) => onChange({ [q.field]: e.target.value })}>
              <option value="">Tidak diisi</option>
              {q.values.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </Field>
        ))}
      {action !== '' && (
        <Field label={NOTE_LABEL[action]} error={issueOf('information')}>
          <input value={entry.information} onChange={(e) => onChange({ information: e.target.value })} />
        </Field>
      )}
      {warnings.map((w) => (
        <small key={w} className="lp-warning">
          {w}
        </small>
      ))}
    </fieldset>
  );
}

/** The serial of the tire put on: typed (works offline), or picked from the server's search. */
function InstalledSerial({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  /** The serial, and the tire when it was picked from the search (typing forgets it). */
  onChange: (serial: string, found?: InstalledTire) => void;
}) {
  const online = useOnline();
  const [found, setFound] = useState<TTireSnLite[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string>();

  async function search() {
    setSearching(true);
    setSearchError(undefined);
    try {
      setFound(await call(tireReplacementsEndpoints.findTireSerials, { params: { text: value.trim() } }));
    } catch (err) {
      setFound(null);
      setSearchError(isApiError(err) && err.status !== 0 ? err.message : 'Butuh sinyal');
    } finally {
      setSearching(false);
    }
  }

  return (
    <>
      <WithScan
        onScan={(text) => {
          setFound(null);
          onChange(text);
        }}
      >
        <Field label="Nomor seri dipasang" error={error}>
          <input
            value={value}
            autoCapitalize="characters"
            onChange={(e) => {
              setFound(null);
              onChange(e.target.value);
            }}
          />
        </Field>
      </WithScan>
      {online ? (
        <button
          className="lp-button lp-small"
          type="button"
          disabled={searching || value.trim() === ''}
          onClick={() => void search()}
        >
          {searching ? 'Mencari ...' : 'Cari nomor seri'}
        </button>
      ) : (
        <small className="lp-muted">Cari nomor seri di server: Butuh sinyal</small>
      )}
      {searchError && <small className="lp-error">{searchError}</small>}
      {found && (
        <ul className="lp-serial-results" aria-label="Hasil pencarian nomor seri">
          {found.length === 0 && <li className="lp-muted">Tidak ditemukan</li>}
          {found.map((t) => (
            <li key={t.id}>
              <button
                className="lp-button lp-wide"
                type="button"
                onClick={() => {
                  onChange(t.serial_number, {
                    serial_number: t.serial_number,
                    size: t.size,
                    grooves: [t.groove_1, t.groove_2, t.groove_3, t.groove_4],
                  });
                  setFound(null);
                }}
              >
                {t.serial_number} · {t.ir_brand} · {t.status}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
