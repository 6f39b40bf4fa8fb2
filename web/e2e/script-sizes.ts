import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/**
 * The JavaScript a page loads while `open` runs, gzip-compressed per file (level 9), largest first;
 * printed as a table for the run's log.
 */
export async function scriptSizes(
  page: Page,
  label: string,
  open: () => Promise<void>,
): Promise<{ total: number; files: string[] }> {
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => null);
    if (body) scripts.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await open();
  await page.waitForLoadState('networkidle');
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  const lines = [...scripts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([name, size]) => `  ${(size / 1024).toFixed(1).padStart(6)} KB  ${name}`);
  console.log(
    `${label} JavaScript (gzip): ${(total / 1024).toFixed(1)} KB in ${scripts.size} files\n${lines.join('\n')}`,
  );
  return { total, files: [...scripts.keys()] };
}
