// What a user sees when leaving a form dialog (issue 42, item 1): one check for every form kind.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

const ASK = 'Tutup form ini?';

/**
 * Keluar (or the form's other closing `button`: 'Batal', the X 'Tutup') on a form whose values are
 * as it opened: it closes at once, without asking.
 */
export async function expectKeluarClosesAtOnce(
  user: UserEvent,
  dialog: HTMLElement,
  button = 'Keluar',
): Promise<void> {
  // antd modals ignore the pointer while they animate in: click once the button takes it
  await waitFor(() => user.click(within(dialog).getByRole('button', { name: button })));
  // closing: gone, or on its way out (the test DOM never ends antd's leave animation)
  await waitFor(() => expect(!dialog.isConnected || /-leave\b/.test(dialog.className)).toBe(true));
  expect(screen.queryByText(ASK)).toBeNull();
}

/** Keluar (or `button`) on a changed form asks first; 'Lanjut mengisi' keeps the form and what was typed. */
export async function expectKeluarAsks(
  user: UserEvent,
  dialog: HTMLElement,
  button = 'Keluar',
): Promise<void> {
  await waitFor(() => user.click(within(dialog).getByRole('button', { name: button })));
  expect((await screen.findAllByText(ASK)).length).toBeGreaterThan(0);
  await user.click(screen.getByRole('button', { name: 'Lanjut mengisi' }));
  expect(dialog.isConnected && !/-leave\b/.test(dialog.className)).toBe(true);
}
