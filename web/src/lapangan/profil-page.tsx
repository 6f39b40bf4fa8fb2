import { formatNumber } from '@itms/contracts/rules/number-format';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { appVersionText } from './app-version';
import { db } from './db';
import { useFieldUser } from './field-user';
import { signOut } from './session';
import { useLive } from './use-live';
import { useOnline } from './use-online';
import { sendNow } from './use-sender';
import { useSnapshot } from './use-snapshot';

// with the signed file links (TanStack Query), loaded when Profil opens, not with the login page
const ProfilAccount = lazy(() => import('./profil-account').then((m) => ({ default: m.ProfilAccount })));

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${formatNumber(Math.round(bytes / 1024 / 102.4) / 10)} MB`
    : `${Math.round(bytes / 1024)} KB`;

/** The storage this app uses on the phone (IndexedDB and the cached app), when the browser says. */
function useStorageUsed(): number | null {
  const [used, setUsed] = useState<number | null>(null);
  useEffect(() => {
    void navigator.storage
      ?.estimate()
      .then((e) => setUsed(e.usage ?? null))
      .catch(() => undefined);
  }, []);
  return used;
}

/**
 * Who is signed in (photo, phone, signature: changed online only), the SOP list, the phone's state
 * (storage, version), 'Kirim sekarang' and 'Keluar'.
 */
export function ProfilPage() {
  const user = useFieldUser();
  const online = useOnline();
  const navigate = useNavigate();
  const { snapshot } = useSnapshot(user.id);
  const unsent = useLive(() => db.outbox.where('userId').equals(user.id).count(), user.id) ?? 0;
  const used = useStorageUsed();
  const [refused, setRefused] = useState<string | null>(null);

  async function logout() {
    const outcome = await signOut(user.id);
    if (outcome) setRefused(`Masih ada ${outcome.refused} data belum terkirim`);
    else navigate('/login', { replace: true });
  }

  const me = snapshot?.data.me;
  return (
    <div className="lp-page">
      <header className="lp-header">
        <div className="lp-app-name">Profil</div>
        <h1 className="lp-name">{user.name}</h1>
      </header>
      {me && (
        <Suspense fallback={<div className="lp-card lp-empty">Memuat profil ...</div>}>
          <ProfilAccount me={me} userId={user.id} online={online} />
        </Suspense>
      )}
      <section className="lp-section lp-stack" aria-label="HP ini">
        <dl className="lp-card lp-facts">
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          {!me && (
            <div>
              <dt>No. WhatsApp</dt>
              <dd>{user.phone || '-'}</dd>
            </div>
          )}
          <div>
            <dt>Penyimpanan di HP</dt>
            <dd>{used === null ? '-' : sizeText(used)}</dd>
          </div>
          <div>
            <dt>Versi aplikasi</dt>
            <dd>{appVersionText(__APP_VERSION__)}</dd>
          </div>
        </dl>
        <button
          className="lp-button lp-wide"
          type="button"
          disabled={!online || unsent === 0}
          onClick={() => void sendNow(user.id)}
        >
          Kirim sekarang ({unsent})
        </button>
        <Link to="/ban-baru" className="lp-button lp-wide">
          Permintaan ban baru
        </Link>
        {refused && (
          <div className="lp-alert" role="alert">
            {refused}
          </div>
        )}
        <button className="lp-button lp-wide lp-danger-outline" type="button" onClick={() => void logout()}>
          Keluar
        </button>
      </section>
    </div>
  );
}
