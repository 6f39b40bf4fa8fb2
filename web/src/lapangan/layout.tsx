import type { TSessionUser } from '@itms/contracts/auth';
import { NavLink, Outlet, useLocation, useOutletContext } from 'react-router';
import { useOnline } from './use-online';
import { useSettling } from './use-settling';

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

/** Beranda, Riwayat and Profil, with the tab bar at the bottom (one thumb's reach). */
export function TabsFrame() {
  const user = useOutletContext<TSessionUser>();
  // the second tap of a double tap on 'Kirim' must not open whatever lies under it on Beranda
  const settling = useSettling((useLocation().state as { saved?: string } | null)?.saved);
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
