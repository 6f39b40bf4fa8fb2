import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * A new version of the app is ready: the tire man decides when to load it (never a reload over a
 * form he is filling or a queue being sent). Only a whole version gets here: the service worker
 * (lapangan/sw.ts) installs none with a file missing or of the wrong type.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <div className="lp-update" role="alertdialog" aria-label="Versi baru tersedia">
      <span>Versi baru tersedia</span>
      <div className="lp-update-actions">
        <button className="lp-button" type="button" onClick={() => setNeedRefresh(false)}>
          Nanti
        </button>
        <button className="lp-button lp-primary" type="button" onClick={() => void updateServiceWorker()}>
          Muat ulang
        </button>
      </div>
    </div>
  );
}

/**
 * A screen that threw or whose code did not load (a form's chunk): the shell's recovery screen
 * ('ITMS Lapangan gagal dimuat', 'Muat ulang'; lapangan/index.html and public/boot.js), which
 * keeps the unsent entries.
 */
export function LoadFailed() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    window.dispatchEvent(new Event('itms:load-failed'));
  }, [error]);
  return null;
}
