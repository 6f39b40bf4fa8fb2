// Drawing on the real signature pad (signature_pad on a canvas) in happy-dom, which has no canvas
// pixels: a pointer stroke gives the pad its points, and the PNG it uploads is a stub blob.
import { API } from '@itms/contracts/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { replyTo } from './render-app';

/** The upload of the drawn signature: its stored path is `path`. */
export const uploadSignature = (path = 'sig/drawn.png') =>
  replyTo(API.uploadImage, () => ({ body: { awsImage: path } }));

/**
 * Presses SETUJUI in the validation dialog `validation`, draws a stroke on the signature pad it
 * opens and presses the pad's Submit, which uploads the drawing (mock the upload with
 * uploadSignature()).
 */
export async function signByDrawing(user: UserEvent, validation: HTMLElement) {
  await user.click(within(validation).getByRole('button', { name: /SETUJUI/ }));
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((cb) => {
    cb(new Blob(['png'], { type: 'image/png' }));
  });
  await screen.findByLabelText('Area tanda tangan');
  // the pad attaches once its module has loaded: stroke until it has taken one
  await waitFor(() => {
    const canvas = screen.getByLabelText('Area tanda tangan');
    const pad = canvas.closest<HTMLElement>('[role="dialog"]')!;
    const at = { clientX: 20, clientY: 20, pointerId: 1, buttons: 1, isPrimary: true, pointerType: 'mouse' };
    fireEvent.pointerDown(canvas, at);
    fireEvent.pointerMove(canvas, { ...at, clientX: 60, clientY: 40 });
    fireEvent.pointerUp(canvas, { ...at, clientX: 60, clientY: 40, buttons: 0 });
    expect(within(pad).getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', false);
  });
  const pad = screen.getByLabelText('Area tanda tangan').closest<HTMLElement>('[role="dialog"]')!;
  await user.click(within(pad).getByRole('button', { name: 'Submit' }));
}

/**
 * A validation signed by drawing: SETUJUI, the stroke, the pad's Submit, then the dialog's SUBMIT.
 * Resolves once `sent` (the success message) shows, having checked that nothing more was asked on
 * the way: the drawn signature is the confirmation, no 'Yakin mengirim data ?' (issue 36, item 6).
 */
export async function validateWithDrawnSignature(user: UserEvent, validation: HTMLElement, sent: string) {
  await signByDrawing(user, validation);
  await user.click(within(validation).getByRole('button', { name: 'SUBMIT' }));
  expect(await screen.findByText(sent)).toBeTruthy();
  expect(screen.queryByText('Yakin mengirim data ?')).toBeNull();
}
