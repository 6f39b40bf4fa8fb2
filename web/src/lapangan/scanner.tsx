import type { BarcodeDetector, BarcodeFormat } from 'barcode-detector/ponyfill';
import { type ReactNode, useEffect, useRef, useState } from 'react';
// the reader's WebAssembly, emitted with the build and precached: served by us, also offline
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import './scanner.css';

/** The labels on units and tires. */
const FORMATS: BarcodeFormat[] = ['qr_code', 'code_128'];

/** Between two reads of the video: enough for a steady hand, light on the phone's CPU. */
const READ_EVERY_MS = 150;

/**
 * The phone's own BarcodeDetector when it reads both formats (Chrome on Android), else the ZXing
 * WebAssembly one, loaded only now (never with the app's first pages) and from our origin: the
 * library's default is a CDN, which the CSP forbids and which is out of reach without a signal.
 */
async function createDetector(): Promise<BarcodeDetector> {
  const native = (globalThis as { BarcodeDetector?: typeof BarcodeDetector }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats();
    if (FORMATS.every((f) => supported.includes(f))) return new native({ formats: FORMATS });
  }
  const { BarcodeDetector: Polyfill, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // instantiated here, so that a WebAssembly that cannot load shows at once, not as silence
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new Polyfill({ formats: FORMATS });
}

let detector: Promise<BarcodeDetector> | undefined;
/** One detector for the app's life (the WebAssembly is compiled once); a failed load is tried again. */
function loadDetector(): Promise<BarcodeDetector> {
  detector ??= createDetector().catch((err: unknown) => {
    detector = undefined;
    throw err;
  });
  return detector;
}

function cameraProblem(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError'
    ? 'Izin kamera ditolak'
    : 'Kamera tidak tersedia';
}

/** 'Scan': reads a QR or Code 128 label with the camera and hands its text to `onScan`. */
export function ScanButton({ onScan }: { onScan: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button className="lp-button lp-scan-button" type="button" onClick={() => setOpen(true)}>
        Scan
      </button>
      {open && (
        <ScannerView
          onScan={(text) => {
            setOpen(false);
            onScan(text);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** A field with 'Scan' beside its input. */
export function WithScan({ onScan, children }: { onScan: (text: string) => void; children: ReactNode }) {
  return (
    <div className="lp-with-scan">
      {children}
      <ScanButton onScan={onScan} />
    </div>
  );
}

/**
 * The camera, full screen, read until the first label; the camera is released however the view
 * closes (a label read, 'Batal', the back gesture).
 */
function ScannerView({ onScan, onClose }: { onScan: (text: string) => void; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string>();
  const [ready, setReady] = useState(false);
  // the callbacks of the render that opened the view: the effect below runs once
  const scanned = useRef(onScan);
  scanned.current = onScan;

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  useEffect(() => {
    let closed = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };

    async function read(found: BarcodeDetector) {
      const v = video.current;
      if (closed || !v) return;
      if (v.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        // a frame that cannot be read (the video just resized) is skipped like one without a label
        const codes = await found.detect(v).catch(() => []);
        const text = codes.map((c) => c.rawValue.trim()).find((t) => t !== '');
        if (closed) return;
        if (text) {
          closed = true;
          stop();
          scanned.current(text);
          return;
        }
      }
      timer = setTimeout(() => void read(found), READ_EVERY_MS);
    }

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('Kamera tidak tersedia');
        return;
      }
      // the detector loads while the camera starts
      const detecting = loadDetector();
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch (err) {
        // its own failure does not matter any more: there is nothing to read
        detecting.catch(() => undefined);
        if (!closed) setProblem(cameraProblem(err));
        return;
      }
      if (closed) {
        stop();
        return;
      }
      const v = video.current!;
      v.srcObject = stream;
      await v.play().catch(() => undefined);
      try {
        const found = await detecting;
        if (closed) return;
        setReady(true);
        void read(found);
      } catch {
        if (!closed) setProblem('Pemindai kode tidak dapat dimuat. Ketik nomornya.');
      }
    }

    void start();
    return () => {
      closed = true;
      clearTimeout(timer);
      stop();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="lp-scanner"
      aria-label="Scan label"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <video ref={video} className="lp-scanner-video" muted playsInline />
      <div className="lp-scanner-frame" aria-hidden="true" />
      <div className="lp-scanner-bar">
        {problem ? (
          <p className="lp-scanner-problem" role="alert">
            {problem}
          </p>
        ) : (
          <p role="status">{ready ? 'Arahkan kamera ke label QR / barcode' : 'Menyalakan kamera ...'}</p>
        )}
        <button className="lp-button lp-wide" type="button" onClick={onClose}>
          Batal
        </button>
      </div>
    </dialog>
  );
}
