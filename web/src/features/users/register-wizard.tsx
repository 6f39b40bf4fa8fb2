import { API } from '@itms/contracts/api';
import { ROLE_LABELS, ROLES, type Role } from '@itms/contracts/enums';
import { PASSWORD_MESSAGES, PASSWORD_MIN } from '@itms/contracts/password';
import { type TRegisterBody, USER_MESSAGES } from '@itms/contracts/users';
import { Button, Descriptions, Flex, Form, Input, Modal, Radio, Steps, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useEffect, useState } from 'react';
import { CustomerField } from '../../components/org-fields';
import { useAction, useConfirm } from '../../lib/use-action';
import { useCloseGuard } from '../../lib/use-close-guard';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';

export interface RegisterValues {
  name: string;
  email: string;
  phone: string;
  password: string;
  nik: string;
  role: Role;
  /** The customer of a customer's account (role Pelanggan), and only then. */
  customer_id?: number;
}

/** Every role, by its label (Admin, Staff, Tire Man, Workshop, Pelanggan): the role pickers of the account forms. */
export const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** What the workshop role is for (issue 40): it replaced the 'Penanda tangan Workshop' switch. */
export const WORKSHOP_ROLE_HELP = `${ROLE_LABELS.workshop}: khusus menandatangani pengecekan dan pergantian yang sudah divalidasi (menu Tanda Tangan Workshop).`;

/** What a customer's account is for (issue 40), beside its required customer. */
export const CUSTOMER_ROLE_HELP = `${ROLE_LABELS.customer}: hanya melihat armada (unit, ban dan riwayatnya) pelanggan yang dipilih, tanpa mengubah apa pun.`;

/** The customer field of the account forms, shown for the role Pelanggan only. */
export function AccountCustomerField({ onPick }: { onPick?: (name: string | undefined) => void }) {
  return (
    <CustomerField
      label="Pelanggan"
      placeholder="Pilih pelanggan"
      message={USER_MESSAGES.customerRequired}
      extra={CUSTOMER_ROLE_HELP}
      onPick={onPick && ((c) => onPick(c?.name))}
    />
  );
}

/** A customer's account is sent with its customer; another role's without one. */
export const customerOf = (v: { role: Role; customer_id?: number }) =>
  v.role === 'customer' ? { customer_id: v.customer_id } : {};

export const PHONE_PATTERN = /^(\+?62|0)8\d{7,12}$/;

interface Step {
  name: Exclude<keyof RegisterValues, 'customer_id'>;
  title: string;
  label: string;
  help: string;
  rules: Rule[];
  input: ReactNode;
}

/** The six steps of the registration (spec section 2): one field each. */
export const REGISTER_STEPS: Step[] = [
  {
    name: 'name',
    title: 'Nama',
    label: 'Nama lengkap',
    help: 'Nama yang tampil di aplikasi dan pada tanda tangan.',
    rules: [
      { required: true, whitespace: true, message: 'Nama wajib diisi' },
      { max: 120, message: 'Nama maksimal 120 karakter' },
    ],
    input: <Input placeholder="Nama lengkap" autoComplete="off" maxLength={120} />,
  },
  {
    name: 'email',
    title: 'Email',
    label: 'Email aktif',
    help: 'Dipakai untuk login.',
    rules: [
      { required: true, whitespace: true, message: 'Email wajib diisi' },
      { type: 'email', message: 'Email tidak valid' },
    ],
    input: <Input type="email" placeholder="nama@perusahaan.com" autoComplete="off" />,
  },
  {
    name: 'phone',
    title: 'WhatsApp',
    label: 'Nomor WhatsApp',
    help: 'Nomor aktif; dipakai untuk lupa password.',
    rules: [
      { required: true, whitespace: true, message: 'Nomor HP wajib diisi' },
      { pattern: PHONE_PATTERN, message: 'Nomor HP tidak valid (contoh 08xxxxxxxxx)' },
    ],
    input: <Input type="tel" inputMode="tel" placeholder="08xxxxxxxxx" autoComplete="off" />,
  },
  {
    name: 'password',
    title: 'Password',
    label: 'Password default',
    help: `Minimal ${PASSWORD_MIN} karakter, bukan password yang umum dipakai. Sampaikan ke pengguna agar menggantinya.`,
    rules: [
      { required: true, message: 'Password wajib diisi' },
      { min: PASSWORD_MIN, message: PASSWORD_MESSAGES.tooShort },
    ],
    input: <Input.Password placeholder="Password default" autoComplete="new-password" />,
  },
  {
    name: 'nik',
    title: 'NIK',
    label: 'NIK',
    help: 'Nomor Induk Kependudukan, angka saja.',
    rules: [
      { required: true, whitespace: true, message: 'NIK wajib diisi' },
      { pattern: /^\d*$/, message: 'NIK hanya boleh berisi angka' },
      { max: 20, message: 'NIK maksimal 20 digit' },
    ],
    input: <Input inputMode="numeric" placeholder="16 digit NIK" autoComplete="off" maxLength={20} />,
  },
  {
    name: 'role',
    title: 'Role',
    label: 'Role',
    help: `Hak akses akun. ${WORKSHOP_ROLE_HELP}`,
    rules: [{ required: true, message: 'Role wajib dipilih' }],
    input: <Radio.Group optionType="button" buttonStyle="solid" options={ROLE_OPTIONS} />,
  },
];

const LAST = REGISTER_STEPS.length - 1;

/** "Registrasi": name, active email, WhatsApp number, default password, NIK, role -> register. */
export function RegisterWizard({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<RegisterValues>();
  const [current, setCurrent] = useState(0);
  const confirm = useConfirm();
  const { run, pending } = useAction();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const values = Form.useWatch([], form) as Partial<RegisterValues> | undefined;
  // the chosen customer's name, for the review
  const [customerName, setCustomerName] = useState<string>();

  const { close, load } = useCloseGuard(form, onClose, { busy: pending });

  useEffect(() => {
    if (!open) return;
    load();
    setCurrent(0);
    setCustomerName(undefined);
  }, [open, load]);

  // focus the step's field when the step changes
  useEffect(() => {
    if (!open) return;
    const t = setTimeout(() => form.getFieldInstance(REGISTER_STEPS[current]!.name)?.focus?.(), 50);
    return () => clearTimeout(t);
  }, [current, open, form]);

  const register = async () => {
    const v = form.getFieldsValue(true) as RegisterValues;
    const ok = await confirm({
      title: 'Daftarkan user baru ?',
      content: `${v.name} (${ROLE_LABELS[v.role]}) akan dapat login dengan ${v.email}.`,
      okText: 'Daftar',
    });
    if (!ok) return;
    const body: TRegisterBody = {
      name: v.name.trim(),
      email: v.email.trim(),
      phone: v.phone.trim(),
      password: v.password,
      nik: v.nik.trim(),
      role: v.role,
      ...customerOf(v),
    };
    const reply = await run({
      request: (send) => send(API.registerTireMan, { body }),
      form,
      fieldNames: [...REGISTER_STEPS.map((s) => s.name), 'customer_id'],
      onDone: onClose,
    });
    if (reply) return;
    // the server refused a field: go back to its step
    const firstBad = REGISTER_STEPS.findIndex((s) => form.getFieldError(s.name).length > 0);
    if (firstBad >= 0) setCurrent(firstBad);
  };

  const next = async () => {
    const name = REGISTER_STEPS[current]!.name;
    // the role Pelanggan asks for its customer on the same step
    const withCustomer = name === 'role' && form.getFieldValue('role') === 'customer';
    try {
      await form.validateFields(withCustomer ? [name, 'customer_id'] : [name]);
    } catch {
      return;
    }
    if (current < LAST) setCurrent(current + 1);
    else void register();
  };

  const step = REGISTER_STEPS[current]!;

  return (
    <Modal
      open={open}
      title="Registrasi"
      onCancel={close}
      width={720}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Flex justify="space-between" gap={8}>
          <Button onClick={close} disabled={pending}>
            Keluar
          </Button>
          <Flex gap={8}>
            <Button onClick={() => setCurrent(current - 1)} disabled={current === 0 || pending}>
              Kembali
            </Button>
            <Button type="primary" onClick={next} loading={pending}>
              {current === LAST ? 'Daftar' : 'Lanjut'}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Steps
        current={current}
        size="small"
        titlePlacement={isDesktop ? 'horizontal' : 'vertical'}
        responsive={false}
        onChange={(i) => i < current && setCurrent(i)}
        items={REGISTER_STEPS.map((s, i) => ({
          // phones: numbers only, the step's name is written below
          title: isDesktop ? s.title : undefined,
          status: form.getFieldError(s.name).length > 0 ? 'error' : undefined,
          disabled: i > current,
        }))}
        style={{ margin: isDesktop ? '12px 0 24px' : '12px 0 8px' }}
      />
      {isDesktop ? null : (
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 12 }}>
          Langkah {current + 1} dari {REGISTER_STEPS.length}: {step.title}
        </Typography.Text>
      )}
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: 'tire-man' }}
        disabled={pending}
        onKeyDown={(e) => {
          // Enter in a field goes to the next step
          if (e.key !== 'Enter' || (e.target as HTMLElement).tagName !== 'INPUT') return;
          e.preventDefault();
          void next();
        }}
      >
        {REGISTER_STEPS.map((s) => (
          <Form.Item
            key={s.name}
            name={s.name}
            label={s.label}
            extra={s.help}
            rules={s.rules}
            hidden={s.name !== step.name}
            validateFirst
          >
            {s.input}
          </Form.Item>
        ))}
        {step.name === 'role' && values?.role === 'customer' ? (
          <AccountCustomerField onPick={setCustomerName} />
        ) : null}
      </Form>
      {current === LAST ? (
        <>
          <Typography.Text type="secondary">Periksa kembali sebelum mendaftar:</Typography.Text>
          <Descriptions
            size="small"
            column={1}
            bordered
            style={{ marginTop: 8 }}
            items={[
              { key: 'name', label: 'Nama', children: values?.name },
              { key: 'email', label: 'Email', children: values?.email },
              { key: 'phone', label: 'WhatsApp', children: values?.phone },
              { key: 'nik', label: 'NIK', children: values?.nik },
              { key: 'role', label: 'Role', children: values?.role ? ROLE_LABELS[values.role] : '-' },
              ...(values?.role === 'customer'
                ? [{ key: 'customer', label: 'Pelanggan', children: customerName ?? '-' }]
                : []),
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
