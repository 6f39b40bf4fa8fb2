import type { Position } from '@itms/contracts/enums';
import { listedCategory, MISMATCH_CATEGORY_MESSAGES } from '@itms/contracts/mismatch-categories';
import { ZMismatchCreateBody } from '@itms/contracts/mismatches';
import { useState } from 'react';
import { positionLabel } from '../components/vehicle-diagram';
import { StoringNote, useStoringCall } from './call-link';
import { db, draftKey } from './db';
import {
  Field,
  FormHeader,
  type FormStart,
  issuesOf,
  PhotoInput,
  SubmitBar,
  UnitFormPage,
  useFormEntry,
  useIssueOf,
  usePhotos,
} from './form-kit';
import { WithScan } from './scanner';

/** What the BKB form keeps in its draft. */
export interface MismatchDraftValues {
  category: string;
  information: string;
  /** No driver known: the office reads TIDAK PASTI. */
  driverUnknown: boolean;
  driverName: string;
  driverPhone: string;
  /** The serial read at each position ('' = empty or unreadable). */
  found: Record<string, string>;
  /** The breakdown call it answers, when opened from the call's card (a draft of an older app: none). */
  callId?: number;
}

/** Lapor BKB: the serials found on a unit that differ from the records, with a photo. Works offline. */
export function MismatchFormPage() {
  return <UnitFormPage kind="mismatch" form={(start) => <MismatchForm {...start} />} />;
}

/**
 * Starts (or adds to) the BKB draft of a unit with the serial found at one position: the check form's
 * answer to a serial different from the records.
 */
export async function reportSerialInBkbDraft(
  userId: number,
  unit: FormStart['unit'],
  position: string,
  serial: string,
  category: string,
): Promise<void> {
  const key = draftKey(userId, unit.id, 'mismatch');
  await db.transaction('rw', db.drafts, async () => {
    const draft = await db.drafts.get(key);
    const values = (draft?.values as MismatchDraftValues | undefined) ?? {
      ...emptyValues(unit),
      category,
    };
    await db.drafts.put({
      key,
      userId,
      unitId: unit.id,
      values: { ...values, found: { ...values.found, [position]: serial } },
      photos: draft?.photos ?? {},
      updatedAt: Date.now(),
    });
  });
}

function emptyValues(unit: FormStart['unit']): MismatchDraftValues {
  const mounted = new Map(unit.tires.map((t) => [t.position, t.serial_number]));
  return {
    category: '',
    information: '',
    driverUnknown: false,
    driverName: '',
    driverPhone: '',
    found: Object.fromEntries(unit.positions.map((p) => [p, mounted.get(p) ?? ''])),
  };
}

function MismatchForm(start: FormStart) {
  const { unit, draft, snapshot } = start;
  // the office's list (Kategori BKB), as the phone last fetched it; a snapshot from before the list: none
  const categories = snapshot.data.mismatch_categories ?? [];
  const expected = new Map(unit.tires.map((t) => [t.position, t.serial_number]));
  const callOf = useStoringCall(snapshot, unit.id);
  const [values, setValues] = useState<MismatchDraftValues>(() => {
    const kept = (draft?.values as MismatchDraftValues | undefined) ?? emptyValues(unit);
    const callId = kept.callId ?? callOf?.id;
    return callId ? { ...kept, callId } : kept;
  });
  const { photos, take } = usePhotos(draft?.photos);
  const { busy, save } = useFormEntry(start, 'mismatch', values, photos);
  const [touched, setTouched] = useState(false);
  const set = (patch: Partial<MismatchDraftValues>) => setValues((v) => ({ ...v, ...patch }));

  // a draft or refused entry may hold a text the list no longer (or never) had: picked again here
  const category = listedCategory(categories, values.category);
  const body = {
    unit_id: unit.id,
    location_id: unit.location?.id ?? '',
    project_id: unit.project.id,
    category: category ?? values.category,
    information: values.information,
    driver: values.driverUnknown ? null : { name: values.driverName, phone: values.driverPhone },
    positions: unit.positions.map((p) => ({ position: p, found_serial: values.found[p] ?? '' })),
    ...(values.callId ? { storing_call_id: values.callId } : {}),
  };
  const parsed = ZMismatchCreateBody.safeParse(body);
  const issues = issuesOf(parsed);
  if (!issues.has('category') && !category) issues.set('category', MISMATCH_CATEGORY_MESSAGES.unknown);
  const changed = unit.positions.filter(
    (p) => (values.found[p] ?? '').trim().toLowerCase() !== (expected.get(p) ?? '').toLowerCase(),
  );
  const missing = photos.image_url ? [] : ['Foto BKB wajib diisi'];
  const blockers = [
    ...(changed.length === 0 ? ['Belum ada nomor seri yang berbeda dengan data'] : []),
    ...(issues.size > 0 ? ['Periksa isian yang ditandai merah'] : []),
  ];
  const issueOf = useIssueOf(issues, touched);

  function submit() {
    setTouched(true);
    if (missing.length > 0 || blockers.length > 0 || !parsed.success) return;
    void save(body, `BKB ${unit.plate_number} tersimpan di HP`);
  }

  return (
    <div className="lp-page lp-form-page">
      <FormHeader unit={unit} title="Lapor BKB" />
      {values.callId && <StoringNote snapshot={snapshot} callId={values.callId} what="BKB ini" />}

      <section className="lp-section lp-stack" aria-label="Data BKB">
        <Field label="Kategori" error={issueOf('category')}>
          <select value={category ?? ''} onChange={(e) => set({ category: e.target.value })}>
            <option value="">Pilih kategori</option>
            {categories.map((c) => (
              <option key={c.id} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Keterangan" error={issueOf('information')}>
          <textarea
            rows={3}
            value={values.information}
            onChange={(e) => set({ information: e.target.value })}
          />
        </Field>
        <PhotoInput label="Foto BKB" photo={photos.image_url} onFile={(f) => void take('image_url', f)} />
        <label className="lp-check">
          <input
            type="checkbox"
            checked={values.driverUnknown}
            onChange={(e) => set({ driverUnknown: e.target.checked })}
          />
          Driver tidak diketahui (TIDAK PASTI)
        </label>
        {!values.driverUnknown && (
          <>
            <Field label="Nama driver" error={issueOf('driver.name')}>
              <input
                value={values.driverName}
                onChange={(e) => set({ driverName: e.target.value })}
                autoComplete="off"
              />
            </Field>
            <Field label="No. HP driver" error={issueOf('driver.phone')}>
              <input
                inputMode="tel"
                value={values.driverPhone}
                onChange={(e) => set({ driverPhone: e.target.value })}
              />
            </Field>
          </>
        )}
      </section>

      <section className="lp-section lp-stack" aria-label="Nomor seri ditemukan">
        <h2>Nomor seri ditemukan</h2>
        {unit.positions.map((p, i) => {
          const before = expected.get(p);
          const differs = changed.includes(p);
          return (
            <fieldset
              key={p}
              className={`lp-card lp-tire-form${differs ? ' lp-differs' : ''}`}
              aria-label={positionLabel(p as Position)}
            >
              <legend>{positionLabel(p as Position)}</legend>
              <div className="lp-muted">Data: {before ?? 'posisi kosong'}</div>
              <WithScan onScan={(text) => set({ found: { ...values.found, [p]: text } })}>
                <Field label="Nomor seri di ban" error={issueOf(`positions.${i}.found_serial`)}>
                  <input
                    value={values.found[p] ?? ''}
                    autoCapitalize="characters"
                    placeholder="Kosong / tidak terbaca"
                    onChange={(e) => set({ found: { ...values.found, [p]: e.target.value } })}
                  />
                </Field>
              </WithScan>
              {differs && <strong className="lp-differs-note">Berbeda dengan data</strong>}
            </fieldset>
          );
        })}
      </section>

      <SubmitBar touched={touched} missing={missing} blockers={blockers} busy={busy} onSubmit={submit} />
    </div>
  );
}
