import { DeleteOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { pdfFilename } from '@itms/contracts/rules/pdf-filename';
import { REPLACEMENT_MESSAGES, type TReplacementDetail } from '@itms/contracts/tire-replacements';
import {
  App,
  Button,
  Col,
  Descriptions,
  Divider,
  Empty,
  Flex,
  Modal,
  Result,
  Row,
  Spin,
  Typography,
} from 'antd';
import { signedInMayCall } from '../../lib/access';
import { formatDayDate } from '../../lib/dayjs';
import { errorText } from '../../lib/feedback';
import { dash, formatKm, formatTon, whatsappLink } from '../../lib/number-format';
import { NOT_SAVED } from '../../lib/use-close-guard';
import { useEndpoint } from '../../lib/use-endpoint';
import { workTimes } from '../late-tag';
import { PrintPdfButton } from '../print-pdf-button';
import { ReturnHistory } from '../return-history';
import { SignatureBox } from '../signature-box';
import { WithStage } from '../stage-tag';
import { useDeleteReplacement } from './delete-replacement';
import { PositionCard } from './position-card';
import { type PositionSlot, positionColumns } from './position-columns';
import { ReplacementStatusTag } from './replacement-status-tag';

export interface ReplacementDetailModalProps {
  id: number | null;
  onClose: () => void;
  /** After Hapus: refresh the list the dialog was opened from. */
  onDeleted?: () => unknown;
}

/** The large dialog of one replacement with Hapus and Keluar (Riwayat Pergantian, Tanda Tangan Workshop). */
export function ReplacementDetailModal({ id, onClose, onDeleted }: ReplacementDetailModalProps) {
  return (
    <Modal
      open={id !== null}
      title={id !== null ? `Detail Pergantian #${id}` : 'Detail Pergantian'}
      onCancel={onClose}
      footer={null}
      width={{ xs: '100%', md: 1100 }}
      destroyOnHidden
    >
      {id !== null ? <DetailBody id={id} onClose={onClose} onDeleted={onDeleted} /> : null}
    </Modal>
  );
}

function DetailBody({ id, onClose, onDeleted }: Omit<ReplacementDetailModalProps, 'id'> & { id: number }) {
  // header, signatures and records (with Tire_ITM), loaded each time the dialog opens
  const detail = useEndpoint(
    API.getReplacement,
    { params: { id } },
    { meta: { silent: true }, staleTime: 0, gcTime: 0 },
  );
  if (detail.isPending) {
    return (
      <Flex vertical align="center" gap={8} style={{ padding: 48 }}>
        <Spin />
        <Typography.Text type="secondary">Mengambil Data ...</Typography.Text>
      </Flex>
    );
  }
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
  return <Detail detail={detail.data} onClose={onClose} onDeleted={onDeleted} />;
}

type Slot = PositionSlot<TReplacementDetail['Tire_Replace_Records'][number]>;

function PositionColumn({ title, slots }: { title: string; slots: Slot[] }) {
  return (
    <Flex vertical gap={12}>
      <Typography.Text
        type="secondary"
        style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.5 }}
      >
        {title}
      </Typography.Text>
      {slots.length ? (
        slots.map((s) => <PositionCard key={s.position} position={s.position} records={s.records} />)
      ) : (
        <Typography.Text type="secondary">Tidak ada data</Typography.Text>
      )}
    </Flex>
  );
}

function Detail({
  detail,
  onClose,
  onDeleted,
}: Omit<ReplacementDetailModalProps, 'id'> & { detail: TReplacementDetail }) {
  const { modal, message } = App.useApp();
  const remove = useDeleteReplacement(onDeleted);
  // Hapus is the office's: the workshop role reads the record (Tanda Tangan Workshop), no more
  const canDelete = signedInMayCall(API.deleteReplacement);
  const { left, right } = positionColumns(detail.Tire_Replace_Records);
  const man = detail.Tire_Man;
  const wa = whatsappLink(man?.phone);

  const confirmDelete = () =>
    modal.confirm({
      title: 'Hapus data pergantian?',
      content: `Pergantian #${detail.id} (${detail.Unit.plate_number}) beserta rekam bannya akan hilang permanen dan tidak dapat dikembalikan.`,
      okText: 'Hapus',
      okButtonProps: { danger: true },
      cancelText: 'Batal',
      onOk: async () => {
        try {
          const reply = await remove.mutateAsync(detail.id);
          message.success(reply?.message || REPLACEMENT_MESSAGES.deleted, 3);
          onClose();
        } catch {
          // "Oops..." is shown by the query client
        }
      },
      onCancel: () => message.info(NOT_SAVED),
    });

  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'name', label: 'Tire Man', children: dash(man?.name) },
          {
            key: 'phone',
            label: 'No. HP',
            children: wa ? (
              <a href={wa} target="_blank" rel="noreferrer">
                <WhatsAppOutlined /> {man.phone}
              </a>
            ) : (
              dash(man?.phone)
            ),
          },
          {
            key: 'status',
            label: 'Status',
            children: (
              <WithStage stage={detail.stage}>
                <ReplacementStatusTag status={detail.status} />
              </WithStage>
            ),
          },
          { key: 'plate', label: 'No. Body', children: detail.Unit.plate_number },
          { key: 'location', label: 'Lokasi', children: dash(detail.Location?.name) },
          {
            key: 'project',
            label: 'Project',
            children: dash(detail.Project?.name ?? detail.Unit.Project?.name),
          },
          { key: 'mass', label: 'Massa', children: formatTon(detail.Unit.tonnage, true) },
          { key: 'odometer', label: 'Odometer', children: formatKm(detail.odometer) },
          {
            key: 'lastCheck',
            label: 'Cek Terakhir',
            children: detail.lastCheckAt ? formatDayDate(detail.lastCheckAt) : '-',
          },
          // when the replacement was done and when it was received (late ones tagged)
          ...workTimes(detail),
          { key: 'spk', label: 'SPK', children: dash(detail.spk) },
          { key: 'unitType', label: 'Tipe Unit', children: dash(detail.Unit.unit_type) },
        ]}
      />

      <div>
        <Divider titlePlacement="start" style={{ margin: '4px 0 12px' }}>
          Tanda Tangan
        </Divider>
        <Flex wrap gap={12} justify="space-around">
          <SignatureBox label="TTD PIC" path={detail.pic_sign} absentReason={detail.pic_absent_reason} />
          <SignatureBox label="TTD ITMS" path={detail.itms_sign} />
          <SignatureBox label="TTD EDP" path={detail.edp_sign} />
          <SignatureBox label="TTD WORKSHOP" path={detail.workshop_sign} />
        </Flex>
      </div>

      <ReturnHistory returns={detail.returns} bordered={false} />

      <div>
        <Divider titlePlacement="start" style={{ margin: '4px 0 12px' }}>
          Posisi Ban
        </Divider>
        {left.length + right.length === 0 ? (
          <Empty description="Tidak ada data ban" />
        ) : (
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12}>
              <PositionColumn title="Kiri" slots={left} />
            </Col>
            <Col xs={24} md={12}>
              <PositionColumn title="Kanan" slots={right} />
            </Col>
          </Row>
        )}
      </div>

      <Flex gap={8} wrap justify="end" style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 16 }}>
        {canDelete ? (
          <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} disabled={remove.isPending}>
            Hapus
          </Button>
        ) : null}
        <PrintPdfButton
          endpoint={API.printReplacement}
          id={detail.id}
          filename={pdfFilename('pergantian', detail.Unit.plate_number, detail.date)}
        />
        <Button type="primary" onClick={onClose} disabled={remove.isPending}>
          Keluar
        </Button>
      </Flex>
    </Flex>
  );
}
