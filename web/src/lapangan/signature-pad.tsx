import { useCallback, useEffect, useRef, useState } from 'react';
import type SignaturePadLib from 'signature_pad';
import './signature-pad.css';

/** The signatures drawn in a form, by field, starting from those its draft kept. */
export function useSignatures(kept: Record<string, Blob> | undefined, fields: readonly string[]) {
  const [signs, setSigns] = useState<Record<string, Blob>>(() =>
    Object.fromEntries(Object.entries(kept ?? {}).filter(([f]) => fields.includes(f))),
  );
  const setSign = useCallback(
    (field: string, blob: Blob | undefined) =>
      setSigns(({ [field]: _old, ...rest }) => (blob ? { ...rest, [field]: blob } : rest)),
    [],
  );
  return { signs, setSign };
}

/**
 * A signature drawn with a finger on the phone, kept as a PNG blob like a photo: it is uploaded
 * with the entry's photos when there is a signal. Every stroke replaces the kept blob, 'Hapus'
 * empties it; a signature kept from the draft shows as a picture until 'Ulangi'.
 */
export function SignaturePad({
  label,
  signature,
  onChange,
}: {
  label: string;
  signature?: Blob;
  onChange: (blob: Blob | undefined) => void;
}) {
  // a signature kept from the draft is shown, not redrawn; the pad opens for a new one
  const [drawing, setDrawing] = useState(!signature);
  return (
    <fieldset className="lp-sign" aria-label={label}>
      <legend>{label}</legend>
      {drawing || !signature ? (
        <Pad label={label} onChange={onChange} />
      ) : (
        <KeptSignature
          label={label}
          signature={signature}
          onRedo={() => {
            onChange(undefined);
            setDrawing(true);
          }}
        />
      )}
    </fieldset>
  );
}

function Pad({ label, onChange }: { label: string; onChange: (blob: Blob | undefined) => void }) {
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const [pad, setPad] = useState<SignaturePadLib | null>(null);
  const [empty, setEmpty] = useState(true);
  // the pad is attached once per canvas; it reports to the latest onChange
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    if (!canvas) return;
    let cancelled = false;
    let attached: SignaturePadLib | null = null;
    // signature_pad is loaded with the form, in its own chunk
    void import('signature_pad').then(({ default: SignaturePad }) => {
      if (cancelled) return;
      // the canvas's pixels follow its shown size (and the screen's density): strokes land under the finger
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);
      canvas.width = Math.round(canvas.clientWidth * ratio);
      canvas.height = Math.round(canvas.clientHeight * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      attached = new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: '#0b2a5b' });
      attached.addEventListener('endStroke', () => {
        const p = attached!;
        setEmpty(p.isEmpty());
        canvas.toBlob((blob) => changed.current(blob ?? undefined), 'image/png');
      });
      setPad(attached);
    });
    return () => {
      cancelled = true;
      attached?.off();
    };
  }, [canvas]);

  function clear() {
    pad?.clear();
    setEmpty(true);
    onChange(undefined);
  }

  return (
    <>
      <canvas ref={setCanvas} className="lp-sign-pad" aria-label={`Area ${label.toLowerCase()}`} />
      <div className="lp-sign-row">
        <small className="lp-muted">{empty ? 'Tanda tangan di kotak ini' : 'Sudah ditandatangani'}</small>
        <button className="lp-button lp-small" type="button" disabled={empty} onClick={clear}>
          Hapus
        </button>
      </div>
    </>
  );
}

function KeptSignature({ label, signature, onRedo }: { label: string; signature: Blob; onRedo: () => void }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const u = URL.createObjectURL(signature);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [signature]);
  return (
    <>
      {url && <img className="lp-sign-pad" src={url} alt={label} />}
      <div className="lp-sign-row">
        <small className="lp-muted">Sudah ditandatangani</small>
        <button className="lp-button lp-small" type="button" onClick={onRedo}>
          Ulangi
        </button>
      </div>
    </>
  );
}
