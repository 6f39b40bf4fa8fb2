import type { TSessionUser } from '@itms/contracts/auth';
import { NavLink, Outlet, useOutletContext } from 'react-router';
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

/** Beranda, Riwayat and Profil, with the tab bar at the bottom (one thumb's reach). */
export function TabsFrame() {
  const user = useOutletContext<TSessionUser>();
  return (
    <div className="lp-tabs-frame">
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
