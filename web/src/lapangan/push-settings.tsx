import { pushEndpoints } from '@itms/contracts/api/push';
import { PUSH_MESSAGES, type TPushDelivery, type TPushStatusReply } from '@itms/contracts/push';
import { useCallback, useEffect, useState } from 'react';
import { call, isApiError } from '../lib/api-client';
import { OnlineButton } from './online-button';
import { currentSubscription, pushSupported, turnOffPush, turnOnPush } from './push';
import { dateFormat, timeFormat } from './queue-item';

const when = (iso: string) => `${dateFormat.format(new Date(iso))} ${timeFormat.format(new Date(iso))}`;

/** How the last notification ended, as the tire man reads it. */
function deliveryText(d: TPushDelivery): string {
  switch (d.status) {
    case 'sent':
      return `"${d.title}" diterima layanan notifikasi ${when(d.sent_at ?? d.created_at)}`;
    case 'pending':
      return `"${d.title}" sedang dikirim`;
    case 'expired':
      return 'Layanan notifikasi menolak HP ini: aktifkan lagi';
    case 'failed':
      return `"${d.title}" gagal dikirim${d.http_status ? ` (${d.http_status})` : ''}`;
  }
}

/**
 * Notifications in Profil: off until he turns them on (the browser's permission is asked then),
 * whether they work (the server's record of the last one), a test notification, and off again.
 */
export function PushSettings({ online }: { online: boolean }) {
  const supported = pushSupported();
  // this browser's subscription: undefined while read
  const [subscribed, setSubscribed] = useState<boolean>();
  const [status, setStatus] = useState<TPushStatusReply | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    setSubscribed(Boolean(await currentSubscription()));
    if (navigator.onLine) setStatus(await call(pushEndpoints.getPushStatus, {}).catch(() => null));
  }, []);
  useEffect(() => {
    if (supported) void refresh();
  }, [supported, refresh]);

  async function act(work: () => Promise<string | null>, done: string) {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      const refused = await work();
      if (refused) setProblem(refused);
      else setNotice(done);
    } catch (err) {
      setProblem(isApiError(err) && err.status !== 0 ? err.message : 'Tidak terkirim: butuh sinyal');
    } finally {
      await refresh().catch(() => undefined);
      setBusy(false);
    }
  }

  const denied = supported && Notification.permission === 'denied';
  // on in this browser and known to the server (which drops a subscription its push service refused)
  const on = subscribed === true && status?.subscribed !== false;
  return (
    <section className="lp-section" aria-label="Notifikasi">
      <div className="lp-card lp-stack lp-profile-item">
        <h2>Notifikasi</h2>
        {!supported ? (
          <span className="lp-muted">
            Browser ini tidak mendukung notifikasi. Pasang ITMS Lapangan di layar utama, lalu buka dari sana.
          </span>
        ) : (
          <>
            <span>
              {subscribed === undefined
                ? 'Memuat ...'
                : on
                  ? 'Aktif di HP ini: data yang dikembalikan kantor, permintaan ban yang diputuskan dan panggilan storing langsung diberitahukan'
                  : 'Mati: Anda baru tahu data dikembalikan saat membuka aplikasi'}
            </span>
            {on && status?.last_delivery && (
              <span className="lp-muted">Terakhir: {deliveryText(status.last_delivery)}</span>
            )}
            {denied && (
              <span className="lp-error">
                Izin notifikasi ditolak: izinkan notifikasi untuk situs ini di pengaturan browser
              </span>
            )}
            {on ? (
              <div className="lp-update-actions">
                <OnlineButton
                  online={online}
                  disabled={busy}
                  onClick={() =>
                    void act(async () => {
                      await call(pushEndpoints.sendPushTest, {});
                      return null;
                    }, PUSH_MESSAGES.testSent)
                  }
                >
                  Kirim notifikasi uji
                </OnlineButton>
                <OnlineButton
                  online={online}
                  disabled={busy}
                  onClick={() =>
                    void act(async () => {
                      await turnOffPush();
                      return null;
                    }, PUSH_MESSAGES.unsubscribed)
                  }
                >
                  Matikan
                </OnlineButton>
              </div>
            ) : (
              subscribed !== undefined && (
                <OnlineButton
                  online={online}
                  disabled={busy || denied}
                  onClick={() => void act(turnOnPush, PUSH_MESSAGES.subscribed)}
                >
                  Aktifkan notifikasi
                </OnlineButton>
              )
            )}
          </>
        )}
        {notice && (
          <div className="lp-success" role="status">
            {notice}
          </div>
        )}
        {problem && (
          <div className="lp-alert" role="alert">
            {problem}
          </div>
        )}
      </div>
    </section>
  );
}
