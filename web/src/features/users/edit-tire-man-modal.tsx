import { EditOutlined, PoweroffOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { SIGNATURE_PAD_CHECK } from '@itms/contracts/constants';
import type { Role } from '@itms/contracts/enums';
import { PASSWORD_MESSAGES, PASSWORD_MIN } from '@itms/contracts/password';
import { INVITE_VALID_DAYS, type TTireManUpdateBody } from '@itms/contracts/users';
import { useQueries } from '@tanstack/react-query';
import { Button, Col, Flex, Form, Input, Modal, Row, Select, Spin, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ImageUploadField } from '../../components/image-upload-field';
import { ImageZoom } from '../../components/image-zoom';
import { LOADING } from '../../components/page-frame';
import { SignaturePadModal } from '../../components/signature-pad-modal';
import { call, endpointKey } from '../../lib/api-client';
import { toast } from '../../lib/feedback';
import { getStoredUser } from '../../lib/storage';
import { useAction, useConfirm } from '../../lib/use-action';
import { useCloseGuard } from '../../lib/use-close-guard';
import { useEndpoint } from '../../lib/use-endpoint';
import { OnlineTag } from './online-tag';
import {
  AccountCustomerField,
  customerOf,
  PHONE_PATTERN,
  ROLE_OPTIONS,
  WORKSHOP_ROLE_HELP,
} from './register-wizard';

export interface EditValues {
  name: string;
  nik: string;
  phone: string;
  email: string;
  password?: string;
  role: Role;
  department: string;
  photo: string | null;
  signature: string;
  /** Proyek: the projects a tire man works on (his units on the phone). */
  project_ids?: number[];
  /** Pelanggan: the customer of a customer's account. */
  customer_id?: number;
}

const FIELDS = [
  'name',
  'nik',
  'phone',
  'email',
  'password',
  'role',
  'department',
  'photo',
  'signature',
  'project_ids',
  'customer_id',
];

/**
 * The PUT body: the password only when one was typed (spec: 'Password (placeholder only)'); the
 * projects only for a tire man (another role keeps what is stored); the customer only for a
 * customer's account (another role has none).
 */
export function editBody(v: EditValues): TTireManUpdateBody {
  return {
    name: v.name.trim(),
    nik: (v.nik ?? '').trim(),
    phone: v.phone.trim(),
    email: v.email.trim(),
    role: v.role,
    department: (v.department ?? '').trim(),
    photo: v.photo || '-',
    signature: v.signature || '-',
    ...(v.password ? { password: v.password } : {}),
    ...(v.role === 'tire-man' ? { project_ids: v.project_ids ?? [] } : {}),
    ...customerOf(v),
  };
}

/** A row of the Tire Man list opens this: photo, signature, account fields, Update, Keluar, force logout. */
export function EditTireManModal({
  id,
  name,
  onClose,
}: {
  id: number | undefined;
  name?: string;
  onClose: () => void;
}) {
  const open = id !== undefined;
  const [form] = Form.useForm<EditValues>();
  // never fetched while closed (no id)
  const record = useEndpoint(API.getTireMan, { params: { id: id ?? 0 } }, { enabled: open, staleTime: 0 });
  const [signing, setSigning] = useState(false);
  const confirm = useConfirm();
  const { run, pending } = useAction();
  const filledFor = useRef<number | undefined>(undefined);
  const me = getStoredUser();
  const signature = Form.useWatch('signature', form);
  const role = Form.useWatch('role', form);

  const { close, load } = useCloseGuard(form, onClose, { busy: pending });

  // fill the form once per opened account (a later refresh only updates the Online state)
  useEffect(() => {
    if (!open) {
      filledFor.current = undefined;
      return;
    }
    const u = record.data;
    if (!u || filledFor.current === u.id) return;
    filledFor.current = u.id;
    load({
      name: u.name,
      nik: u.nik,
      phone: u.phone,
      email: u.email,
      password: '',
      role: u.role,
      department: u.department,
      photo: u.photo === '-' ? null : u.photo,
      signature: u.signature,
      project_ids: u.project_ids ?? [],
      customer_id: u.customer_id ?? undefined,
    });
  }, [open, record.data, load]);

  const update = async (v: EditValues) => {
    const ok = await confirm({
      title: 'Update data Tire Man ?',
      content: v.password
        ? `Data ${v.name} dan password barunya akan disimpan; ia harus login kembali.`
        : `Perubahan data ${v.name} akan disimpan.`,
      okText: 'Update',
    });
    if (!ok || id === undefined) return;
    await run({
      request: (send) => send(API.updateTireMan, { params: { id }, body: editBody(v) }),
      form,
      fieldNames: FIELDS,
      onDone: onClose,
    });
  };

  const u = record.data;
  const kick = async () => {
    if (!u) return;
    const ok = await confirm({
      title: `Paksa logout ${u.name} ?`,
      content: 'Sesi pengguna ini diakhiri sekarang; halaman yang sedang ia buka kembali ke login.',
      okText: 'Paksa Logout',
      danger: true,
    });
    if (!ok) return;
    await run({
      request: (send) => send(API.forceLogoutTireMan, { params: { id: u.id } }),
    });
  };

  // a set-password link on WhatsApp: how a customer's account (or any new one) gets its own password
  const invite = async () => {
    if (!u) return;
    const ok = await confirm({
      title: `Kirim undangan ke ${u.name} ?`,
      content: `Tautan untuk membuat password (berlaku ${INVITE_VALID_DAYS} hari) dikirim lewat WhatsApp ke ${u.phone}; tautan sebelumnya tidak berlaku lagi.`,
      okText: 'Kirim Undangan',
    });
    if (!ok) return;
    await run({ request: (send) => send(API.inviteTireMan, { params: { id: u.id } }) });
  };

  const isAdmin = me?.role === 'admin';
  const isSelf = me?.id === id;
  const kickBlocked = !u
    ? 'Mengambil data ...'
    : isSelf
      ? 'Gunakan Log Out untuk akun Anda sendiri'
      : !u.isLogin
        ? 'Pengguna sedang tidak login'
        : null;
  const kickButton = (
    <Button danger icon={<PoweroffOutlined />} onClick={kick} disabled={Boolean(kickBlocked) || pending}>
      Paksa Logout
    </Button>
  );

  return (
    <Modal
      open={open}
      title={
        <Flex align="center" gap={8} wrap>
          <span>Ubah Tire Man{u || name ? `: ${u?.name ?? name}` : ''}</span>
          {u ? <OnlineTag isLogin={u.isLogin} /> : null}
        </Flex>
      }
      onCancel={close}
      width={860}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Flex justify="space-between" gap={8} wrap>
          <div>
            {isAdmin ? (
              <Flex gap={8} wrap>
                {kickBlocked ? <Tooltip title={kickBlocked}>{kickButton}</Tooltip> : kickButton}
                <Button icon={<WhatsAppOutlined />} onClick={invite} disabled={!u || pending}>
                  Undang via WhatsApp
                </Button>
              </Flex>
            ) : null}
          </div>
          <Flex gap={8}>
            <Button onClick={close} disabled={pending}>
              Keluar
            </Button>
            <Button type="primary" htmlType="submit" form="tire-man-edit" loading={pending} disabled={!u}>
              Update
            </Button>
          </Flex>
        </Flex>
      }
    >
      {!u ? (
        <Flex vertical align="center" gap={8} style={{ padding: '40px 0' }}>
          <Spin />
          <Typography.Text type="secondary">{LOADING}</Typography.Text>
        </Flex>
      ) : null}
      <Form<EditValues>
        form={form}
        id="tire-man-edit"
        layout="vertical"
        requiredMark={false}
        onFinish={update}
        disabled={pending}
        style={{ display: u ? undefined : 'none', marginTop: 8 }}
      >
        <Row gutter={[24, 0]}>
          <Col xs={24} md={9}>
            <Form.Item name="photo" label="Foto">
              <ImageUploadField label="Foto profil" width={104} height={104} round />
            </Form.Item>
            <Form.Item name="signature" label="Tanda Tangan">
              <SignatureField
                path={signature}
                onSign={() => setSigning(true)}
                disabled={pending}
                name={u?.name ?? ''}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={15}>
            <Row gutter={[16, 0]}>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="name"
                  label="Nama"
                  rules={[{ required: true, whitespace: true, message: 'Nama wajib diisi' }]}
                >
                  <Input maxLength={120} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="nik"
                  label="NIK"
                  rules={[{ pattern: /^\d*$/, message: 'NIK hanya boleh berisi angka' }]}
                >
                  <Input inputMode="numeric" maxLength={20} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="phone"
                  label="No HP"
                  rules={[
                    { required: true, whitespace: true, message: 'Nomor HP wajib diisi' },
                    { pattern: PHONE_PATTERN, message: 'Nomor HP tidak valid (contoh 08xxxxxxxxx)' },
                  ]}
                >
                  <Input type="tel" inputMode="tel" placeholder="08xxxxxxxxx" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="email"
                  label="Email"
                  rules={[
                    { required: true, whitespace: true, message: 'Email wajib diisi' },
                    { type: 'email', message: 'Email tidak valid' },
                  ]}
                >
                  <Input type="email" autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="password"
                  label="Password"
                  extra="Kosongkan bila tidak diganti"
                  rules={[{ min: PASSWORD_MIN, message: PASSWORD_MESSAGES.tooShort }]}
                >
                  <Input.Password placeholder="••••••••" autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="role"
                  label="Role"
                  extra={role === 'workshop' ? WORKSHOP_ROLE_HELP : undefined}
                  rules={[{ required: true, message: 'Role wajib dipilih' }]}
                >
                  <Select<Role> options={ROLE_OPTIONS} />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item name="department" label="Departemen">
                  <Input maxLength={120} placeholder="Mis. EDP, Tire Service Lapangan" />
                </Form.Item>
              </Col>
              {role === 'tire-man' ? (
                <Col xs={24}>
                  <Form.Item
                    name="project_ids"
                    label="Proyek"
                    extra="Unit proyek ini tampil di aplikasi lapangan tire man"
                  >
                    <ProjectsSelect />
                  </Form.Item>
                </Col>
              ) : null}
              {role === 'customer' ? (
                <Col xs={24}>
                  <AccountCustomerField />
                </Col>
              ) : null}
            </Row>
          </Col>
        </Row>
      </Form>
      <SignaturePadModal
        open={signing}
        width={SIGNATURE_PAD_CHECK.width}
        height={SIGNATURE_PAD_CHECK.height}
        title="Tanda Tangan"
        cancelText="Keluar"
        onCancel={() => setSigning(false)}
        onSubmit={(path) => {
          form.setFieldValue('signature', path);
          setSigning(false);
          toast().info('Tanda tangan baru tersimpan setelah Update', 3);
        }}
      />
    </Modal>
  );
}

/** Proyek: several projects, searched by name; a linked project beyond the options still shows its name. */
function ProjectsSelect({
  value,
  onChange,
  disabled,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  disabled?: boolean;
}) {
  // a fleet has a few dozen projects: the first 200 by name are the options
  const options = useEndpoint(
    API.listProjects,
    { query: { pageSize: 200, sort: 'name' } },
    { staleTime: 60_000 },
  );
  const listed = options.data?.data ?? [];
  const missing = options.isSuccess ? (value ?? []).filter((id) => !listed.some((p) => p.id === id)) : [];
  // a linked project beyond those is read on its own
  const extra = useQueries({
    queries: missing.map((id) => ({
      queryKey: endpointKey(API.getProject, { params: { id } }),
      queryFn: ({ signal }: { signal: AbortSignal }) => call(API.getProject, { params: { id } }, { signal }),
      staleTime: 60_000,
    })),
  });
  const all = [...listed, ...extra.flatMap((q) => (q.data ? [q.data] : []))];
  return (
    <Select<number[]>
      mode="multiple"
      aria-label="Proyek"
      placeholder="Pilih proyek"
      allowClear
      disabled={disabled}
      value={value}
      onChange={(ids) => onChange?.(ids)}
      loading={options.isFetching}
      notFoundContent={options.isFetching ? LOADING : 'Tidak ada data'}
      optionFilterProp="label"
      options={all.map((p) => ({ value: p.id, label: p.name }))}
    />
  );
}

/** The stored (or newly drawn) signature and the button that opens the pad. */
function SignatureField({
  path,
  onSign,
  disabled,
  name,
}: {
  path: string | undefined;
  onSign: () => void;
  disabled: boolean;
  name: string;
}) {
  return (
    <Flex vertical gap={8} align="flex-start">
      {path && path !== '-' ? (
        <div style={{ border: '1px solid #e6e9f0', borderRadius: 8, padding: 4, lineHeight: 0 }}>
          <ImageZoom path={path} alt={`Tanda tangan ${name}`} width={192} height={112} fit="contain" />
        </div>
      ) : (
        <div
          role="img"
          aria-label="Belum ada tanda tangan"
          style={{
            width: 200,
            height: 120,
            display: 'grid',
            placeItems: 'center',
            border: '1px dashed #d0d5dd',
            borderRadius: 8,
            background: '#fafbfc',
            color: '#8c8c8c',
            fontSize: 12,
          }}
        >
          Belum ada tanda tangan
        </div>
      )}
      <Button icon={<EditOutlined />} onClick={onSign} disabled={disabled}>
        {path && path !== '-' ? 'Ganti tanda tangan' : 'Buat tanda tangan'}
      </Button>
    </Flex>
  );
}
