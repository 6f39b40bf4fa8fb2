import { DeleteOutlined, FileTextOutlined, SwapOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { defectLabel, ZONES } from '@itms/contracts/defect-codes';
import type { BodyOf } from '@itms/contracts/endpoint';
import type { TTireDetail } from '@itms/contracts/tire-list';
import { Alert, Button, Descriptions, Flex, Form, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { EditOrSave, useEditMode } from '../../components/edit-mode';
import { ImageZoom } from '../../components/image-zoom';
import { LinkButton } from '../../components/link-button';
import { LOADING } from '../../components/page-frame';
import {
  TIRE_FORM_FIELDS,
  TireFormFields,
  type TireFormValues,
  tireFormBody,
  tireFormValues,
} from '../../components/tire-form-fields';
import { formatDate } from '../../lib/dayjs';
import { formatKm, formatRupiah } from '../../lib/number-format';
import { useAction, useConfirm } from '../../lib/use-action';
import { useCloseGuard } from '../../lib/use-close-guard';
import { useDefectCodes } from '../../lib/use-defect-codes';
import { useEndpoint } from '../../lib/use-endpoint';
import { TireStatusModal } from './tire-status-modal';
import { TireStatusTag } from './tire-status-tag';

const FORM_ID = 'tire-edit-form';

/**
 * The five condition codes by zone with the catalogue's names, e.g.
 * 'Tapak (crown): 99 Normal · Dinding (sidewall): 23 Sidewall Cut'.
 */
export function conditionText(condition: string, label: (code: number) => string = defectLabel): string {
  const codes = condition.split(',').map((s) => s.trim());
  if (codes.length !== 5 || codes.some((c) => !/^\d{1,2}$/.test(c))) return condition || '-';
  if (codes.every((c) => c === '0')) return 'Belum dicek';
  if (codes.every((c) => c === '99')) return 'Normal (99) di semua bagian';
  return codes.map((c, i) => `${ZONES[i]?.label}: ${c} ${label(Number(c))}`).join(' · ');
}

function TireFacts({ tire }: { tire: TTireDetail }) {
  const { label } = useDefectCodes();
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'status', label: 'Status', children: <TireStatusTag status={tire.status} /> },
        { key: 'pos', label: 'POS', children: tire.position || '-' },
        {
          key: 'unit',
          label: 'Unit',
          children: tire.Unit
            ? `${tire.Unit.plate_number} (${tire.Unit.unit_type}), dipasang pada ${formatKm(tire.Unit.km_installed)}`
            : 'Tidak terpasang',
        },
        { key: 'cond', label: 'Kode Kondisi', children: conditionText(tire.condition, label) },
        { key: 'price', label: 'Harga Beli', children: formatRupiah(tire.purchase_price) },
        { key: 'retread', label: 'Biaya Vulkanisir', children: formatRupiah(tire.retread_cost) },
        { key: 'id', label: 'ID Ban', children: tire.id },
        { key: 'created', label: 'Terdaftar', children: formatDate(tire.createdAt) },
      ]}
    />
  );
}

function TirePhotos({ tire }: { tire: TTireDetail }) {
  const photos = [
    { path: tire.serial_number_img, alt: 'Foto nomor seri', label: 'Nomor seri' },
    { path: tire.tube_url, alt: 'Foto tube', label: 'Tube' },
    { path: tire.flap_url, alt: 'Foto flap', label: 'Flap' },
    { path: tire.inner_tube_url, alt: 'Foto inner tube', label: 'Inner tube' },
  ];
  return (
    <Flex wrap gap={12}>
      {photos.map((p) => (
        <Flex key={p.alt} vertical gap={4} align="center">
          <ImageZoom path={p.path} alt={p.alt} width={96} height={72} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.label}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

/**
 * "Form Edit Ban": every field of a tire, read-only until 'Ubah'; then Update. Hapus, status change
 * and its stock card. Esc, X, outside click and Keluar ask first when something was changed.
 */
export function TireEditModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const open = id !== null;
  const [form] = Form.useForm<TireFormValues>();
  const confirm = useConfirm();
  const { run, pending } = useAction();
  const [statusOpen, setStatusOpen] = useState(false);
  const { editing, edit } = useEditMode(open);
  const tire = useEndpoint(API.getTire, { params: { id: id ?? 0 } }, { enabled: open, staleTime: 0 });
  const data = open ? tire.data : undefined;

  const { close, load } = useCloseGuard(form, onClose, { busy: pending });

  useEffect(() => {
    if (data) load(tireFormValues(data));
  }, [data, load]);

  const submit = async (values: TireFormValues) => {
    if (!data) return;
    const ok = await confirm({
      title: 'Update informasi ban ?',
      content: `Perubahan data ban ${data.serial_number} akan disimpan.`,
      okText: 'Update',
    });
    if (!ok) return;
    await run({
      request: (send) =>
        send(API.updateTireDetail, {
          params: { id: data.id },
          // the shared form builds a loose record; the server checks it against the same schema
          body: tireFormBody(values) as BodyOf<typeof API.updateTireDetail>,
        }),
      form,
      fieldNames: TIRE_FORM_FIELDS,
      onDone: onClose,
    });
  };

  const remove = async () => {
    if (!data) return;
    const ok = await confirm({
      title: 'Hapus data ban ?',
      content: `Ban ${data.serial_number} akan dihapus permanen beserta kartu stoknya.`,
      okText: 'Hapus',
      danger: true,
    });
    if (!ok) return;
    await run({
      request: (send) => send(API.deleteTire, { params: { id: data.id } }),
      onDone: onClose,
    });
  };

  const loading = open && !data;
  return (
    <Modal
      open={open}
      title={data ? `Form Edit Ban · ${data.serial_number}` : 'Form Edit Ban'}
      onCancel={close}
      width={{ xs: '100%', md: 880, xl: 1000 }}
      destroyOnHidden
      footer={
        <Flex justify="space-between" gap={8} wrap>
          <Button danger icon={<DeleteOutlined />} onClick={remove} disabled={!data || pending}>
            Hapus
          </Button>
          <Flex gap={8}>
            <Button onClick={close} disabled={pending}>
              Keluar
            </Button>
            {data ? (
              <EditOrSave
                editing={editing}
                onEdit={edit}
                save={
                  <Button type="primary" htmlType="submit" form={FORM_ID} loading={pending}>
                    Update
                  </Button>
                }
              />
            ) : null}
          </Flex>
        </Flex>
      }
    >
      {loading ? (
        <Flex vertical align="center" gap={8} style={{ padding: '32px 0' }}>
          {tire.isError ? (
            <Alert
              type="error"
              showIcon
              title="Data ban tidak dapat diambil"
              description={String(tire.error?.message)}
            />
          ) : (
            <>
              <Spin />
              <Typography.Text type="secondary">{LOADING}</Typography.Text>
            </>
          )}
        </Flex>
      ) : null}
      {data ? (
        <Flex vertical gap={12} style={{ marginTop: 8 }}>
          <Flex gap={8} wrap>
            <LinkButton icon={<FileTextOutlined />} to={`/kartu-stok?tire=${data.id}`}>
              Kartu Stok
            </LinkButton>
            <Button icon={<SwapOutlined />} onClick={() => setStatusOpen(true)} disabled={pending}>
              Ubah Status
            </Button>
          </Flex>
          <TireFacts tire={data} />
          <TirePhotos tire={data} />
          <Form
            form={form}
            id={FORM_ID}
            layout="vertical"
            onFinish={submit}
            disabled={pending || !editing}
            scrollToFirstError
          >
            <TireFormFields withOdometer />
          </Form>
          <TireStatusModal tire={data} open={statusOpen} onClose={() => setStatusOpen(false)} />
        </Flex>
      ) : null}
    </Modal>
  );
}
