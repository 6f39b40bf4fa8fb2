import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, expect, logoutToken, test, tokenOf } from '../fixtures';
import { apiToken, makeCheck, openApp, serviceWorkerControls, signInField } from './field-helpers';

// Issue 37, item 6: Tugas, the tire man's day plan. The units of his projects not checked this
// month, never checked first, with 'N dari M unit bulan ini'; a check made with no signal takes its
// unit off at once, and once sent the office's plan of him has it done too.

const shots = path.resolve(import.meta.dirname, '../../../screenshots/lapangan');

type Plan = { done: number; total: number; todo: { plate_number: string }[] };

async function officePlan(request: APIRequestContext, tiremanId: number): Promise<Plan> {
  const edp = await apiToken(request, ACCOUNTS.edp);
  try {
    const res = await request.get(`/api/tire-man-plan/${tiremanId}`, { headers: { access_token: edp } });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as Plan;
  } finally {
    await logoutToken(request, edp);
  }
}

test('Tugas lists the units still to check and shrinks at once when one is checked offline', async ({
  request,
}) => {
  // a unit new in one of his projects, with a tire, never checked: on top of his plan
  const tireman = await apiToken(request, ACCOUNTS.tireman);
  const snap = (await (
    await request.get('/api/field/bootstrap', { headers: { access_token: tireman } })
  ).json()) as { me: { id: number }; units: { unit_type: string; project: { id: number } }[] };
  await logoutToken(request, tireman);
  const admin = await apiToken(request, ACCOUNTS.admin);
  const plate = `TG ${Date.now() % 10_000} E`;
  try {
    const created = await request.post('/api/unit', {
      headers: { access_token: admin },
      data: {
        plate_number: plate,
        unit_type: snap.units[0]!.unit_type,
        project_id: snap.units[0]!.project.id,
        tonnage: 20,
        handled_date: new Date().toISOString().slice(0, 10),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const unitId = ((await created.json()) as { data: { id: number } }).data.id;
    const stock = await request.get('/api/tire?status=UNINSTALLED&pageSize=1', {
      headers: { access_token: admin },
    });
    expect(stock.ok(), await stock.text()).toBe(true);
    const tire = ((await stock.json()) as { data: { id: number }[] }).data[0]!;
    const mount = await request.post(`/api/unit/${unitId}/mount`, {
      headers: { access_token: admin },
      data: { position: '1', tire_id: tire.id },
    });
    expect(mount.ok(), await mount.text()).toBe(true);
  } finally {
    await logoutToken(request, admin);
  }

  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-tugas-'));
  const { context, page } = await openApp(profile);
  try {
    await signInField(page);
    await serviceWorkerControls(page);
    const before = await officePlan(request, snap.me.id);
    expect(before.todo[0]?.plate_number).toBe(plate);
    const text = `${before.done} dari ${before.total} unit bulan ini`;

    await page.getByRole('link', { name: `Tugas: ${text}` }).click();
    await expect(page.getByRole('heading', { name: 'Tugas', level: 1 })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    const todo = page.getByRole('region', { name: 'Belum dicek' }).locator('.lp-unit-link');
    await expect(todo).toHaveCount(before.todo.length);
    await expect(todo.first()).toContainText(plate);
    await expect(todo.first()).toContainText('Belum pernah dicek');
    await page.screenshot({ path: path.join(shots, 'tugas.png') });

    // no signal: the top unit opens, is checked, and leaves the list at once
    await context.setOffline(true);
    await todo.first().click();
    await expect(page.getByRole('heading', { name: plate, level: 1 })).toBeVisible();
    await makeCheck(page, 654321, undefined, plate);
    const after = `${before.done + 1} dari ${before.total} unit bulan ini`;
    await page.getByRole('link', { name: `Tugas: ${after}` }).click();
    await expect(page.getByText(after)).toBeVisible();
    await expect(todo).toHaveCount(before.todo.length - 1);
    await expect(page.getByRole('region', { name: 'Belum dicek' })).not.toContainText(plate);

    // the signal back: the check is sent and the office's plan of him has the unit done
    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const p = await officePlan(request, snap.me.id);
          return [p.done, p.todo.some((u) => u.plate_number === plate)];
        },
        { timeout: 30_000 },
      )
      .toEqual([before.done + 1, false]);
    await expect(page.getByText(after)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Belum dicek' })).not.toContainText(plate);
  } finally {
    await logoutToken(request, await tokenOf(page));
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
