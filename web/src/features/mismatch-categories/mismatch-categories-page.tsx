import { EditOutlined, MergeCellsOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import type { TMismatchCategoryRow } from '@itms/contracts/mismatch-categories';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { PageCard, PageHeading } from '../../components/page-frame';
import { ResponsiveTable } from '../../components/responsive-table';
import { errorText } from '../../lib/feedback';
import { formatNumber } from '../../lib/number-format';
import { useAction, useConfirm } from '../../lib/use-action';
import { useCloseGuard } from '../../lib/use-close-guard';
import { useEndpoint } from '../../lib/use-endpoint';

const norm = (s: string) => s.trim().toLowerCase();

type Editing = { mode: 'add' } | { mode: 'edit'; row: TMismatchCategoryRow } | null;

/** Tambah / Ubah Kategori: the name; renaming renames it on every BKB that carries it. */
function CategoryFormModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const [form] = Form.useForm<{ name?: string }>();
  const confirm = useConfirm();
  const { run, pending } = useAction();
  const row = editing?.mode === 'edit' ? editing.row : undefined;
  const open = editing !== null;
  const { close, load } = useCloseGuard(form, onClose, { busy: pending });

  useEffect(() => {
    if (open) load(row ? { name: row.name } : {});
  }, [open, row, load]);

  const submit = async (v: { name?: string }) => {
    const name = v.name?.trim() ?? '';
    const ok = await confirm({
      title: row ? 'Ubah nama kategori BKB ?' : 'Tambah kategori BKB ?',
      content: row
        ? `${row.name} menjadi ${name}` +
          (row.usage > 0 ? `; ${formatNumber(row.usage)} BKB ikut memakai nama baru.` : '.')
        : `Kategori ${name} akan tersedia di aplikasi lapangan.`,
      okText: row ? 'Update' : 'Tambah',
    });
    if (!ok) return;
    await run({
      request: (send) =>
        row
          ? send(API.updateMismatchCategory, { params: { id: row.id }, body: { name } })
          : send(API.createMismatchCategory, { body: { name } }),
      form,
      onDone: onClose,
    });
  };

  return (
    <Modal
      open={open}
      title={row ? `Ubah Kategori: ${row.name}` : 'Tambah Kategori BKB'}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      width={480}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={close} disabled={pending}>
            Keluar
          </Button>
          <Button type="primary" htmlType="submit" form="mismatch-category-form" loading={pending}>
            {row ? 'Update' : 'Simpan'}
          </Button>
        </Flex>
      }
    >
      <Form
        form={form}
        id="mismatch-category-form"
        layout="vertical"
        onFinish={submit}
        disabled={pending}
        style={{ marginTop: 8 }}
      >
        <Form.Item
          name="name"
          label="Nama Kategori"
          rules={[{ required: true, whitespace: true, message: 'Nama kategori wajib diisi' }]}
          extra={row && row.usage > 0 ? `${formatNumber(row.usage)} BKB memakai kategori ini` : undefined}
        >
          <Input maxLength={120} placeholder="mis. Nomor seri tidak sesuai" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Gabungkan: the selected categories become one; the admin chooses which name stays. */
function MergeModal({
  rows,
  onClose,
  onMerged,
}: {
  rows: TMismatchCategoryRow[];
  onClose: () => void;
  onMerged: () => void;
}) {
  const open = rows.length > 1;
  const [keepId, setKeepId] = useState<number | undefined>();
  const confirm = useConfirm();
  const { run, pending } = useAction();
  // by default the most used one stays
  useEffect(() => {
    if (open) setKeepId([...rows].sort((a, b) => b.usage - a.usage)[0]?.id);
  }, [open, rows]);
  const keep = rows.find((r) => r.id === keepId);
  const others = rows.filter((r) => r.id !== keepId);
  const moved = others.reduce((n, r) => n + r.usage, 0);

  const submit = async () => {
    if (!keep) return;
    const ok = await confirm({
      title: 'Gabungkan kategori BKB ?',
      content: `${others.map((r) => r.name).join(', ')} digabung ke ${keep.name}: ${formatNumber(moved)} BKB dipindahkan dan kategori lainnya dihapus.`,
      okText: 'Gabungkan',
      danger: true,
    });
    if (!ok) return;
    await run({
      request: (send) =>
        send(API.mergeMismatchCategories, { body: { keep_id: keep.id, merge_ids: others.map((r) => r.id) } }),
      onDone: () => {
        onMerged();
        onClose();
      },
    });
  };

  return (
    <Modal
      open={open}
      title="Gabungkan Kategori BKB"
      onCancel={pending ? undefined : onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={520}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose} disabled={pending}>
            Keluar
          </Button>
          <Button type="primary" danger onClick={() => void submit()} loading={pending} disabled={!keep}>
            Gabungkan
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph>Pilih kategori yang dipertahankan:</Typography.Paragraph>
      <Radio.Group
        aria-label="Kategori yang dipertahankan"
        value={keepId}
        onChange={(e) => setKeepId(e.target.value as number)}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        options={rows.map((r) => ({
          value: r.id,
          label: `${r.name} (${formatNumber(r.usage)} BKB)${r.active ? '' : ' · nonaktif'}`,
        }))}
      />
      {keep ? (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          title={`${formatNumber(moved)} BKB akan memakai kategori ${keep.name}`}
          description={`Dihapus: ${others.map((r) => r.name).join(', ')}`}
        />
      ) : null}
    </Modal>
  );
}

/**
 * /kategori-bkb (Kategori BKB, admin): the one list a BKB's Kategori is chosen from on the phone,
 * with how many BKB use each; add, rename, deactivate and merge duplicates.
 */
export default function MismatchCategoriesPage() {
  const list = useEndpoint(API.listMismatchCategories, {});
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [merging, setMerging] = useState<TMismatchCategoryRow[]>([]);
  const confirm = useConfirm();
  const toggle = useAction();

  const q = norm(search);
  const rows = useMemo(() => (list.data ?? []).filter((r) => !q || norm(r.name).includes(q)), [list.data, q]);
  const chosen = (list.data ?? []).filter((r) => selected.includes(r.id));

  const setActive = async (r: TMismatchCategoryRow, active: boolean) => {
    const ok = await confirm({
      title: active ? 'Aktifkan kategori BKB ?' : 'Nonaktifkan kategori BKB ?',
      content: active
        ? `${r.name} kembali tersedia di aplikasi lapangan.`
        : `${r.name} tidak lagi bisa dipilih di aplikasi lapangan; ${formatNumber(r.usage)} BKB tetap memakainya.`,
      okText: active ? 'Aktifkan' : 'Nonaktifkan',
      danger: !active,
    });
    if (!ok) return;
    await toggle.run({
      request: (send) => send(API.updateMismatchCategory, { params: { id: r.id }, body: { active } }),
    });
  };

  const columns: TableColumnsType<TMismatchCategoryRow> = [
    {
      key: 'name',
      title: 'Kategori',
      render: (_, r) => <Typography.Text strong={r.active}>{r.name}</Typography.Text>,
    },
    {
      key: 'status',
      title: 'Status',
      width: 110,
      render: (_, r) => (r.active ? <Tag color="green">Aktif</Tag> : <Tag>Nonaktif</Tag>),
    },
    {
      key: 'usage',
      title: 'Dipakai BKB',
      width: 130,
      align: 'right',
      render: (_, r) => formatNumber(r.usage),
    },
    {
      key: 'actions',
      width: 230,
      align: 'right',
      render: (_, r) => (
        <Flex gap={4} justify="end" wrap>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`Ubah kategori ${r.name}`}
            onClick={(e) => {
              e.stopPropagation();
              setEditing({ mode: 'edit', row: r });
            }}
          >
            Ubah
          </Button>
          <Button
            size="small"
            danger={r.active}
            disabled={toggle.pending}
            aria-label={`${r.active ? 'Nonaktifkan' : 'Aktifkan'} kategori ${r.name}`}
            onClick={(e) => {
              e.stopPropagation();
              void setActive(r, !r.active);
            }}
          >
            {r.active ? 'Nonaktifkan' : 'Aktifkan'}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <PageCard>
      <PageHeading
        extra={
          <>
            <Tooltip title={chosen.length < 2 ? 'Pilih minimal dua kategori untuk digabung' : undefined}>
              <Button
                icon={<MergeCellsOutlined />}
                disabled={chosen.length < 2}
                onClick={() => setMerging(chosen)}
              >
                Gabungkan{chosen.length > 1 ? ` (${chosen.length})` : ''}
              </Button>
            </Tooltip>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })}>
              Tambah Kategori
            </Button>
          </>
        }
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        Tire man memilih Kategori BKB dari daftar ini di aplikasi lapangan. Mengubah nama atau menggabungkan
        kategori ikut mengubah kategori BKB yang sudah ada.
      </Typography.Paragraph>
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="Cari kategori"
          placeholder="Cari kategori"
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ flex: '1 1 240px', maxWidth: 360 }}
        />
        <Tooltip title="Muat ulang">
          <Button
            aria-label="Muat ulang"
            icon={<ReloadOutlined />}
            loading={list.isFetching}
            onClick={() => void list.refetch()}
          />
        </Tooltip>
        <Typography.Text type="secondary" role="status">
          {list.data
            ? `${formatNumber(list.data.filter((r) => r.active).length)} aktif · ${formatNumber(list.data.length)} kategori`
            : list.error
              ? ''
              : 'Mengambil Data ...'}
        </Typography.Text>
      </Flex>
      {list.error ? (
        <Alert
          type="error"
          showIcon
          title="Data kategori BKB gagal dimuat"
          description={errorText(list.error)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <ResponsiveTable<TMismatchCategoryRow>
        aria-label="Daftar kategori BKB"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isPending}
        pagination={false}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys),
          getCheckboxProps: (r) => ({ 'aria-label': `Pilih ${r.name}` }),
        }}
        card={{ title: 'name', tags: ['status'], lines: ['usage'], actions: ['actions'] }}
        locale={{
          emptyText: (
            <Empty
              description={
                q ? `Tidak ada kategori yang cocok dengan "${search.trim()}"` : 'Belum ada kategori'
              }
            />
          ),
        }}
      />
      <CategoryFormModal editing={editing} onClose={() => setEditing(null)} />
      <MergeModal rows={merging} onClose={() => setMerging([])} onMerged={() => setSelected([])} />
    </PageCard>
  );
}
