import { DeleteOutlined, EditOutlined, LockOutlined, UploadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { SIGNATURE_PAD_CHECK } from '@itms/contracts/constants';
import { ROLE_LABELS, UNSIGNED } from '@itms/contracts/enums';
import { PASSWORD_MIN, type TProfile } from '@itms/contracts/profile';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Result,
  Row,
  Spin,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { IMAGE_TYPES, ImageUploadField, imageProblem } from '../../components/image-upload-field';
import { ImageZoom } from '../../components/image-zoom';
import { LOADING, PageHeading } from '../../components/page-frame';
import { SignaturePadModal } from '../../components/signature-pad-modal';
import { call } from '../../lib/api-client';
import { errorText, showApiError, showErrorDialog } from '../../lib/feedback';
import { uploadImage } from '../../lib/upload';
import { useAction, useConfirm } from '../../lib/use-action';
import { useEndpoint } from '../../lib/use-endpoint';
import { adoptProfile } from './adopt-profile';

const PHONE_PATTERN = /^(\+?62|0)8[\d\s.-]{7,16}$/;
export const SIGNATURE_SAVED = 'Tanda tangan berhasil disimpan';
export const SIGNATURE_REMOVED = 'Tanda tangan tersimpan dihapus';

/** Profil saya: one's own name, photo, phone, stored signature and password. */
export default function ProfilePage() {
  const profile = useEndpoint(API.getProfile, {}, { staleTime: 0 });
  return (
    <>
      <PageHeading />
      {profile.data ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <PersonalCard profile={profile.data} />
          </Col>
          <Col xs={24} xl={12}>
            <Flex vertical gap={16}>
              <SignatureCard profile={profile.data} />
              <PasswordCard />
            </Flex>
          </Col>
        </Row>
      ) : profile.isError ? (
        <Result
          status="warning"
          title="Profil tidak dapat dimuat"
          subTitle={errorText(profile.error)}
          extra={
            <Button type="primary" onClick={() => profile.refetch()}>
              Muat ulang
            </Button>
          }
        />
      ) : (
        <Flex vertical align="center" gap={8} style={{ padding: '48px 0' }}>
          <Spin />
          <Typography.Text type="secondary">{LOADING}</Typography.Text>
        </Flex>
      )}
    </>
  );
}

interface PersonalValues {
  name: string;
  phone: string;
  photo: string | null;
}

function PersonalCard({ profile }: { profile: TProfile }) {
  const [form] = Form.useForm<PersonalValues>();
  const queryClient = useQueryClient();
  const { run, pending } = useAction();

  // the stored values, again after each save
  useEffect(() => {
    form.setFieldsValue({
      name: profile.name,
      phone: profile.phone,
      photo: profile.photo === UNSIGNED ? null : profile.photo,
    });
  }, [form, profile.name, profile.phone, profile.photo]);

  const save = (v: PersonalValues) =>
    run({
      request: () =>
        call(API.updateProfile, {
          body: { name: v.name.trim(), phone: v.phone.trim(), photo: v.photo ?? '' },
        }),
      form,
      fieldNames: ['name', 'phone', 'photo'],
      onDone: (reply) => adoptProfile(queryClient, reply.data),
    });

  return (
    <Card title="Data diri" role="region" aria-label="Data diri">
      <Form<PersonalValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={save}
        disabled={pending}
      >
        <Form.Item name="photo" label="Foto">
          <ImageUploadField label="Foto profil" width={104} height={104} round removable />
        </Form.Item>
        <Row gutter={[16, 0]}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label="Nama"
              rules={[{ required: true, whitespace: true, message: 'Nama wajib diisi' }]}
            >
              <Input maxLength={120} autoComplete="name" />
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
              <Input type="tel" inputMode="tel" placeholder="08xxxxxxxxx" autoComplete="tel" />
            </Form.Item>
          </Col>
        </Row>
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'email', label: 'Email', children: profile.email },
            { key: 'role', label: 'Role', children: ROLE_LABELS[profile.role] },
            ...(profile.department
              ? [{ key: 'dept', label: 'Departemen', children: profile.department }]
              : []),
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          Email dan role diubah oleh admin.
        </Typography.Paragraph>
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={pending}>
            Simpan
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

function SignatureCard({ profile }: { profile: TProfile }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { run, pending } = useAction();
  const [drawing, setDrawing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const stored = profile.signature !== UNSIGNED ? profile.signature : null;

  const store = (signature: string, text: string) =>
    run({
      // name and phone as stored: half-typed edits in Data diri stay in that form
      request: async () => ({
        ...(await call(API.updateProfile, { body: { name: profile.name, phone: profile.phone, signature } })),
        message: text,
      }),
      onDone: (reply) => {
        setDrawing(false);
        adoptProfile(queryClient, reply.data);
      },
    });

  const chooseFile = async (file: File) => {
    const problem = imageProblem(file);
    if (problem) {
      showErrorDialog({ text: problem });
      return;
    }
    setUploading(true);
    try {
      const path = await uploadImage(file, file.name);
      await store(path, SIGNATURE_SAVED);
    } catch (err) {
      showApiError(err);
    } finally {
      setUploading(false);
    }
  };

  const remove = async () => {
    const ok = await confirm({
      title: 'Hapus tanda tangan tersimpan ?',
      content: 'Validasi berikutnya meminta Anda menggambar tanda tangan.',
      okText: 'Hapus',
      danger: true,
    });
    if (ok) await store('', SIGNATURE_REMOVED);
  };

  const busy = pending || uploading;
  return (
    <Card title="Tanda tangan tersimpan" role="region" aria-label="Tanda tangan tersimpan">
      <Flex vertical gap={12}>
        {stored ? (
          <ImageZoom path={stored} alt="Tanda tangan tersimpan" width={250} height={175} fit="contain" />
        ) : (
          <div
            role="img"
            aria-label="Tanda tangan tersimpan: belum ada"
            style={{
              width: 250,
              maxWidth: '100%',
              height: 120,
              display: 'grid',
              placeItems: 'center',
              border: '1px dashed #d0d5dd',
              borderRadius: 6,
              background: '#fafbfc',
              color: '#8c8c8c',
              fontSize: 13,
              textAlign: 'center',
              padding: 8,
            }}
          >
            Belum ada tanda tangan tersimpan
          </div>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          Dipakai sebagai tanda tangan EDP saat Anda memvalidasi pengecekan dan pergantian, tanpa menggambar
          ulang.
        </Typography.Text>
        <Flex gap={8} wrap>
          <Button icon={<EditOutlined />} onClick={() => setDrawing(true)} disabled={busy}>
            {stored ? 'Gambar ulang' : 'Gambar tanda tangan'}
          </Button>
          <Upload
            accept={IMAGE_TYPES.join(',')}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void chooseFile(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading} disabled={busy}>
              Unggah gambar
            </Button>
          </Upload>
          {stored ? (
            <Button danger icon={<DeleteOutlined />} onClick={remove} disabled={busy}>
              Hapus
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <SignaturePadModal
        open={drawing}
        {...SIGNATURE_PAD_CHECK}
        title="Tanda tangan tersimpan"
        onSubmit={(path) => void store(path, SIGNATURE_SAVED)}
        onCancel={() => setDrawing(false)}
      />
    </Card>
  );
}

interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

function PasswordCard() {
  const [form] = Form.useForm<PasswordValues>();
  const { run, pending } = useAction();

  const save = (v: PasswordValues) =>
    run({
      request: () =>
        call(API.changePassword, {
          body: { current_password: v.current_password, new_password: v.new_password },
        }),
      form,
      fieldNames: ['current_password', 'new_password'],
      onDone: () => form.resetFields(),
    });

  return (
    <Card title="Ubah password" role="region" aria-label="Ubah password">
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={save}
        disabled={pending}
      >
        <Form.Item
          name="current_password"
          label="Password lama"
          rules={[{ required: true, message: 'Password lama wajib diisi' }]}
        >
          <Input.Password autoComplete="current-password" prefix={<LockOutlined />} />
        </Form.Item>
        <Form.Item
          name="new_password"
          label="Password baru"
          dependencies={['current_password']}
          rules={[
            { required: true, message: 'Password baru wajib diisi' },
            { min: PASSWORD_MIN, message: `Password baru minimal ${PASSWORD_MIN} karakter` },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value && value === getFieldValue('current_password')
                  ? Promise.reject(new Error('Password baru harus berbeda dari password lama'))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" prefix={<LockOutlined />} />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label="Ulangi password baru"
          dependencies={['new_password']}
          rules={[
            { required: true, message: 'Ulangi password baru' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('new_password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('Konfirmasi password tidak sama')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" prefix={<LockOutlined />} />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          Perangkat ini tetap masuk; sesi di perangkat lain diakhiri.
        </Typography.Paragraph>
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={pending}>
            Ubah password
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
