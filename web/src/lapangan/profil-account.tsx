import { profileEndpoints } from '@itms/contracts/api/profile';
import { sopEndpoints } from '@itms/contracts/api/sop';
import { uploadEndpoints } from '@itms/contracts/api/upload';
import { usersEndpoints } from '@itms/contracts/api/users';
import type { TFieldBootstrap } from '@itms/contracts/field';
import { ZProfileUpdateBody } from '@itms/contracts/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { call, isApiError } from '../lib/api-client';
import { hasFile, useFileUrls } from '../lib/file-urls';
import { db } from './db';
import { Field } from './form-kit';
import { OnlineButton } from './online-button';
import { compressPhoto } from './photo';
import { PushSettings } from './push-settings';
import { SignaturePad } from './signature-pad';
import { refreshSnapshot } from './snapshot';
import { useLive } from './use-live';
import './profil-account.css';

// Loaded with Profil, not with the login page: the signed file links need TanStack Query.

/** Signed links of his photo, signature and SOP videos (online reads only). */
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });

type Me = TFieldBootstrap['me'];

/** His photo, phone and signature (changed online only), and the SOP list (titles kept offline). */
export function ProfilAccount({ me, userId, online }: { me: Me; userId: number; online: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Account me={me} userId={userId} online={online} />
      <PushSettings online={online} />
      <SopList userId={userId} online={online} />
    </QueryClientProvider>
  );
}

/** Uploads an image (a photo or a drawn signature) and answers its stored path. */
async function upload(blob: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append(uploadEndpoints.uploadImage.multipart, blob, name);
  return (await call(uploadEndpoints.uploadImage, { body: form })).awsImage;
}

function Account({ me, userId, online }: { me: Me; userId: number; online: boolean }) {
  // no link can be signed with no signal: the pictures wait for one
  const fileUrl = useFileUrls(online ? [me.photo, me.signature] : []);
  const [editing, setEditing] = useState<'phone' | 'signature' | null>(null);
  const [phone, setPhone] = useState(me.phone);
  const [signature, setSignature] = useState<Blob>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const phoneCheck = ZProfileUpdateBody.shape.phone.safeParse(phone);

  /** Sends a change, then reads the snapshot again so that every screen shows it. */
  async function change(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      await work();
      // saved on the server: a snapshot that fails to come shows the old value until the next one
      await refreshSnapshot(userId).catch(() => undefined);
      setEditing(null);
      setNotice(done);
    } catch (err) {
      setProblem(isApiError(err) && err.status !== 0 ? err.message : 'Tidak terkirim: butuh sinyal');
    } finally {
      setBusy(false);
    }
  }

  const savePhoto = (file: File | undefined) =>
    file &&
    change(async () => {
      const photo = await upload(await compressPhoto(file), 'foto.jpg');
      await call(profileEndpoints.updateProfile, { body: { name: me.name, phone: me.phone, photo } });
    }, 'Foto tersimpan');
  const savePhone = () =>
    change(
      () => call(profileEndpoints.updateProfile, { body: { name: me.name, phone } }),
      'No. WhatsApp tersimpan',
    );
  const saveSignature = (blob: Blob) =>
    change(async () => {
      const path = await upload(blob, 'tanda-tangan.png');
      await call(usersEndpoints.saveOwnSignature, { body: { signature: path } });
    }, 'Tanda tangan tersimpan');

  const photoUrl = fileUrl(me.photo);
  const signatureUrl = fileUrl(me.signature);
  return (
    <section className="lp-section lp-stack" aria-label="Akun">
      <div className="lp-card lp-profile-photo">
        {photoUrl ? (
          <img className="lp-avatar" src={photoUrl} alt="Foto profil" />
        ) : (
          <span className="lp-avatar" aria-hidden="true">
            {me.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="lp-stack">
          <span className="lp-muted">
            {hasFile(me.photo) ? (online ? 'Foto profil' : 'Foto tampil saat ada sinyal') : 'Belum ada foto'}
          </span>
          <OnlineButton online={online} disabled={busy} onClick={() => photoInput.current?.click()}>
            Ganti foto
          </OnlineButton>
          <input
            ref={photoInput}
            type="file"
            accept="image/*"
            capture="user"
            hidden
            onChange={(e) => void savePhoto(e.target.files?.[0])}
          />
        </div>
      </div>

      <div className="lp-card lp-stack lp-profile-item">
        <h2>No. WhatsApp</h2>
        {editing === 'phone' ? (
          <>
            <Field
              label="Nomor baru"
              error={phoneCheck.success ? undefined : phoneCheck.error.issues[0]?.message}
            >
              <input inputMode="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
            </Field>
            <EditActions
              online={online}
              ready={phoneCheck.success && !busy}
              save="Simpan nomor"
              onSave={() => void savePhone()}
              onCancel={() => setEditing(null)}
            />
          </>
        ) : (
          <>
            <strong>{me.phone || '-'}</strong>
            <OnlineButton
              online={online}
              disabled={busy}
              onClick={() => {
                setPhone(me.phone);
                setEditing('phone');
              }}
            >
              Ubah nomor
            </OnlineButton>
          </>
        )}
      </div>

      <div className="lp-card lp-stack lp-profile-item">
        <h2>Tanda tangan</h2>
        {editing === 'signature' ? (
          <>
            <SignaturePad label="Tanda tangan baru" signature={signature} onChange={setSignature} />
            <EditActions
              online={online}
              ready={Boolean(signature) && !busy}
              save="Simpan tanda tangan"
              onSave={() => signature && void saveSignature(signature)}
              onCancel={() => setEditing(null)}
            />
          </>
        ) : (
          <>
            {!me.signature ? (
              <span className="lp-muted">
                Belum ada: dipakai untuk menandatangani pengecekan dan pergantian
              </span>
            ) : signatureUrl ? (
              <img className="lp-sign-pad" src={signatureUrl} alt="Tanda tangan tersimpan" />
            ) : (
              <span className="lp-muted">{online ? 'Memuat ...' : 'Tersimpan (tampil saat ada sinyal)'}</span>
            )}
            <OnlineButton
              online={online}
              disabled={busy}
              onClick={() => {
                setSignature(undefined);
                setEditing('signature');
              }}
            >
              {me.signature ? 'Ganti tanda tangan' : 'Buat tanda tangan'}
            </OnlineButton>
          </>
        )}
      </div>

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
    </section>
  );
}

function EditActions({
  online,
  ready,
  save,
  onSave,
  onCancel,
}: {
  online: boolean;
  ready: boolean;
  save: string;
  onSave: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="lp-update-actions">
      <button className="lp-button" type="button" onClick={onCancel}>
        Batal
      </button>
      <OnlineButton online={online} disabled={!ready} onClick={onSave}>
        {save}
      </OnlineButton>
    </div>
  );
}

/** The SOP list: read online and kept on the phone for its titles; the videos need a signal. */
function SopList({ userId, online }: { userId: number; online: boolean }) {
  // undefined while the phone's copy is read, null when it has none
  const stored = useLive(async () => (await db.sop.get(userId)) ?? null, userId);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!online) return;
    setFailed(false);
    call(sopEndpoints.listSop, {})
      .then((entries) => db.sop.put({ userId, entries, savedAt: Date.now() }))
      // the list kept on the phone stays as it was
      .catch(() => setFailed(true));
  }, [online, userId]);
  const entries = stored?.entries ?? [];
  const videoOf = (e: (typeof entries)[number]) => e.video_path || e.video_url;
  const videoUrl = useFileUrls(online ? entries.map(videoOf) : []);
  return (
    <section className="lp-section lp-stack" aria-label="SOP">
      <h2>SOP</h2>
      {entries.length === 0 ? (
        <div className="lp-card lp-empty">
          {stored
            ? 'Belum ada SOP'
            : stored === null && !online
              ? 'Butuh sinyal untuk mengambil SOP'
              : failed
                ? 'SOP gagal dimuat, coba lagi nanti'
                : 'Memuat ...'}
        </div>
      ) : (
        <ul className="lp-units">
          {entries.map((e) => {
            const url = videoUrl(videoOf(e));
            return (
              <li key={e.id} className="lp-card lp-sop">
                <strong>{e.title}</strong>
                {e.description && <span className="lp-muted">{e.description}</span>}
                {hasFile(videoOf(e)) &&
                  (!online ? (
                    <small className="lp-muted">Video: Butuh sinyal</small>
                  ) : url ? (
                    <a className="lp-button" href={url} target="_blank" rel="noreferrer">
                      Tonton video
                    </a>
                  ) : null)}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
