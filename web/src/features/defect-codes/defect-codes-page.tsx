import { EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import {
  DEFECT_CODE_MAX,
  DEFECT_CODE_MIN,
  defectLabel,
  type TDefectCodeRow,
} from '@itms/contracts/defect-codes';
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { PageCard, PageHeading } from '../../components/page-frame';
import { ResponsiveTable } from '../../components/responsive-table';
import { errorText } from '../../lib/feedback';
import { formatNumber } from '../../lib/number-format';
import { useAction, useConfirm } from '../../lib/use-action';
import { useCloseGuard } from '../../lib/use-close-guard';
import { useEndpoint } from '../../lib/use-endpoint';

const norm = (s: string) => s.trim().toLowerCase();

/** 'Sidewall Cut', or 'Kode 23' in grey while unnamed. */
function CodeName({ row }: { row: TDefectCodeRow }) {
  return row.name ? (
    <Typography.Text>{row.name}</Typography.Text>
  ) : (
    <Typography.Text type="secondary">{defectLabel(row.code, [row])}</Typography.Text>
  );
}

const UNSAFE_TAG = <Tag color="red">Tidak aman</Tag>;

type Editing = { mode: 'add' } | { mode: 'edit'; row: TDefectCodeRow } | null;
type Values = { code?: number; name?: string; unsafe?: boolean };

/**
 * Tambah kode (a code beyond the catalogue's, named) / Ubah (name it, rename it, or empty: back to
 * 'Kode N'; mark it unsafe). The new name shows wherever a check carries the code.
 */
function DefectCodeFormModal({
  editing,
  taken,
  onClose,
}: {
  editing: Editing;
  taken: ReadonlySet<number>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const confirm = useConfirm();
  const { run, pending } = useAction();
  const row = editing?.mode === 'edit' ? editing.row : undefined;
  const open = editing !== null;
  const { close, load } = useCloseGuard(form, onClose, { busy: pending });

  useEffect(() => {
    if (open) load(row ? { name: row.name ?? '', unsafe: row.unsafe } : { unsafe: false });
  }, [open, row, load]);

  const submit = async (v: Values) => {
    const name = v.name?.trim() ?? '';
    const unsafe = v.unsafe ?? false;
    const code = row?.code ?? v.code ?? 0;
    const named = name || `Kode ${code}`;
    const ok = await confirm({
      title: row ? `Ubah kode kerusakan ${code} ?` : `Tambah kode kerusakan ${code} ?`,
      content: row
        ? `${defectLabel(code, [row])} menjadi ${named}${unsafe ? ' (tidak aman)' : ''}` +
          (row.usage > 0 ? `; ${formatNumber(row.usage)} data pengecekan ikut memakai nama baru.` : '.')
        : `${code} - ${named}${unsafe ? ' (tidak aman)' : ''} akan tersedia di aplikasi lapangan.`,
      okText: row ? 'Update' : 'Tambah',
    });
    if (!ok) return;
    await run({
      request: (send) =>
        row
          ? send(API.updateDefectCode, { params: { code }, body: { name, unsafe } })
          : send(API.createDefectCode, { body: { code, name, unsafe } }),
      form,
      onDone: onClose,
    });
  };

  return (
    <Modal
      open={open}
      title={row ? `Ubah Kode ${row.code}: ${defectLabel(row.code, [row])}` : 'Tambah Kode Kerusakan'}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      width={480}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={close} disabled={pending}>
            Keluar
          </Button>
          <Button type="primary" htmlType="submit" form="defect-code-form" loading={pending}>
            {row ? 'Update' : 'Simpan'}
          </Button>
        </Flex>
      }
    >
      <Form
        form={form}
        id="defect-code-form"
        layout="vertical"
        onFinish={submit}
        disabled={pending}
        style={{ marginTop: 8 }}
      >
        {row ? null : (
          <Form.Item
            name="code"
            label="Kode"
            extra={`Angka ${DEFECT_CODE_MIN}-${DEFECT_CODE_MAX} yang belum ada di katalog`}
            rules={[
              { required: true, message: 'Kode wajib diisi' },
              {
                type: 'integer',
                min: DEFECT_CODE_MIN,
                max: DEFECT_CODE_MAX,
                message: `Kode ${DEFECT_CODE_MIN}-${DEFECT_CODE_MAX}`,
              },
              {
                validator: (_, value: number | null | undefined) =>
                  value != null && taken.has(value)
                    ? Promise.reject(new Error('Kode ini sudah ada di katalog'))
                    : Promise.resolve(),
              },
            ]}
          >
            <InputNumber
              min={DEFECT_CODE_MIN}
              max={DEFECT_CODE_MAX}
              precision={0}
              inputMode="numeric"
              placeholder="mis. 41"
              style={{ width: '100%' }}
            />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label="Nama"
          rules={
            row
              ? [{ max: 80, message: 'Nama kerusakan maksimal 80 karakter' }]
              : [
                  { required: true, whitespace: true, message: 'Nama kerusakan wajib diisi' },
                  { max: 80, message: 'Nama kerusakan maksimal 80 karakter' },
                ]
          }
          extra={
            row
              ? `Kosongkan untuk kembali ke "Kode ${row.code}".` +
                (row.usage > 0 ? ` ${formatNumber(row.usage)} data pengecekan memakai kode ini.` : '')
              : undefined
          }
        >
          <Input maxLength={80} placeholder="mis. Sidewall Cut" />
        </Form.Item>
        <Form.Item name="unsafe" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>Membuat ban tidak aman (kritis)</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /katalog-kerusakan (Katalog Kerusakan, admin): the codes a tire's condition zones are recorded
 * with, with how many check records carry each; add a code, name or rename one, mark it unsafe.
 * A code is never removed: check data (and checks still queued on a phone) carry it.
 */
export default function DefectCodesPage() {
  const list = useEndpoint(API.listDefectCodes, {});
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);

  const q = norm(search);
  const rows = useMemo(
    () =>
      (list.data ?? []).filter(
        (r) => !q || String(r.code) === q || norm(defectLabel(r.code, [r])).includes(q),
      ),
    [list.data, q],
  );
  const taken = useMemo(() => new Set((list.data ?? []).map((r) => r.code)), [list.data]);

  const columns: TableColumnsType<TDefectCodeRow> = [
    {
      key: 'code',
      title: 'Kode',
      width: 80,
      render: (_, r) => <Typography.Text strong>{r.code}</Typography.Text>,
    },
    { key: 'name', title: 'Nama', render: (_, r) => <CodeName row={r} /> },
    {
      key: 'unsafe',
      title: 'Tidak aman',
      width: 120,
      render: (_, r) => (r.unsafe ? UNSAFE_TAG : null),
    },
    {
      key: 'usage',
      title: 'Dipakai',
      width: 110,
      align: 'right',
      render: (_, r) => formatNumber(r.usage),
    },
    {
      key: 'actions',
      title: 'Aksi',
      width: 100,
      align: 'right',
      render: (_, r) => (
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={`Ubah kode ${r.code}`}
          onClick={(e) => {
            e.stopPropagation();
            setEditing({ mode: 'edit', row: r });
          }}
        >
          Ubah
        </Button>
      ),
    },
  ];

  return (
    <PageCard>
      <PageHeading
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })}>
            Tambah kode
          </Button>
        }
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        Kode kondisi ban per zona (tapak, bahu, dinding, bead, bagian dalam). 0 = tidak dicek, 99 = normal.
        Kode tidak dapat dihapus karena dipakai di data pengecekan.
      </Typography.Paragraph>
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="Cari kode atau nama"
          placeholder="Cari kode atau nama"
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
            ? `${formatNumber(list.data.length)} kode · ${formatNumber(list.data.filter((r) => r.unsafe).length)} tidak aman`
            : list.error
              ? ''
              : 'Mengambil Data ...'}
        </Typography.Text>
      </Flex>
      {list.error ? (
        <Alert
          type="error"
          showIcon
          title="Katalog kerusakan gagal dimuat"
          description={errorText(list.error)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <ResponsiveTable<TDefectCodeRow>
        aria-label="Daftar kode kerusakan"
        rowKey="code"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isPending}
        pagination={false}
        card={{
          title: (r) => (
            <span>
              {r.code} · <CodeName row={r} />
            </span>
          ),
          tags: ['unsafe'],
          lines: ['usage'],
          actions: ['actions'],
        }}
        locale={{
          emptyText: (
            <Empty
              description={
                q ? `Tidak ada kode yang cocok dengan "${search.trim()}"` : 'Belum ada kode kerusakan'
              }
            />
          ),
        }}
      />
      <DefectCodeFormModal editing={editing} taken={taken} onClose={() => setEditing(null)} />
    </PageCard>
  );
}
