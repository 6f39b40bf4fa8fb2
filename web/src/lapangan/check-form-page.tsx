import type { Position } from '@itms/contracts/enums';
import type { TFieldUnit } from '@itms/contracts/field';
import { ZTireCheckCreateBody } from '@itms/contracts/tire-checks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { positionLabel } from '../components/vehicle-diagram';
import { type Draft, db, draftKey, type StoredSnapshot } from './db';
import { useFieldUser } from './field-user';
import { saveToOutbox } from './outbox';
import { compressPhoto } from './photo';
import { snapshotOf } from './snapshot';
import { useLive } from './use-live';
import { sendNow } from './use-sender';

const GROOVES = ['groove_1', 'groove_2', 'groove_3', 'groove_4'] as const;
type Groove = (typeof GROOVES)[number];
type TireEntry = Record<Groove | 'pressure' | 'serial_number', string> & { normal: boolean };

/** Condition codes when the tire man taps 'Semua normal' (99 = normal), else not checked (0). */
const ALL_NORMAL = [99, 99, 99, 99, 99];
const NOT_CHECKED = [0, 0, 0, 0, 0];

const PHOTO_LABELS = { odometer_url: 'Foto odometer', plate_number_url: 'Foto plat nomor' } as const;
type PhotoField = keyof typeof PHOTO_LABELS;

/** Pengecekan of one unit, filled with or without a signal; 'Kirim' keeps it on the phone to be sent. */
export function CheckFormPage() {
  const userId = useFieldUser().id;
  const id = Number(useParams().id);
  const snapshot = useLive(() => snapshotOf(userId), userId);
  // the draft is read once: from then on the form holds the values and writes them back
  const [draft, setDraft] = useState<Draft | null>();
  useEffect(() => {
    void db.drafts.get(draftKey(userId, id, 'tire-check')).then((d) => setDraft(d ?? null));
  }, [userId, id]);
  if (snapshot === undefined || draft === undefined) {
    return <div className="lp-card lp-empty">Memuat data ...</div>;
  }
  const unit = snapshot?.data.units.find((u) => u.id === id);
  if (!snapshot || !unit) return <div className="lp-card lp-empty">Unit tidak ada di data HP ini</div>;
  return <CheckForm userId={userId} snapshot={snapshot} unit={unit} draft={draft} />;
}

/** What the check form keeps in its draft. */
interface CheckDraftValues {
  locationId: string;
  projectId: string;
  odometer: string;
  driverName: string;
  tires: Record<string, TireEntry>;
}

function CheckForm({
  userId,
  snapshot,
  unit,
  draft,
}: {
  userId: number;
  snapshot: StoredSnapshot;
  unit: TFieldUnit;
  draft: Draft | null;
}) {
  const navigate = useNavigate();
  const mounted = new Map(unit.tires.map((t) => [t.position, t]));
  const kept = draft?.values as CheckDraftValues | undefined;
  const [locationId, setLocationId] = useState(kept?.locationId ?? String(unit.location?.id ?? ''));
  const [projectId, setProjectId] = useState(kept?.projectId ?? String(unit.project.id));
  const [odometer, setOdometer] = useState(kept?.odometer ?? '');
  const [driverName, setDriverName] = useState(kept?.driverName ?? '');
  const [photos, setPhotos] = useState<Partial<Record<PhotoField, Blob>>>(draft?.photos ?? {});
  const [tires, setTires] = useState<Record<string, TireEntry>>(
    () =>
      kept?.tires ??
      Object.fromEntries(
        unit.positions.map((p) => [
          p,
          {
            serial_number: mounted.get(p)?.serial_number ?? '',
            groove_1: '',
            groove_2: '',
            groove_3: '',
            groove_4: '',
            pressure: '',
            normal: true,
          },
        ]),
      ),
  );
  const [touched, setTouched] = useState(false);
  const saving = useRef(false);
  const [busy, setBusy] = useState(false);

  // the draft follows every change (a moment later, so that typing a number is one write)
  const edited = useRef(draft !== null);
  useEffect(() => {
    if (!edited.current) {
      edited.current = true;
      return;
    }
    const values: CheckDraftValues = { locationId, projectId, odometer, driverName, tires };
    const timer = setTimeout(() => {
      if (saving.current) return;
      void db.drafts.put({
        key: draftKey(userId, unit.id, 'tire-check'),
        userId,
        unitId: unit.id,
        values: values as unknown as Record<string, unknown>,
        photos: photos as Record<string, Blob>,
        updatedAt: Date.now(),
      });
    }, 300);
    return () => clearTimeout(timer);
  }, [userId, unit.id, locationId, projectId, odometer, driverName, tires, photos]);

  // positions with a tire mounted or a serial typed are checked; an empty position is left out
  const checked = unit.positions.filter((p) => tires[p]!.serial_number.trim() !== '');
  const body = {
    unit_id: unit.id,
    location_id: locationId,
    project_id: projectId,
    odometer,
    driver: { name: driverName, phone: '' },
    records: checked.map((p) => {
      const t = tires[p]!;
      return {
        position: p,
        serial_number: t.serial_number,
        ...Object.fromEntries(GROOVES.map((g) => [g, t[g]])),
        pressure: t.pressure,
        condition: t.normal ? ALL_NORMAL : NOT_CHECKED,
      };
    }),
  };
  const parsed = ZTireCheckCreateBody.safeParse(body);
  const issues = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (!issues.has(key)) issues.set(key, issue.message);
    }
  }
  const missingPhotos = (Object.keys(PHOTO_LABELS) as PhotoField[]).filter((f) => !photos[f]);
  const blockers = [
    ...missingPhotos.map((f) => `${PHOTO_LABELS[f]} wajib diisi`),
    ...(issues.size > 0 ? ['Periksa isian yang ditandai merah'] : []),
  ];
  const issueOf = (path: string) => (touched ? issues.get(path) : undefined);

  const setTire = (p: Position, patch: Partial<TireEntry>) =>
    setTires((all) => ({ ...all, [p]: { ...all[p]!, ...patch } }));

  async function takePhoto(field: PhotoField, file: File | undefined) {
    if (!file) return;
    const small = await compressPhoto(file);
    setPhotos((all) => ({ ...all, [field]: small }));
  }

  async function submit() {
    setTouched(true);
    // a double tap makes one entry: the second tap finds the first one saving
    if (saving.current || blockers.length > 0 || !parsed.success) return;
    saving.current = true;
    setBusy(true);
    try {
      await saveToOutbox(
        {
          userId,
          kind: 'tire-check',
          unitId: unit.id,
          plate: unit.plate_number,
          // the work is dated when the form was finished, not when a signal came back
          body: { ...body, performed_at: new Date().toISOString() },
        },
        photos as Record<string, Blob>,
      );
      if (navigator.onLine) void sendNow(userId);
      navigate('/', { replace: true, state: { saved: `Pengecekan ${unit.plate_number} tersimpan di HP` } });
    } finally {
      saving.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="lp-page lp-form-page">
      <nav className="lp-backbar">
        <Link to={`/unit/${unit.id}`} className="lp-back">
          ‹ {unit.plate_number}
        </Link>
      </nav>
      <header className="lp-unit-head">
        <h1 className="lp-plate-title">Pengecekan</h1>
        <div className="lp-muted">
          {unit.plate_number} · {unit.unit_type}
        </div>
      </header>

      <section className="lp-section lp-stack" aria-label="Data unit">
        <Field label="Lokasi" error={issueOf('location_id')}>
          <select value={locationId} onChange={(e) => setLocationId(e.target.value)}>
            <option value="">Pilih lokasi</option>
            {snapshot.data.locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({l.region.name})
              </option>
            ))}
          </select>
        </Field>
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
          <input inputMode="numeric" value={odometer} onChange={(e) => setOdometer(e.target.value)} />
        </Field>
        <PhotoInput field="odometer_url" photo={photos.odometer_url} onFile={takePhoto} />
        <PhotoInput field="plate_number_url" photo={photos.plate_number_url} onFile={takePhoto} />
        <Field label="Nama driver (opsional)" error={issueOf('driver.name')}>
          <input value={driverName} onChange={(e) => setDriverName(e.target.value)} autoComplete="off" />
        </Field>
      </section>

      <section className="lp-section lp-stack" aria-label="Ban">
        <h2>Ban</h2>
        {issueOf('records') && <div className="lp-error">{issueOf('records')}</div>}
        {unit.positions.map((p) => {
          const t = tires[p]!;
          const i = checked.indexOf(p as Position);
          const before = mounted.get(p);
          return (
            <fieldset key={p} className="lp-card lp-tire-form" aria-label={positionLabel(p as Position)}>
              <legend>{positionLabel(p as Position)}</legend>
              <Field label="Nomor seri" error={i >= 0 ? issueOf(`records.${i}.serial_number`) : undefined}>
                <input
                  value={t.serial_number}
                  autoCapitalize="characters"
                  onChange={(e) => setTire(p as Position, { serial_number: e.target.value })}
                />
              </Field>
              {before && (
                <div className="lp-muted lp-before">
                  Sebelumnya: RTD{' '}
                  {[before.groove_1, before.groove_2, before.groove_3, before.groove_4]
                    .map((v) => v ?? '-')
                    .join(' / ')}{' '}
                  · PSI {before.pressure ?? '-'}
                </div>
              )}
              <div className="lp-grid-4">
                {GROOVES.map((g, n) => (
                  <Field
                    key={g}
                    label={`RTD ${n + 1}`}
                    error={i >= 0 ? issueOf(`records.${i}.${g}`) : undefined}
                  >
                    <input
                      inputMode="decimal"
                      value={t[g]}
                      onChange={(e) => setTire(p as Position, { [g]: e.target.value.replace(',', '.') })}
                    />
                  </Field>
                ))}
              </div>
              <Field label="PSI" error={i >= 0 ? issueOf(`records.${i}.pressure`) : undefined}>
                <input
                  inputMode="decimal"
                  value={t.pressure}
                  onChange={(e) => setTire(p as Position, { pressure: e.target.value.replace(',', '.') })}
                />
              </Field>
              <label className="lp-check">
                <input
                  type="checkbox"
                  checked={t.normal}
                  onChange={(e) => setTire(p as Position, { normal: e.target.checked })}
                />
                Semua normal
              </label>
            </fieldset>
          );
        })}
      </section>

      <footer className="lp-submit">
        {touched && blockers.length > 0 && (
          <ul className="lp-blockers" role="alert">
            {blockers.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        )}
        <button
          className="lp-button lp-primary lp-wide"
          type="button"
          disabled={busy}
          onClick={() => void submit()}
        >
          Kirim
        </button>
      </footer>
    </div>
  );
}

function Field({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child passed in
    <label className={`lp-field${error ? ' lp-field-error' : ''}`}>
      <span>{label}</span>
      {children}
      {error && <small className="lp-error">{error}</small>}
    </label>
  );
}

function PhotoInput({
  field,
  photo,
  onFile,
}: {
  field: PhotoField;
  photo?: Blob;
  onFile: (field: PhotoField, file: File | undefined) => void;
}) {
  return (
    <label className="lp-field lp-photo">
      <span>{PHOTO_LABELS[field]}</span>
      <input
        type="file"
        accept="image/*"
        capture="environment"
        onChange={(e) => onFile(field, e.target.files?.[0])}
      />
      <small className="lp-muted">
        {photo ? `Foto siap (${Math.round(photo.size / 1024)} KB)` : 'Belum ada foto'}
      </small>
    </label>
  );
}
