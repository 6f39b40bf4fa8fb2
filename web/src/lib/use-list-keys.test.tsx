import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Modal } from 'antd';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackBridge } from './feedback';
import { STORED_SIGN_NEEDED, useValidationKeys } from './use-list-keys';

interface FormProps {
  storedSign: string | null;
  disabled?: boolean;
  onValidateNext: () => void;
  onHelp?: () => void;
  /** The form sits in a dialog and takes the keys pressed in it. */
  inDialog?: boolean;
}

function Form({ storedSign, disabled = false, onValidateNext, onHelp = () => {}, inDialog }: FormProps) {
  const ref = useRef<HTMLDivElement>(null);
  useValidationKeys({ storedSign, disabled, onValidateNext, onHelp, within: inDialog ? ref : undefined });
  const body = (
    <section ref={ref} tabIndex={-1} aria-label="form">
      <input aria-label="Catatan" />
    </section>
  );
  return (
    <App>
      <FeedbackBridge />
      {inDialog ? (
        <Modal open title="BKB #7" footer={null}>
          {body}
        </Modal>
      ) : (
        body
      )}
      <Modal open={Boolean(inDialog)} title="Dialog lain" footer={null}>
        <button type="button">Tombol lain</button>
      </Modal>
    </App>
  );
}

describe('useValidationKeys', () => {
  it('v is Validasi & berikutnya with the stored signature, ? the help; typing into a field is not', () => {
    const next = vi.fn();
    const help = vi.fn();
    render(<Form storedSign="uploads/ttd.png" onValidateNext={next} onHelp={help} />);
    fireEvent.keyDown(document.body, { key: 'v' });
    expect(next).toHaveBeenCalledOnce();
    fireEvent.keyDown(document.body, { key: '?' });
    expect(help).toHaveBeenCalledOnce();
    fireEvent.keyDown(screen.getByLabelText('Catatan'), { key: 'v' });
    fireEvent.keyDown(document.body, { key: 'v', ctrlKey: true });
    expect(next).toHaveBeenCalledOnce();
  });

  it('without a stored signature v says where to keep one, and does nothing else', async () => {
    const next = vi.fn();
    render(<Form storedSign={null} onValidateNext={next} />);
    fireEvent.keyDown(document.body, { key: 'v' });
    expect(next).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText(STORED_SIGN_NEEDED)).toBeTruthy());
  });

  it('does nothing while there is nothing to validate (sending, sent, read-only)', () => {
    const next = vi.fn();
    render(<Form storedSign="uploads/ttd.png" disabled onValidateNext={next} />);
    fireEvent.keyDown(document.body, { key: 'v' });
    expect(next).not.toHaveBeenCalled();
  });

  it("in a dialog: the keys pressed in the form's dialog count, not those of another dialog or the page", async () => {
    const next = vi.fn();
    render(<Form storedSign="uploads/ttd.png" onValidateNext={next} inDialog />);
    const form = await screen.findByLabelText('form');
    fireEvent.keyDown(form, { key: 'v' });
    expect(next).toHaveBeenCalledOnce();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Tombol lain' }), { key: 'v' });
    fireEvent.keyDown(document.body, { key: 'v' });
    fireEvent.keyDown(screen.getByLabelText('Catatan'), { key: 'v' });
    expect(next).toHaveBeenCalledOnce();
  });
});
