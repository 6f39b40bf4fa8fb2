import { ALREADY_LOGGED_IN_TEXT, TAKEOVER_HINT, TAKEOVER_LABEL } from '@itms/contracts/login-texts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ALREADY_LOGGED_IN_DETAIL, isApiError } from '../lib/api-client';
import { db } from './db';
import { signIn } from './session';
import { refreshSnapshot } from './snapshot';
import { useLive } from './use-live';
import { useOnline } from './use-online';

const NEEDS_SIGNAL = 'Butuh sinyal untuk login. Coba lagi saat ada sinyal.';

export function LoginPage() {
  const online = useOnline();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inUse, setInUse] = useState(false);
  // entries the server would not take because the session ended: they go out after this login
  const waiting = useLive(() => db.outbox.count(), 'all') ?? 0;

  async function submit(takeover: boolean, form: HTMLFormElement) {
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (!email || !password) {
      setError('Email dan password wajib diisi');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await signIn(email, password, takeover);
      if (user.role !== 'tire-man') {
        // office staff work in the back-office
        window.location.replace('/');
        return;
      }
      await refreshSnapshot(user.id);
      navigate('/', { replace: true });
    } catch (err) {
      const refused = isApiError(err) && err.detail === ALREADY_LOGGED_IN_DETAIL;
      setInUse(refused);
      if (refused) setError(ALREADY_LOGGED_IN_TEXT);
      else if (isApiError(err) && err.status === 0) setError(NEEDS_SIGNAL);
      else setError(isApiError(err) ? err.message : 'Login gagal, coba lagi');
    } finally {
      setBusy(false);
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(false, event.currentTarget);
  };

  return (
    <main className="lp-login">
      <div className="lp-login-brand">
        <img src="/lapangan/icon-192.png" alt="" width={64} height={64} />
        <h1>ITMS Lapangan</h1>
        <p>Pengecekan dan pergantian ban di lapangan</p>
      </div>
      <form className="lp-card lp-form" onSubmit={onSubmit} noValidate>
        <label className="lp-field">
          <span>Email</span>
          <input name="email" type="email" autoComplete="username" inputMode="email" required />
        </label>
        <label className="lp-field">
          <span>Password</span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error && (
          <div className="lp-alert" role="alert">
            {error}
            {inUse && <p className="lp-hint">{TAKEOVER_HINT}</p>}
          </div>
        )}
        {waiting > 0 && (
          <div className="lp-alert lp-alert-info" role="status">
            Sesi berakhir. Login untuk mengirim {waiting} data.
          </div>
        )}
        {!online && !error && <div className="lp-alert lp-alert-info">{NEEDS_SIGNAL}</div>}
        <button className="lp-button lp-primary" type="submit" disabled={busy}>
          {busy ? 'Memproses ...' : 'Masuk'}
        </button>
        {inUse && (
          <button
            className="lp-button"
            type="button"
            disabled={busy}
            onClick={(e) => void submit(true, e.currentTarget.form!)}
          >
            {TAKEOVER_LABEL}
          </button>
        )}
      </form>
    </main>
  );
}
