import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ValidationActions, type ValidationActionsProps } from './validation-actions';

const props = (over: Partial<ValidationActionsProps> = {}): ValidationActionsProps => ({
  signed: true,
  hasStoredSign: true,
  submitting: false,
  onSign: vi.fn(),
  onCancel: vi.fn(),
  onSubmit: vi.fn(),
  onSubmitNext: vi.fn(),
  ...over,
});

const button = (name: string) =>
  // SETUJUI's name also carries its pen icon's
  screen.getByRole('button', { name: new RegExp(`${name}$`) }) as HTMLButtonElement;

describe('ValidationActions', () => {
  it('with the stored signature: SETUJUI is not needed, SUBMIT and Validasi & berikutnya send', async () => {
    const user = userEvent.setup();
    const p = props();
    render(<ValidationActions {...p} />);
    expect(button('SETUJUI').disabled).toBe(true);
    expect(button('SETUJUI').title).toBe('Tanda tangan tersimpan Anda dipakai');
    await user.click(button('Validasi & berikutnya'));
    expect(p.onSubmitNext).toHaveBeenCalledOnce();
    await user.click(button('SUBMIT'));
    expect(p.onSubmit).toHaveBeenCalledOnce();
    await user.click(button('BATAL'));
    expect(p.onCancel).toHaveBeenCalledOnce();
  });

  it('without a signature: SETUJUI draws one; SUBMIT and Validasi & berikutnya wait, pointing at the hint', async () => {
    const user = userEvent.setup();
    const p = props({ signed: false, hasStoredSign: false, hintId: 'hint' });
    render(<ValidationActions {...p} extra={<button type="button">Cetak</button>} />);
    for (const name of ['SUBMIT', 'Validasi & berikutnya']) {
      expect(button(name).disabled).toBe(true);
      expect(button(name).getAttribute('aria-describedby')).toBe('hint');
    }
    expect(button('Cetak')).toBeTruthy();
    await user.click(button('SETUJUI'));
    expect(p.onSign).toHaveBeenCalledOnce();
  });
});
