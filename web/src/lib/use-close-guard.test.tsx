import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useCloseGuard } from './use-close-guard';

/** A form dialog; `loaded` is what an edit form fills in when it opens (as the office's forms do). */
function Dialog({ loaded }: { loaded?: { nama: string } }) {
  const [open, setOpen] = useState(true);
  const [form] = Form.useForm();
  const { close, load } = useCloseGuard(form, () => setOpen(false));
  useEffect(() => load(loaded), [load, loaded]);
  return (
    <>
      <output aria-label="status">{open ? 'terbuka' : 'tertutup'}</output>
      <Modal open={open} title="Form Uji" onCancel={close} footer={null}>
        <Form form={form}>
          <Form.Item name="nama" label="Nama">
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** A wizard-like form: its own initialValues, loaded when it opens, before its dialog mounts it. */
function WizardDialog() {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const { close, load } = useCloseGuard(form, () => setOpen(false));
  useEffect(() => {
    if (open) load();
  }, [open, load]);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Buka
      </button>
      <output aria-label="status">{open ? 'terbuka' : 'tertutup'}</output>
      <Modal open={open} title="Registrasi Uji" onCancel={close} footer={null}>
        <Form form={form} initialValues={{ role: 'tire-man', aktif: false }}>
          <Form.Item name="role" label="Role">
            <Input />
          </Form.Item>
          <Form.Item name="aktif" hidden>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

const renderDialog = (loaded?: { nama: string }) =>
  render(
    <App>
      <Dialog loaded={loaded} />
    </App>,
  );

describe('useCloseGuard', () => {
  it('closes an untouched form at once', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByLabelText('status').textContent).toBe('tertutup');
    expect(screen.queryByRole('button', { name: 'Lanjut mengisi' })).toBeNull();
  });

  it('asks before Esc throws away what was typed; Lanjut mengisi keeps it, the danger button closes', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.type(screen.getByLabelText('Nama'), 'Budi');
    await user.keyboard('{Escape}');
    // one question, the form still open behind it
    await screen.findByRole('button', { name: 'Lanjut mengisi' });
    expect(screen.getAllByText('Isian yang belum disimpan akan hilang.')).toHaveLength(1);
    expect(screen.getByLabelText('status').textContent).toBe('terbuka');
    await user.click(screen.getByRole('button', { name: 'Lanjut mengisi' }));
    expect(screen.getByLabelText('status').textContent).toBe('terbuka');
    expect((screen.getByLabelText('Nama') as HTMLInputElement).value).toBe('Budi');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    // (jsdom keeps the first question's closed dialog around: the new one is the last)
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Tutup tanpa menyimpan' })).toHaveLength(2),
    );
    await user.click(screen.getAllByRole('button', { name: 'Tutup tanpa menyimpan' }).at(-1)!);
    expect(await screen.findByText('Changes are not saved')).toBeTruthy();
    expect(screen.getByLabelText('status').textContent).toBe('tertutup');
  });

  it('closes an edit form at once when its values are as loaded, even after typing them back', async () => {
    const user = userEvent.setup();
    renderDialog({ nama: 'Budi' });
    expect((screen.getByLabelText('Nama') as HTMLInputElement).value).toBe('Budi');
    // antd marks a field filled by setFieldsValue as touched: the values decide, not that flag
    await user.type(screen.getByLabelText('Nama'), 'x');
    await user.type(screen.getByLabelText('Nama'), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByLabelText('status').textContent).toBe('tertutup');
    expect(screen.queryByRole('button', { name: 'Lanjut mengisi' })).toBeNull();
  });

  it('asks when a loaded value was changed', async () => {
    const user = userEvent.setup();
    renderDialog({ nama: 'Budi' });
    await user.clear(screen.getByLabelText('Nama'));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByRole('button', { name: 'Lanjut mengisi' });
    expect(screen.getByLabelText('status').textContent).toBe('terbuka');
  });

  it('closes a form with its own initial values at once when nothing was typed; typing asks', async () => {
    const user = userEvent.setup();
    render(
      <App>
        <WizardDialog />
      </App>,
    );
    await user.click(screen.getByRole('button', { name: 'Buka' }));
    expect(((await screen.findByLabelText('Role')) as HTMLInputElement).value).toBe('tire-man');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByLabelText('status').textContent).toBe('tertutup');
    expect(screen.queryByRole('button', { name: 'Lanjut mengisi' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Buka' }));
    await user.type(screen.getByLabelText('Role'), 'x');
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await screen.findByRole('button', { name: 'Lanjut mengisi' });
    expect(screen.getByLabelText('status').textContent).toBe('terbuka');
  });
});
