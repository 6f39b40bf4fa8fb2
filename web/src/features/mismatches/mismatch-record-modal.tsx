import { DeleteOutlined, RollbackOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import {
  MISMATCH_ACTION_LABELS,
  MISMATCH_DELETED_MESSAGE,
  type TMismatchDetail,
  type TMismatchPosition,
} from '@itms/contracts/mismatches';
import { App, Button, Divider, Flex, Modal, Result, Table, type TableColumnsType, Typography } from 'antd';
import { errorText } from '../../lib/feedback';
import { stepsFor } from '../../lib/lifecycle';
import { NOT_SAVED } from '../../lib/use-close-guard';
import { useEndpoint } from '../../lib/use-endpoint';
import { useDeleteMismatch } from './api/delete-mismatch';
import { useReopenMismatch } from './api/reopen-mismatch';
import { MismatchFacts } from './mismatch-facts';
import { LoadingBlock, MismatchPrintButton } from './mismatch-format';

export interface MismatchRecordModalProps {
  id: number | null;
  onClose: () => void;
}

/** Rekam BKB: a BKB's detail with Kembalikan (approved only), Hapus and Keluar. */
export function MismatchRecordModal({ id, onClose }: MismatchRecordModalProps) {
  return (
    <Modal
      open={id !== null}
      title={id !== null ? `Rekam BKB #${id}` : 'Rekam BKB'}
      onCancel={onClose}
      footer={null}
      width={{ xs: '100%', md: 900 }}
      destroyOnHidden
    >
      {id !== null ? <RecordBody id={id} onClose={onClose} /> : null}
    </Modal>
  );
}

function tireCell(t: TMismatchPosition['originTire'], empty = 'Kosong') {
  if (!t?.serialNumber) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <span>
      <Typography.Text strong>{t.serialNumber}</Typography.Text>
      {t.irBrand ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {' '}
          {t.irBrand}
        </Typography.Text>
      ) : null}
    </span>
  );
}

const positionColumns: TableColumnsType<TMismatchPosition> = [
  { key: 'position', title: 'Posisi', dataIndex: 'position', width: 64, align: 'center' },
  { key: 'before', title: 'Sebelum', render: (_, p) => tireCell(p.originTire) },
  {
    key: 'after',
    title: 'Sesudah',
    render: (_, p) =>
      p.action === 'delete'
        ? tireCell(null)
        : p.action === 'normal'
          ? tireCell(p.originTire)
          : p.newTire
            ? tireCell(p.newTire)
            : tireCell(p.found_serial ? { id: null, serialNumber: p.found_serial, irBrand: '' } : null, '-'),
  },
  {
    key: 'action',
    title: 'Aksi',
    width: 90,
    render: (_, p) =>
      p.action ? MISMATCH_ACTION_LABELS[p.action] : <Typography.Text type="secondary">-</Typography.Text>,
  },
];

function RecordBody({ id, onClose }: { id: number; onClose: () => void }) {
  // asked again each time a detail opens; the body shows its own error
  const detail = useEndpoint(
    API.getMismatch,
    { params: { id } },
    { staleTime: 0, gcTime: 0, meta: { silent: true } },
  );
  if (detail.isPending) return <LoadingBlock />;
  if (detail.isError) {
    return (
      <Result
        status="error"
        title="Oops..."
        subTitle={errorText(detail.error)}
        extra={[
          <Button key="retry" type="primary" onClick={() => detail.refetch()}>
            Coba lagi
          </Button>,
          <Button key="close" onClick={onClose}>
            Keluar
          </Button>,
        ]}
      />
    );
  }
  return <RecordDetail detail={detail.data} onClose={onClose} />;
}

function RecordDetail({ detail, onClose }: { detail: TMismatchDetail; onClose: () => void }) {
  const { modal, message } = App.useApp();
  const reopen = useReopenMismatch();
  const remove = useDeleteMismatch();
  const busy = reopen.isPending || remove.isPending;
  const steps = stepsFor('mismatch', detail.stage, detail.tireman_bkb?.id ?? null);

  const confirmReopen = () =>
    modal.confirm({
      title: 'Yakin? BKB ini akan kembali ke daftar validasi!',
      content: 'Status menjadi pending dan tanda tangan validator dihapus. Data ban tidak berubah.',
      okText: 'Kembalikan',
      cancelText: 'Batal',
      onOk: async () => {
        try {
          const reply = await reopen.mutateAsync(detail.id);
          message.success(reply.message, 3);
          onClose();
        } catch {
          // "Oops..." is shown by the query client
        }
      },
      onCancel: () => message.info(NOT_SAVED),
    });

  const confirmDelete = () =>
    modal.confirm({
      title: 'Hapus Riwayat BKB ?',
      content: `BKB #${detail.id}, unit ${detail.Unit.plate_number}`,
      okText: 'Hapus',
      okButtonProps: { danger: true },
      cancelText: 'Batal',
      onOk: async () => {
        try {
          const reply = await remove.mutateAsync(detail.id);
          message.success(reply.message || MISMATCH_DELETED_MESSAGE, 3);
          onClose();
        } catch {
          // "Oops..." is shown by the query client
        }
      },
      onCancel: () => message.info(NOT_SAVED),
    });

  return (
    <Flex vertical gap={16}>
      <MismatchFacts detail={detail} variant="record" />
      {detail.positions.length ? (
        <div>
          <Divider titlePlacement="start" style={{ marginTop: 0 }}>
            Posisi Ban
          </Divider>
          <Table<TMismatchPosition>
            rowKey="id"
            size="small"
            columns={positionColumns}
            dataSource={detail.positions}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </div>
      ) : null}
      <Flex gap={8} wrap justify="end" style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 16 }}>
        {steps.has('reopen') ? (
          <Button icon={<RollbackOutlined />} onClick={confirmReopen} disabled={busy}>
            Kembalikan
          </Button>
        ) : null}
        {steps.has('delete') ? (
          <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} disabled={busy}>
            Hapus
          </Button>
        ) : null}
        <MismatchPrintButton detail={detail} />
        <Button type="primary" onClick={onClose} disabled={busy}>
          Keluar
        </Button>
      </Flex>
    </Flex>
  );
}
