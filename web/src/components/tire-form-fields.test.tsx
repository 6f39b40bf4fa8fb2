import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { TireFormFields, type TireFormValues, tireFormBody, tireFormValues } from './tire-form-fields';

describe('tire form values and body', () => {
  it('upper-cases brands, size, tube/flap/velg texts; keeps pattern and information as typed', () => {
    const body = tireFormBody({
      serial_number: ' bs123 ',
      ir_brand: 'bridgestone',
      ori_brand: 'Bridgestone',
      pattern: 'r150',
      size: '11.00-20',
      tube_brand: 'irc',
      flap_size: '7.50-16',
      velg_brand: 'topy',
      information: 'Ban baru',
      groove_1: 12.5,
      pressure: 110,
      velg_holes: 6,
    });
    expect(body).toMatchObject({
      serial_number: 'bs123',
      ir_brand: 'BRIDGESTONE',
      ori_brand: 'BRIDGESTONE',
      pattern: 'r150',
      tube_brand: 'IRC',
      velg_brand: 'TOPY',
      information: 'Ban baru',
      groove_1: 12.5,
      groove_2: null,
      pressure: 110,
      velg_holes: 6,
      casing_status: '',
    });
    // empty ORI/RET and odometer are left to the server
    expect(body).not.toHaveProperty('is_original');
    expect(body).not.toHaveProperty('odometer');
  });

  it('round-trips a stored tire: empty texts become empty fields, numbers stay numbers', () => {
    const values = tireFormValues({
      serial_number: 'X1',
      casing_status: '',
      groove_1: 3,
      pressure: null,
      odometer: 1200,
    });
    expect(values.casing_status).toBeUndefined();
    expect(values.groove_1).toBe(3);
    expect(values.pressure).toBeNull();
    expect(tireFormBody(values).odometer).toBe(1200);
  });
});

function Harness({ onValues }: { onValues: (v: TireFormValues) => void }) {
  const [form] = Form.useForm<TireFormValues>();
  return (
    <Form form={form} layout="vertical" onFinish={onValues}>
      <TireFormFields />
      <button type="submit">Kirim</button>
    </Form>
  );
}

describe('<TireFormFields />', () => {
  it('labels every field, upper-cases brands as typed and follows the lowest groove', async () => {
    let sent: TireFormValues | undefined;
    render(<Harness onValues={(v) => (sent = v)} />);
    const user = userEvent.setup({ delay: null });
    for (const label of ['Status Casing', 'Status Tube', 'Status Flap', 'Status Velg', 'Kondisi (ORI / RET)'])
      expect(screen.getByRole('combobox', { name: label })).toBeTruthy();
    expect(screen.getByLabelText('Informasi').getAttribute('rows')).toBe('4');

    await user.type(screen.getByLabelText('Nomor Seri (S/N)'), 'SN-1');
    await user.type(screen.getByLabelText('IR Brand'), 'gt radial');
    expect((screen.getByLabelText('IR Brand') as HTMLInputElement).value).toBe('GT RADIAL');
    await user.type(screen.getByRole('spinbutton', { name: 'RTD 1' }), '9');
    await user.type(screen.getByRole('spinbutton', { name: 'RTD 2' }), '4.5');
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ serial_number: 'SN-1', ir_brand: 'GT RADIAL', groove_1: 9, groove_2: 4.5 });
    expect(sent?.groove_lowest).toBe(4.5);
  });

  it('takes the purchase price and retread cost in whole rupiah with thousand separators; blank is null', async () => {
    let sent: TireFormValues | undefined;
    render(<Harness onValues={(v) => (sent = v)} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Nomor Seri (S/N)'), 'SN-2');
    const price = screen.getByRole('spinbutton', { name: 'Harga Beli (Rp)' }) as HTMLInputElement;
    await user.type(price, '4250000');
    await user.tab();
    expect(price.value).toBe('4.250.000');
    expect(screen.getByRole('spinbutton', { name: 'Biaya Vulkanisir (Rp)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(sent).toBeDefined());
    const body = tireFormBody(sent as TireFormValues);
    expect(body.purchase_price).toBe(4_250_000);
    expect(body.retread_cost).toBeNull();
    expect(tireFormValues({ serial_number: 'X', purchase_price: 3_000_000 }).purchase_price).toBe(3_000_000);
  });

  it('refuses to send without a serial number', async () => {
    let sent = false;
    render(<Harness onValues={() => (sent = true)} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByText('Nomor seri wajib diisi')).toBeTruthy();
    expect(sent).toBe(false);
  });
});
