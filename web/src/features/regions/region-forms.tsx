import { DeleteOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { CHECKS_PER_TIREMAN_PER_DAY } from '@itms/contracts/constants';
import { TARGET_CHECK_MAX, type TLocationRow, type TRegionRow } from '@itms/contracts/master-data';
import { Button, Flex, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { optionalMark } from '../../components/optional-mark';
import { useAction, useConfirm } from '../../lib/use-action';
import { useCloseGuard } from '../../lib/use-close-guard';

/** What a form is open for: a new record, or the record being edited. */
export type Editing<T> = { mode: 'add'; preset?: Partial<T> } | { mode: 'edit'; row: T } | null;

interface RegionValues {
  name?: string;
  pic?: string;
  manpower?: number | null;
  target_check?: number | null;
}

function FormFooter({
  formId,
  editing,
  pending,
  onDelete,
  onClose,
}: {
  formId: string;
  editing: boolean;
  pending: boolean;
  onDelete: () => void;
  onClose: () => void;
}) {
  return (
    <Flex justify="space-between" gap={8} wrap>
      <div>
        {editing ? (
          <Button danger icon={<DeleteOutlined />} onClick={onDelete} disabled={pending}>
            Hapus
          </Button>
        ) : null}
      </div>
      <Flex gap={8}>
        <Button onClick={onClose} disabled={pending}>
          Keluar
        </Button>
        <Button type="primary" htmlType="submit" form={formId} loading={pending}>
          {editing ? 'Update' : 'Simpan'}
        </Button>
      </Flex>
    </Flex>
  );
}

/** The delete of a region or a location: asks first; a refusal (still in use) says why. */
export function useDeleteRecord() {
  const confirm = useConfirm();
  const { run, pending } = useAction();
  const remove = async (what: 'Region' | 'Lokasi', id: number, name: string, onDone?: () => void) => {
    const ok = await confirm({
      title: `Hapus data ${what} ?`,
      content: `${what} ${name} akan dihapus dan tidak dapat dikembalikan.`,
      okText: 'Hapus',
      danger: true,
    });
    if (!ok) return;
    await run({
      request: (send) =>
        what === 'Region'
          ? send(API.deleteRegion, { params: { id } })
          : send(API.deleteLocation, { params: { id } }),
      onDone,
    });
  };
  return { remove, pending };
}

/** Tambah / Ubah Region: name, PIC, tire men (manpower) and Target Check. */
export function RegionFormModal({ editing, onClose }: { editing: Editing<TRegionRow>; onClose: () => void }) {
  const [form] = Form.useForm<RegionValues>();
  const confirm = useConfirm();
  const { run, pending } = useAction();
  const del = useDeleteRecord();
  const row = editing?.mode === 'edit' ? editing.row : undefined;
  const open = editing !== null;

  const { close, load } = useCloseGuard(form, onClose, { busy: pending || del.pending });

  useEffect(() => {
    if (!open) return;
    load(
      row
        ? { name: row.name, pic: row.pic, manpower: row.manpower, target_check: row.target_check }
        : { manpower: 1 },
    );
  }, [open, row, load]);

  const submit = async (v: RegionValues) => {
    const ok = await confirm({
      title: row ? 'Update data Region ?' : 'Tambah data Region ?',
      content: row ? `Perubahan Region ${row.name} akan disimpan.` : 'Region baru akan disimpan.',
      okText: row ? 'Update' : 'Tambah',
    });
    if (!ok) return;
    const body = {
      name: v.name?.trim() ?? '',
      pic: v.pic?.trim() ?? '',
      manpower: v.manpower ?? 0,
      target_check: v.target_check ?? null,
    };
    await run({
      request: (send) =>
        row ? send(API.updateRegion, { params: { id: row.id }, body }) : send(API.createRegion, { body }),
      form,
      onDone: onClose,
    });
  };

  return (
    <Modal
      open={open}
      title={row ? `Ubah Region: ${row.name}` : 'Tambah Region'}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      width={520}
      footer={
        <FormFooter
          formId="region-form"
          editing={Boolean(row)}
          pending={pending || del.pending}
          onClose={close}
          onDelete={() => row && del.remove('Region', row.id, row.name, onClose)}
        />
      }
    >
      <Form
        form={form}
        id="region-form"
        layout="vertical"
        requiredMark={optionalMark}
        onFinish={submit}
        disabled={pending}
        style={{ marginTop: 8 }}
      >
        <Form.Item
          name="name"
          label="Nama Region"
          rules={[{ required: true, whitespace: true, message: 'Nama region wajib diisi' }]}
        >
          <Input maxLength={120} placeholder="mis. Kalimantan Timur" />
        </Form.Item>
        <Form.Item name="pic" label="PIC">
          <Input maxLength={120} placeholder="Nama penanggung jawab region" />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item
            name="manpower"
            label="Tire Man (manpower)"
            rules={[{ required: true, message: 'Jumlah tire man wajib diisi' }]}
            style={{ flex: '1 1 180px' }}
          >
            <InputNumber<number> min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="target_check"
            label="Target Check"
            extra={`Pengecekan per tire man per hari; kosongkan untuk standar ${CHECKS_PER_TIREMAN_PER_DAY}`}
            style={{ flex: '1 1 180px' }}
          >
            <InputNumber<number>
              min={0}
              max={TARGET_CHECK_MAX}
              precision={0}
              placeholder={String(CHECKS_PER_TIREMAN_PER_DAY)}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}

interface LocationValues {
  name?: string;
  region_id?: number;
}

/** Tambah / Ubah Lokasi: name and region (moving a location moves its checks in the summary). */
export function LocationFormModal({
  editing,
  regions,
  onClose,
}: {
  editing: Editing<TLocationRow>;
  regions: readonly TRegionRow[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<LocationValues>();
  const confirm = useConfirm();
  const { run, pending } = useAction();
  const del = useDeleteRecord();
  const row = editing?.mode === 'edit' ? editing.row : undefined;
  const preset = editing?.mode === 'add' ? editing.preset : undefined;
  const open = editing !== null;

  const { close, load } = useCloseGuard(form, onClose, { busy: pending || del.pending });

  useEffect(() => {
    if (!open) return;
    load(row ? { name: row.name, region_id: row.region_id } : { region_id: preset?.region_id ?? undefined });
  }, [open, row, preset, load]);

  const submit = async (v: LocationValues) => {
    const ok = await confirm({
      title: row ? 'Update data Lokasi ?' : 'Tambah data Lokasi ?',
      content: row ? `Perubahan Lokasi ${row.name} akan disimpan.` : 'Lokasi baru akan disimpan.',
      okText: row ? 'Update' : 'Tambah',
    });
    if (!ok) return;
    const body = { name: v.name?.trim() ?? '', region_id: v.region_id ?? 0 };
    await run({
      request: (send) =>
        row ? send(API.updateLocation, { params: { id: row.id }, body }) : send(API.createLocation, { body }),
      form,
      onDone: onClose,
    });
  };

  return (
    <Modal
      open={open}
      title={row ? `Ubah Lokasi: ${row.name}` : 'Tambah Lokasi'}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      width={480}
      footer={
        <FormFooter
          formId="location-form"
          editing={Boolean(row)}
          pending={pending || del.pending}
          onClose={close}
          onDelete={() => row && del.remove('Lokasi', row.id, row.name, onClose)}
        />
      }
    >
      <Form
        form={form}
        id="location-form"
        layout="vertical"
        requiredMark={optionalMark}
        onFinish={submit}
        disabled={pending}
        style={{ marginTop: 8 }}
      >
        <Form.Item
          name="name"
          label="Nama Lokasi"
          rules={[{ required: true, whitespace: true, message: 'Nama lokasi wajib diisi' }]}
        >
          <Input maxLength={120} placeholder="mis. Pool Balikpapan" />
        </Form.Item>
        <Form.Item
          name="region_id"
          label="Region"
          rules={[{ required: true, message: 'Region wajib dipilih' }]}
        >
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Pilih region"
            options={regions.map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
