import { Button, Modal, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';
import { showApiError } from '../lib/feedback';
import { uploadImage } from '../lib/upload';

export interface SignaturePadModalProps {
  open: boolean;
  /** Pad size: 500x350 on checks and accounts, 500x500 on replacements (spec section 9). */
  width: number;
  height: number;
  title?: string;
  /** The uploaded signature's path. */
  onSubmit: (path: string) => void;
  onCancel: () => void;
  /** Label of the closing button: 'Batal' on validations, 'Keluar' on the account form. */
  cancelText?: string;
}

/** Draw a signature with mouse, pen or finger; Submit uploads it as a PNG. */
export function SignaturePadModal({
  open,
  width,
  height,
  title = 'Tanda Tangan',
  onSubmit,
  onCancel,
  cancelText = 'Batal',
}: SignaturePadModalProps) {
  // the canvas as state, not a ref: antd mounts the modal's body in a later commit than the one
  // that sets `open`, so the pad is attached when the canvas itself appears
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open || !canvas) return;
    let cancelled = false;
    // signature_pad is loaded only when someone signs
    void import('signature_pad').then(({ default: Pad }) => {
      if (cancelled) return;
      // on a narrow screen the canvas is shown smaller than its pixel size: match the pixels to
      // what is shown, or strokes would land away from the finger (layout width, not the
      // bounding box, which the modal's opening zoom shrinks for a moment)
      const shown = canvas.clientWidth;
      if (shown > 0 && shown < width) {
        canvas.width = Math.round(shown);
        canvas.height = Math.round((height * shown) / width);
      }
      const pad = new Pad(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: '#0b2a5b' });
      pad.addEventListener('endStroke', () => setEmpty(pad.isEmpty()));
      padRef.current = pad;
      setEmpty(true);
    });
    return () => {
      cancelled = true;
      padRef.current?.off();
      padRef.current = null;
    };
  }, [open, canvas, width, height]);

  const clear = () => {
    padRef.current?.clear();
    setEmpty(true);
  };

  const submit = async () => {
    if (!canvas || !padRef.current || padRef.current.isEmpty()) return;
    setSaving(true);
    try {
      const blob = await new Promise<Blob>((resolve, reject) =>
        canvas.toBlob(
          (b) => (b ? resolve(b) : reject(new Error('Gagal membuat gambar tanda tangan'))),
          'image/png',
        ),
      );
      onSubmit(await uploadImage(blob, 'tanda-tangan.png'));
    } catch (err) {
      showApiError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      // a stray tap beside the pad must not throw the drawn signature away: Batal or the X close it
      mask={{ closable: false }}
      width={width + 52}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={clear} disabled={empty || saving}>
            Hapus
          </Button>
          <Button onClick={onCancel} disabled={saving}>
            {cancelText}
          </Button>
          <Button type="primary" onClick={submit} disabled={empty} loading={saving}>
            Submit
          </Button>
        </Space>
      }
    >
      {/* never wider than the modal, border included (a phone); the height keeps the pad's proportions */}
      <canvas
        ref={setCanvas}
        width={width}
        height={height}
        aria-label="Area tanda tangan"
        style={{
          border: '1px dashed #8c8c8c',
          borderRadius: 6,
          touchAction: 'none',
          display: 'block',
          boxSizing: 'border-box',
          maxWidth: '100%',
          height: 'auto',
        }}
      />
    </Modal>
  );
}
