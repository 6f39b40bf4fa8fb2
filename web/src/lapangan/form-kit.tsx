import type { TFieldReturnedDetail, TFieldUnit, TSubmissionKind } from '@itms/contracts/field';
import type { FieldWarning } from '@itms/contracts/rules/field-warnings';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ZodSafeParseResult } from 'zod';
import {
  type Draft,
  db,
  draftKey,
  type EntryKind,
  NO_UNIT,
  type OutboxItem,
  type StoredSnapshot,
} from './db';
import { useFieldUser } from './field-user';
import { saveToOutbox } from './outbox';
import { compressPhoto } from './photo';
import { snapshotOf, unitOf } from './snapshot';
import { useLive } from './use-live';
import { sendSoon } from './use-sender';
import { SETTLE_MS, useSettling } from './use-settling';

// What every form of one unit (Pengecekan, Lapor BKB, QC, ...) shares: where it starts from, its
// draft, its photos, its 'Kirim'. A form of no unit (Permintaan ban baru) shares the same, with
// NO_UNIT in its draft and entry.

/** What a form of one unit starts from, all read from the phone. */
export interface FormStart {
  userId: number;
  snapshot: StoredSnapshot;
  unit: TFieldUnit;
  /** The form's draft, read once: from then on the form holds the values and writes them back. */
  draft: Draft | null;
  /** The returned entry this form redoes (`?ulang=<id>`), as stored on the phone. */
  redo?: TFieldReturnedDetail;
}

/** What a form of no unit starts from: the same, without a unit or returned work to redo. */
export type NoUnitFormStart = Omit<FormStart, 'unit' | 'redo'> & { unit?: undefined; redo?: undefined };

/** A unit known only from returned work (not among his units): enough to redo that work. */
function unitOfReturned(r: TFieldReturnedDetail): TFieldUnit {
  return {
    ...r.unit,
    location: r.location,
    last_check_at: null,
    last_odometer: null,
    checked_this_month: false,
    tires: [],
  };
}

/**
 * Loads the unit of the URL, the returned entry it redoes (`?ulang=<id>`) and the form's draft from
 * the phone, then renders the form.
 */
export function UnitFormPage({
  kind,
  form,
}: {
  kind: TSubmissionKind;
  form: (start: FormStart) => ReactNode;
}) {
  const userId = useFieldUser().id;
  const id = Number(useParams().id);
  const redoOf = Number(useSearchParams()[0].get('ulang')) || undefined;
  const snapshot = useLive(() => snapshotOf(userId), userId);
  const [draft, setDraft] = useState<Draft | null>();
  useEffect(() => {
    void db.drafts.get(draftKey(userId, id, kind, redoOf)).then((d) => setDraft(d ?? null));
  }, [userId, id, kind, redoOf]);
  if (snapshot === undefined || draft === undefined) {
    return <div className="lp-card lp-empty">Memuat data ...</div>;
  }
  const redo = snapshot?.returnedWork?.find((r) => r.kind === kind && r.id === redoOf && r.unit.id === id);
  if (redoOf && !redo) {
    return (
      <div className="lp-card lp-empty">
        Data yang dikembalikan belum ada di HP ini: buka Riwayat saat ada sinyal
      </div>
    );
  }
  const unit = (snapshot && unitOf(snapshot, id)) ?? (redo && unitOfReturned(redo));
  if (!snapshot || !unit) return <div className="lp-card lp-empty">Unit tidak ada di data HP ini</div>;
  return form({ userId, snapshot, unit, draft, redo });
}

/** Loads the form's draft (of no unit) and the snapshot from the phone, then renders the form. */
export function NoUnitFormPage({
  kind,
  form,
}: {
  kind: EntryKind;
  form: (start: NoUnitFormStart) => ReactNode;
}) {
  const userId = useFieldUser().id;
  const snapshot = useLive(() => snapshotOf(userId), userId);
  const [draft, setDraft] = useState<Draft | null>();
  useEffect(() => {
    void db.drafts.get(draftKey(userId, NO_UNIT, kind)).then((d) => setDraft(d ?? null));
  }, [userId, kind]);
  if (snapshot === undefined || draft === undefined) {
    return <div className="lp-card lp-empty">Memuat data ...</div>;
  }
  if (!snapshot) return <div className="lp-card lp-empty">Butuh sinyal untuk mengambil data</div>;
  return form({ userId, snapshot, draft });
}

/**
 * The form's entry: its draft follows every change (a moment later, so that typing a number is one
 * write), and 'Kirim' keeps it on the phone once, however often it is tapped, then goes back to
 * Beranda with `saved` as the notice. `values` and `photos` keep their identity until they change
 * (a state object or a memo): a new object is a change.
 */
export function useFormEntry<V>(
  start: FormStart | NoUnitFormStart,
  kind: EntryKind,
  values: V,
  photos: Record<string, Blob>,
) {
  const navigate = useNavigate();
  const { userId, unit } = start;
  const unitId = unit?.id ?? NO_UNIT;
  const redoOf = start.redo?.id;
  // an entry taken back from the queue stays listed as unsent while its draft is written again
  const takenBack = start.draft?.takenBack;
  const saving = useRef(false);
  const [busy, setBusy] = useState(false);
  const edited = useRef(start.draft !== null);
  // the draft not written yet: the timer writes it, and so does leaving the form before it fires
  const pending = useRef<Draft | null>(null);
  const writePending = useCallback(() => {
    const d = pending.current;
    pending.current = null;
    if (d) void db.drafts.put(d);
  }, []);
  useEffect(() => {
    if (!edited.current) {
      edited.current = true;
      return;
    }
    pending.current = {
      key: draftKey(userId, unitId, kind, redoOf),
      userId,
      unitId,
      values: values as Record<string, unknown>,
      photos,
      updatedAt: Date.now(),
      ...(takenBack ? { takenBack } : {}),
    };
    const timer = setTimeout(writePending, 300);
    return () => clearTimeout(timer);
  }, [userId, unitId, kind, redoOf, values, photos, writePending, takenBack]);
  useEffect(() => writePending, [writePending]);

  /**
   * `subject` names an entry of no unit in the queue (a unit's entry goes by its plate); `citedAt`
   * says where the body cites a photo whose name is not a field of the body (a tire's photo).
   */
  async function save(
    body: Record<string, unknown>,
    saved: string,
    {
      subject = unit?.plate_number ?? '',
      citedAt,
    }: { subject?: string; citedAt?: (name: string) => string | null } = {},
  ) {
    // a double tap makes one entry: the second tap finds the first one saving
    if (saving.current) return;
    saving.current = true;
    // the entry replaces the draft (deleted in the same transaction): no later write brings it back
    pending.current = null;
    setBusy(true);
    try {
      const entry = await saveToOutbox(
        // the work is dated when the form was finished, not when a signal came back
        {
          userId,
          kind,
          unitId,
          plate: subject,
          resubmitOf: redoOf,
          body: { ...body, performed_at: new Date().toISOString() },
          values: values as Record<string, unknown>,
        },
        photos,
        citedAt,
      );
      if (navigator.onLine) void sendSoon(userId);
      navigate('/', { replace: true, state: { saved, entry } satisfies SavedNotice });
    } finally {
      saving.current = false;
      setBusy(false);
    }
  }
  return { busy, save };
}

/** What the server said when it refused the entry this form was reopened from ('Ubah'). */
/** What a saved form tells Beranda: the green notice, and the outbox entry it is about. */
export type SavedNotice = { saved: string; entry: number };

export type Refusal = NonNullable<OutboxItem['error']>;

function useRefusal(): Refusal | undefined {
  return (useLocation().state as { refused?: Refusal } | null)?.refused;
}

/**
 * The message to show at a field: what the form's own check found (once 'Kirim' was tapped), else
 * what the server named that field with when it refused the entry.
 */
export function useIssueOf(issues: Map<string, string>, touched: boolean) {
  const refused = useRefusal();
  return (path: string) =>
    (touched ? issues.get(path) : undefined) ?? refused?.fields?.find((f) => f.field === path)?.message;
}

/** The first message of each field path ('records.0.groove_1') of a failed parse. */
export function issuesOf(result: ZodSafeParseResult<unknown>): Map<string, string> {
  const issues = new Map<string, string>();
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (!issues.has(key)) issues.set(key, issue.message);
    }
  }
  return issues;
}

/** A photo from the camera, compressed on the phone before it is kept. */
export function usePhotos(kept: Record<string, Blob> | undefined) {
  const [photos, setPhotos] = useState<Record<string, Blob>>(kept ?? {});
  async function take(field: string, file: File | undefined) {
    if (!file) return;
    const small = await compressPhoto(file);
    setPhotos((all) => ({ ...all, [field]: small }));
  }
  function remove(field: string) {
    setPhotos(({ [field]: _, ...rest }) => rest);
  }
  return { photos, take, remove };
}

/** The form's title, under a way back: to its unit, or to Beranda for a form of no unit. */
export function FormHeader({ unit, title }: { unit?: TFieldUnit; title: string }) {
  const refused = useRefusal();
  return (
    <>
      <nav className="lp-backbar">
        <Link to={unit ? `/unit/${unit.id}` : '/'} className="lp-back">
          ‹ {unit ? unit.plate_number : 'Beranda'}
        </Link>
      </nav>
      <header className="lp-unit-head">
        <h1 className="lp-plate-title">{title}</h1>
        {unit && (
          <div className="lp-muted">
            {unit.plate_number} · {unit.unit_type}
          </div>
        )}
      </header>
      {refused && (
        <div className="lp-alert lp-page-alert" role="alert">
          <strong>Ditolak server:</strong> {refused.message}. Perbaiki lalu kirim lagi.
        </div>
      )}
    </>
  );
}

export function Field({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child passed in
    <label className={`lp-field${error ? ' lp-field-error' : ''}`}>
      <span>{label}</span>
      {children}
      {error && <small className="lp-error">{error}</small>}
    </label>
  );
}

/** The top of a redo form: the office's reason, then what is redone and what stays as sent. */
export function ReturnedNote({ reason, children }: { reason: string | null; children: ReactNode }) {
  return (
    <section className="lp-section lp-stack" aria-label="Dikembalikan">
      <div className="lp-alert" role="note">
        <strong>Dikembalikan kantor:</strong> {reason ?? 'tanpa alasan'}
      </div>
      <div className="lp-muted">{children}</div>
    </section>
  );
}

/** 'Lokasi': the locations of the snapshot, with their region. */
export function LocationField({
  snapshot,
  value,
  onChange,
  error,
}: {
  snapshot: StoredSnapshot;
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  return (
    <Field label="Lokasi" error={error}>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Pilih lokasi</option>
        {snapshot.data.locations.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name} ({l.region.name})
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A blob's object URL while it is shown (revoked when it changes or leaves the screen). */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return setUrl(undefined);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/**
 * A photo from the camera: 'Ambil foto', then its thumbnail with 'Ulangi' (the camera again) and,
 * when the photo is optional, 'Hapus'.
 */
export function PhotoInput({
  label,
  photo,
  onFile,
  onRemove,
}: {
  label: string;
  photo?: Blob;
  onFile: (file: File | undefined) => void;
  onRemove?: () => void;
}) {
  const url = useObjectUrl(photo);
  return (
    <div className="lp-photo">
      {url && <img className="lp-thumb" src={url} alt={`${label}: pratinjau`} />}
      <div className="lp-photo-side">
        <label className="lp-field">
          <span>{label}</span>
          <input
            className="lp-file"
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              // the same file picked again is a new take
              e.target.value = '';
            }}
          />
          <span className="lp-button lp-small lp-take" aria-hidden="true">
            {photo ? 'Ulangi' : 'Ambil foto'}
          </span>
        </label>
        <small className="lp-muted">
          {photo ? `Foto siap (${Math.round(photo.size / 1024)} KB)` : 'Belum ada foto'}
        </small>
        {photo && onRemove && (
          <button type="button" className="lp-button lp-small" onClick={onRemove}>
            Hapus foto
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * 'Kirim'. While a required photo or signature is `missing` it stays disabled with the reasons
 * shown; what else blocks it (`blockers`: the form's own checks) shows once the tire man tried.
 */
export function SubmitBar({
  touched,
  missing = [],
  blockers,
  busy,
  onSubmit,
}: {
  touched: boolean;
  missing?: string[];
  blockers: string[];
  busy: boolean;
  onSubmit: () => void;
}) {
  const reasons = [...missing, ...(touched ? blockers : [])];
  return (
    <footer className="lp-submit">
      {reasons.length > 0 && (
        <ul className="lp-blockers" role="status" aria-label="Belum bisa dikirim">
          {reasons.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      )}
      <button
        className="lp-button lp-primary lp-wide"
        type="button"
        disabled={busy || missing.length > 0}
        onClick={onSubmit}
      >
        Kirim
      </button>
    </footer>
  );
}

/** A stored number as the tire man types it (the decimal comma); none: empty. */
export const numberText = (v: number | null | undefined) => (v == null ? '' : String(v).replace('.', ','));

/** A typed number (comma as decimal point), or null while it is empty or not a number. */
export function numberOrNull(text: string): number | null {
  const n = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) ? n : null;
}

/**
 * Values that may be right but deserve a second look (rules/field-warnings.ts): the first 'Kirim'
 * with warnings not yet confirmed opens 'Periksa lagi' instead of saving; 'Data sudah benar, kirim'
 * saves. A change of the warnings asks again. `mayGo(confirming)` says whether to save now; the
 * panel ignores taps while it settles (the second tap of a double tap on 'Kirim' lands on it).
 */
export function useWarningConfirm(warnings: readonly FieldWarning[]) {
  const key = warnings.map((w) => w.message).join('\n');
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const settling = useSettling(asking);
  // the time is checked in mayGo too: the tap may come before React re-renders the button
  const askedAt = useRef(0);

  function mayGo(confirming: boolean): boolean {
    if (warnings.length > 0 && !confirming && confirmed !== key) {
      askedAt.current = performance.now();
      setAsking(true);
      return false;
    }
    if (confirming && performance.now() - askedAt.current < SETTLE_MS) return false;
    if (confirming) setConfirmed(key);
    setAsking(false);
    return true;
  }

  const panel = (onConfirm: () => void) =>
    asking && warnings.length > 0 ? (
      <section className="lp-card lp-confirm-warnings" role="alertdialog" aria-label="Periksa lagi">
        <strong>Periksa lagi sebelum kirim:</strong>
        <ul>
          {warnings.map((w) => (
            <li key={w.message}>{w.message}</li>
          ))}
        </ul>
        <div className="lp-update-actions">
          <button className="lp-button" type="button" onClick={() => setAsking(false)}>
            Perbaiki
          </button>
          <button className="lp-button lp-primary" type="button" disabled={settling} onClick={onConfirm}>
            Data sudah benar, kirim
          </button>
        </div>
      </section>
    ) : null;

  return { mayGo, panel };
}
