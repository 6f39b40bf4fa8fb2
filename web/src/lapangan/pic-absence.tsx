import { PIC_ABSENT_REASON_MAX } from '@itms/contracts/pic-absent';
import type { ReactNode } from 'react';
import { Field } from './form-kit';
import { SignaturePad } from './signature-pad';

// 'PIC tidak di tempat' (issue 36, item 2): the PIC signs on site, or the tire man ticks that the
// PIC is not there and says why. Kept in the form's draft and sent as `pic_absent_reason`.

/** The PIC's presence as the form holds it; the reason typed stays while the box is unticked. */
export interface PicAbsence {
  absent: boolean;
  reason: string;
}

/** The PIC signs on site (also what a draft from before this choice existed means). */
export const PIC_PRESENT: PicAbsence = { absent: false, reason: '' };

/** What the entry's body says of it: the reason, only while the PIC is marked absent. */
export const picAbsenceBody = (p: PicAbsence | undefined): { pic_absent_reason?: string } =>
  p?.absent ? { pic_absent_reason: p.reason } : {};

/**
 * The choice in the form's signatures: the PIC's pad (`pad`), or, ticked 'PIC tidak di tempat',
 * the reason instead. Ticking it drops a signature drawn already (`onAbsent`): one or the other.
 */
export function PicAbsenceField({
  value,
  onChange,
  onAbsent,
  error,
  pad,
}: {
  value: PicAbsence;
  onChange: (value: PicAbsence) => void;
  onAbsent: () => void;
  error?: string;
  pad: ReactNode;
}) {
  return (
    <div className="lp-stack lp-pic-absence">
      <label className="lp-check">
        <input
          type="checkbox"
          checked={value.absent}
          onChange={(e) => {
            onChange({ ...value, absent: e.target.checked });
            if (e.target.checked) onAbsent();
          }}
        />
        PIC tidak di tempat
      </label>
      {value.absent ? (
        <Field label="Alasan PIC tidak di tempat" error={error}>
          <textarea
            rows={3}
            maxLength={PIC_ABSENT_REASON_MAX}
            placeholder="Mis. PIC sedang rapat, cuti, belum datang"
            value={value.reason}
            onChange={(e) => onChange({ ...value, reason: e.target.value })}
          />
          <small className="lp-muted">
            {value.reason.length}/{PIC_ABSENT_REASON_MAX} karakter
          </small>
        </Field>
      ) : (
        pad
      )}
    </div>
  );
}

/**
 * The signatures drawn on site, in `labels` order, the PIC's with its 'PIC tidak di tempat' choice
 * (the check and the replacement alike).
 */
export function OnSiteSignatures<F extends string>({
  fields,
  labels,
  signs,
  setSign,
  picAbsence,
  setPicAbsence,
  reasonError,
}: {
  fields: readonly F[];
  labels: Record<F, string>;
  signs: Record<string, Blob>;
  setSign: (field: F, blob: Blob | undefined) => void;
  picAbsence: PicAbsence;
  setPicAbsence: (value: PicAbsence) => void;
  reasonError?: string;
}) {
  return fields.map((f) => {
    const pad = (
      <SignaturePad key={f} label={labels[f]} signature={signs[f]} onChange={(b) => setSign(f, b)} />
    );
    return f === 'pic_sign' ? (
      <PicAbsenceField
        key={f}
        value={picAbsence}
        onChange={setPicAbsence}
        onAbsent={() => setSign(f, undefined)}
        error={reasonError}
        pad={pad}
      />
    ) : (
      pad
    );
  });
}
