import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * A new version of the app is ready: the tire man decides when to load it (never a reload over a
 * form he is filling or a queue being sent).
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
