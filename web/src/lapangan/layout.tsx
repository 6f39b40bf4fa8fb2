import type { TSessionUser } from '@itms/contracts/auth';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useOutletContext } from 'react-router';
import { useOnline } from './use-online';

export const OFFLINE_BANNER = 'Anda offline: data disimpan di HP dan dikirim otomatis saat ada sinyal';

/** Every signed-in screen: the offline banner above it when there is no signal. */
export function SignedInFrame({ user }: { user: TSessionUser }) {
  const online = useOnline();
  return (
    <>
      {!online && (
        <div className="lp-banner" role="status">
          {OFFLINE_BANNER}
        </div>
      )}
      <Outlet context={user} />
    </>
  );
}

/** How long Beranda ignores taps after a form's 'Kirim' brought the tire man back. */
const SETTLE_MS = 600;

/** Beranda, Riwayat and Profil, with the tab bar at the bottom (one thumb's reach). */
export function TabsFrame() {
  const user = useOutletContext<TSessionUser>();
  // the second tap of a double tap on 'Kirim' must not open whatever lies under it on Beranda
  const fromForm = Boolean((useLocation().state as { saved?: string } | null)?.saved);
  const [settling, setSettling] = useState(fromForm);
  useEffect(() => {
    if (!fromForm) return;
    setSettling(true);
    const timer = setTimeout(() => setSettling(false), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [fromForm]);
  return (
    <div className="lp-tabs-frame" inert={settling}>
      <Outlet context={user} />
      <nav className="lp-tabbar" aria-label="Menu">
        <NavLink to="/" end>
          Beranda
        </NavLink>
        <NavLink to="/riwayat">Riwayat</NavLink>
        <NavLink to="/profil">Profil</NavLink>
      </nav>
    </div>
  );
}
