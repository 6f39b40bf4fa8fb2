import fs from 'node:fs';
import path from 'node:path';
import { chromium, devices } from '@playwright/test';
import { expect, logoutToken, test, tokenOf } from '../fixtures';
import { openCheckForm, serviceWorkerControls, signInField } from './field-helpers';

// Issue 21: 'Scan' reads the Code 128 label of a tire through the phone's camera and fills its
// serial. Linux Chromium has no BarcodeDetector of its own, so this is the app's WebAssembly
// reader, served by our server (and precached: the scan here is made with no signal). Nothing the
// app loads comes from another host.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

// Code 128 bar/space widths of the symbol values 0-106 (103-105 start A/B/C, 106 stop)
const CODE128 = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 ' +
  '122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 ' +
  '321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 ' +
  '211313 231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 ' +
  '213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 111422 ' +
  '121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 ' +
  '241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 ' +
  '412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 ' +
  '211214 211232 2331112'
).split(' ');

/** The modules (true = bar) of `text` in Code 128 code set B, with its check symbol. */
function code128(text: string): boolean[] {
  const values = [...text].map((ch) => ch.charCodeAt(0) - 32);
  const check = values.reduce((sum, v, i) => sum + v * (i + 1), 104) % 103;
  return [104, ...values, check, 106].flatMap((v) =>
    [...CODE128[v]!].flatMap((width, i) => Array<boolean>(Number(width)).fill(i % 2 === 0)),
  );
}

/**
 * A Y4M video for Chromium's fake camera, in grey: a blank card for four seconds, then the card with
 * the label of `text` for a second, over and over (the blank part lets the view be photographed,
 * however slow the machine is at taking the photo).
 */
function labelVideo(file: string, text: string) {
  const [width, height, fps, module] = [360, 480, 5, 2];
  const bars = code128(text);
  const left = Math.floor((width - bars.length * module) / 2);
  const blank = Buffer.alloc(width * height, 225);
  const label = Buffer.from(blank);
  for (let y = 180; y < 300; y++)
    bars.forEach((bar, m) => {
      if (bar) label.fill(20, y * width + left + m * module, y * width + left + (m + 1) * module);
    });
  const chroma = Buffer.alloc(width * height * 0.5, 128);
  const frame = (luma: Buffer) => [Buffer.from('FRAME\n'), luma, chroma];
  fs.writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`),
      ...Array.from({ length: 4 * fps }, () => frame(blank)).flat(),
      ...Array.from({ length: fps }, () => frame(label)).flat(),
    ]),
  );
}

/**
 * A phone whose camera sees the label of `text`: its own Chromium (the fake camera is a launch
 * option), the camera allowed unless `denied`. `requested` gets every request of its pages and of
 * the service worker, from the first one.
 */
async function phoneSeeing(text: string, { denied = false } = {}) {
  const video = test.info().outputPath('label.y4m');
  fs.mkdirSync(path.dirname(video), { recursive: true });
  labelVideo(video, text);
  const use = test.info().project.use;
  const { defaultBrowserType: _, ...pixel7 } = devices['Pixel 7'];
  const browser = await chromium.launch({
    headless: true,
    executablePath: use.launchOptions?.executablePath,
    args: [
      ...(use.launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
      // the permission prompt answered 'Allow' (headless Chromium answers 'Block' without it)
      ...(denied ? [] : ['--use-fake-ui-for-media-stream']),
    ],
  });
  const context = await browser.newContext({
    ...pixel7,
    baseURL: use.baseURL,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    permissions: denied ? [] : ['camera'],
  });
  const requested: string[] = [];
  context.on('request', (r) => requested.push(r.url()));
  const page = await context.newPage();
  page.on('websocket', (ws) => requested.push(ws.url()));
  return { browser, context, page, requested };
}

test('Scan fills a tire serial from the camera offline, with nothing loaded from another host', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const serial = 'SCAN-7731';
  const { browser, context, page, requested } = await phoneSeeing(serial);
  try {
    await signInField(page);
    await serviceWorkerControls(page);

    // at the wheel, with no signal
    await context.setOffline(true);
    await openCheckForm(page);
    const tires = page.getByRole('group', { name: /^Posisi / });
    const serials = await tires
      .getByLabel('Nomor seri')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    const tire = tires.nth(serials.findIndex((s) => s !== ''));
    const scanner = page.getByRole('dialog', { name: 'Scan label' });

    // the camera view, photographed while it shows the blank card: still open after the shot,
    // it was open during it ('Batal' closes it; a label read would have closed it already)
    let photographed = false;
    await expect(async () => {
      await tire.getByRole('button', { name: 'Scan' }).click();
      await expect(scanner.getByText('Arahkan kamera ke label QR / barcode')).toBeVisible();
      const shot = await page.screenshot();
      if (await scanner.isVisible()) {
        fs.mkdirSync(shots, { recursive: true });
        fs.writeFileSync(path.join(shots, 'scanner-412.png'), shot);
        photographed = true;
        await scanner.getByRole('button', { name: 'Batal' }).click();
      }
      await expect(scanner).toBeHidden();
      expect(photographed).toBe(true);
    }).toPass({ timeout: 30_000 });

    // the label read: the serial is in the field and differs from the records
    await tire.getByLabel('Nomor seri').fill('');
    await tire.getByRole('button', { name: 'Scan' }).click();
    await expect(scanner).toBeVisible();
    await expect(tire.getByLabel('Nomor seri')).toHaveValue(serial, { timeout: 15_000 });
    await expect(scanner).toBeHidden();
    await expect(tire.getByText('Nomor seri berbeda dengan data. Laporkan BKB?')).toBeVisible();
    await tire.screenshot({ path: path.join(shots, 'scanner-filled-412.png') });

    const origin = new URL(test.info().project.use.baseURL!).origin;
    // the reader's WebAssembly came from our server, not from the library's CDN
    expect(requested.some((u) => u.startsWith(`${origin}/lapangan/assets/zxing_reader-`))).toBe(true);
    // blob: and data: are the page's own memory; anything else is our host or it left the server
    const foreign = requested.filter(
      (u) => !/^(blob|data):/.test(u) && new URL(u).host !== new URL(origin).host,
    );
    expect(foreign).toEqual([]);
  } finally {
    await context.setOffline(false);
    await logoutToken(request, await tokenOf(page));
    await browser.close();
  }
});

test('without a camera, Scan says so and Batal goes back to the form', async ({ page }) => {
  await signInField(page);
  await openCheckForm(page);
  const tire = page.getByRole('group', { name: /^Posisi / }).first();
  const before = await tire.getByLabel('Nomor seri').inputValue();
  await tire.getByRole('button', { name: 'Scan' }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan label' });
  await expect(scanner.getByRole('alert')).toHaveText('Kamera tidak tersedia');
  await scanner.getByRole('button', { name: 'Batal' }).click();
  await expect(scanner).toBeHidden();
  await expect(tire.getByLabel('Nomor seri')).toHaveValue(before);
});

test('Scan on Beranda opens the unit whose label the camera sees', async ({ page: office, request }) => {
  // the plate on the label: a unit of his, not the first of the list
  await signInField(office);
  const plate = (await office.locator('.lp-plate').last().textContent())!;
  await logoutToken(request, await tokenOf(office));

  const { browser, page } = await phoneSeeing(plate);
  try {
    await signInField(page);
    await page.screenshot({ path: path.join(shots, 'beranda-scan-412.png') });
    await page.getByRole('button', { name: 'Scan' }).click();
    await expect(page.getByRole('heading', { name: plate, level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/lapangan\/unit\/\d+$/);
  } finally {
    await logoutToken(request, await tokenOf(page));
    await browser.close();
  }
});

test('with the camera blocked, Scan says the permission was refused', async ({ request }) => {
  const { browser, page } = await phoneSeeing('SCAN-7731', { denied: true });
  try {
    await signInField(page);
    await page.getByRole('button', { name: 'Scan' }).click();
    const scanner = page.getByRole('dialog', { name: 'Scan label' });
    await expect(scanner.getByRole('alert')).toHaveText('Izin kamera ditolak');
    await scanner.getByRole('button', { name: 'Batal' }).click();
    await expect(scanner).toBeHidden();
  } finally {
    await logoutToken(request, await tokenOf(page));
    await browser.close();
  }
});
