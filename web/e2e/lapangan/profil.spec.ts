import path from 'node:path';
import { ACCOUNTS, expect, logoutToken, test, tokenOf } from '../fixtures';
import { apiToken, serviceWorkerControls, signInField, signPad } from './field-helpers';

// Issue 21, flow 10: on Profil the tire man changes his phone and his stored signature (online
// only: the office reads the new ones), reads the SOP list (its titles kept for no signal), and
// with no signal the changes say 'Butuh sinyal'.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

interface Account {
  id: number;
  name: string;
  phone: string;
  signature: string;
}

test('Profil: phone and signature changed online and read back by the office; offline they need a signal; the SOP titles stay', async ({
  page,
  context,
  request,
}) => {
  await signInField(page);
  await serviceWorkerControls(page);
  const own = { access_token: (await tokenOf(page))! };
  const before = (await (await request.get('/api/me', { headers: own })).json()) as Account;
  const admin = await apiToken(request, ACCOUNTS.admin);
  const headers = { access_token: admin };
  try {
    const sop = (await (await request.get('/api/sop', { headers })).json()) as {
      title: string;
      video_url: string;
      video_path: string | null;
    }[];
    expect(sop.length).toBeGreaterThan(0);
    const videos = sop.filter((s) => s.video_path || s.video_url).length;
    expect(videos).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Profil' }).click();
    await expect(page.getByRole('heading', { name: 'Budi Santoso', level: 1 })).toBeVisible();
    const sopList = page.getByRole('region', { name: 'SOP' });
    for (const s of sop) await expect(sopList.getByText(s.title, { exact: true })).toBeVisible();
    await expect(sopList.getByRole('link', { name: 'Tonton video' })).toHaveCount(videos);
    // his stored signature shows (a signed link of the file)
    const stored = page.getByRole('img', { name: 'Tanda tangan tersimpan' });
    await expect(stored).toBeVisible();
    await expect.poll(() => stored.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // the phone: checked as the contract checks it, then saved
    const phoneCard = page.locator('.lp-profile-item', { hasText: 'No. WhatsApp' });
    await page.getByRole('button', { name: 'Ubah nomor' }).click();
    await page.getByLabel('Nomor baru').fill('12345');
    await expect(phoneCard.getByText('Nomor HP tidak valid (contoh 08xxxxxxxxx)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Simpan nomor' })).toBeDisabled();
    const phone = `0813${String(Date.now()).slice(-8)}`;
    await page.getByLabel('Nomor baru').fill(phone);
    await page.getByRole('button', { name: 'Simpan nomor' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'No. WhatsApp tersimpan' })).toBeVisible();
    await expect(phoneCard.getByText(phone, { exact: true })).toBeVisible();

    // a new signature drawn on the phone replaces the stored one
    await page.getByRole('button', { name: 'Ganti tanda tangan' }).click();
    await expect(page.getByRole('button', { name: 'Simpan tanda tangan' })).toBeDisabled();
    await signPad(page, page.getByRole('group', { name: 'Tanda tangan baru' }));
    await page.screenshot({ path: `${shots}/profil-signature-412.png`, fullPage: true });
    await page.getByRole('button', { name: 'Simpan tanda tangan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Tanda tangan tersimpan' })).toBeVisible();

    const row = (await (await request.get(`/api/tire-man/${before.id}`, { headers })).json()) as Account;
    expect(row.phone).toBe(phone);
    expect(row.signature).not.toBe(before.signature);
    expect(row.signature).not.toBe('-');
    // the office's signature loads, and it is the one the phone now shows
    const signed = await request.post('/api/files/sign', { headers, data: { paths: [row.signature] } });
    const { urls } = (await signed.json()) as { urls: Record<string, string> };
    const img = await request.get(urls[row.signature]!);
    expect(img.status()).toBe(200);
    expect(img.headers()['content-type']).toBe('image/png');
    await expect(stored).toHaveAttribute(
      'src',
      new RegExp(row.signature.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    await expect.poll(() => stored.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: `${shots}/profil-online-412.png`, fullPage: true });

    // no signal: every change says it needs one; what the phone knows stays, the SOP titles too
    await context.setOffline(true);
    await page.reload();
    await expect(phoneCard.getByText(phone, { exact: true })).toBeVisible();
    for (const name of ['Ganti foto', 'Ubah nomor', 'Ganti tanda tangan']) {
      const button = page.getByRole('button', { name });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription('Butuh sinyal');
    }
    await expect(page.getByText('Tersimpan (tampil saat ada sinyal)')).toBeVisible();
    for (const s of sop) await expect(sopList.getByText(s.title, { exact: true })).toBeVisible();
    await expect(sopList.getByText('Video: Butuh sinyal')).toHaveCount(videos);
    await expect(sopList.getByRole('link', { name: 'Tonton video' })).toHaveCount(0);
    await page.screenshot({ path: `${shots}/profil-offline-412.png`, fullPage: true });
  } finally {
    await context.setOffline(false);
    // the demo tire man as he was, for the specs after this one
    await request.put('/api/me', {
      headers: own,
      data: { name: before.name, phone: before.phone, signature: before.signature },
    });
    await logoutToken(request, admin);
  }
});
