import { DeleteOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { UNSIGNED } from '@itms/contracts/enums';
import { pdfFilename } from '@itms/contracts/rules/pdf-filename';
import type { TTireCheckDetail } from '@itms/contracts/tire-checks';
import { CHECK_MESSAGES } from '@itms/contracts/tire-checks';
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
import { errorText } from '../../lib/feedback';
import { stepsFor } from '../../lib/lifecycle';
import { dash, formatKm, formatTon, whatsappLink } from '../../lib/number-format';
import { NOT_SAVED } from '../../lib/use-close-guard';
import { useEndpoint } from '../../lib/use-endpoint';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { ImageZoom } from '../image-zoom';
import { workTimes } from '../late-tag';
import { PrintPdfButton } from '../print-pdf-button';
import { ReturnHistory } from '../return-history';
import { SignatureBox } from '../signature-box';
import { WithStage } from '../stage-tag';
import { AddPicSign } from './add-pic-sign';
import { CheckStatusTag } from './check-status-tag';
import { useDeleteCheck } from './delete-check';
import { TireCard } from './tire-card';
import { groupTires, TIRE_GROUP_TITLES, type TireGroupKey } from './tire-groups';

export interface CheckDetailModalProps {
  id: number | null;
  onClose: () => void;
  /** After Hapus: refresh the list the modal was opened from. */
  onDeleted?: () => unknown;
}

/** A check's detail with Hapus and Kembali (Rekam Pengecekan, Tanda Tangan Workshop). */
export function CheckDetailModal({ id, onClose, onDeleted }: CheckDetailModalProps) {
  return (
    <Modal
      open={id !== null}
      title={id !== null ? `Detail Pengecekan #${id}` : 'Detail Pengecekan'}
      onCancel={onClose}
      footer={null}
      width={{ xs: '100%', md: 1040 }}
      destroyOnHidden
    >
      {id !== null ? <DetailBody id={id} onClose={onClose} onDeleted={onDeleted} /> : null}
    </Modal>
  );
}

function DetailBody({ id, onClose, onDeleted }: Omit<CheckDetailModalProps, 'id'> & { id: number }) {
  // header, photos and every tire record, loaded each time the modal opens
  const detail = useEndpoint(
    API.getTireCheck,
    { params: { id } },
    { staleTime: 0, gcTime: 0, meta: { silent: true } },
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
            Kembali
          </Button>,
        ]}
      />
    );
  }
  return <Detail detail={detail.data} onClose={onClose} onDeleted={onDeleted} />;
}

function Detail({
  detail,
  onClose,
  onDeleted,
}: Omit<CheckDetailModalProps, 'id'> & { detail: TTireCheckDetail }) {
  const { modal, message } = App.useApp();
  const remove = useDeleteCheck(onDeleted);
  // Hapus is the office's: the workshop role reads the record (Tanda Tangan Workshop), no more
  const canDelete = signedInMayCall(API.deleteTireCheck);
  const groups = groupTires(detail.records);
  const man = detail.tireman_tire_check;
  const wa = whatsappLink(man?.phone);
  const photo = useMediaQuery(DESKTOP_QUERY) ? { width: 220, height: 150 } : { width: 148, height: 111 };

  const confirmDelete = () =>
    modal.confirm({
      title: 'Hapus data pengecekan?',
      content: `Pengecekan #${detail.id} (${detail.plate_number}) beserta data bannya akan hilang permanen dan tidak dapat dikembalikan.`,
      okText: 'Hapus',
      okButtonProps: { danger: true },
      cancelText: 'Batal',
      onOk: async () => {
        try {
          const reply = await remove.mutateAsync(detail.id);
          message.success(reply?.message || CHECK_MESSAGES.deleted, 3);
          onClose();
        } catch {
          // "Oops..." is shown by the query client
        }
      },
      onCancel: () => message.info(NOT_SAVED),
    });

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={16} align="start">
        <Flex gap={12} align="center" style={{ minWidth: 240, flex: '0 1 300px' }}>
          <ImageZoom path={man?.photo} alt={`Foto ${man?.name ?? 'tire man'}`} width={84} height={84} />
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Tire Man
            </Typography.Text>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {dash(man?.name)}
            </Typography.Text>
            {wa ? (
              <a href={wa} target="_blank" rel="noreferrer">
                <WhatsAppOutlined /> {man.phone}
              </a>
            ) : (
              <Typography.Text type="secondary">{dash(man?.phone)}</Typography.Text>
            )}
            <WithStage stage={detail.stage}>
              <CheckStatusTag status={detail.status} />
            </WithStage>
          </Flex>
        </Flex>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2 }}
          style={{ flex: '1 1 420px' }}
          items={[
            { key: 'location', label: 'Lokasi', children: dash(detail.Location?.name) },
            { key: 'plate', label: 'No. Body', children: detail.plate_number },
            {
              key: 'project',
              label: 'Project',
              children: dash(detail.Project?.name ?? detail.Unit?.Project?.name),
            },
            { key: 'type', label: 'Tipe Unit', children: dash(detail.Unit?.unit_type) },
            { key: 'tonnage', label: 'Tonase', children: formatTon(detail.Unit?.tonnage) },
            { key: 'odometer', label: 'Odometer', children: formatKm(detail.odometer) },
            // when the check was done and when it was received (late ones tagged)
            ...workTimes(detail),
          ]}
        />
      </Flex>

      <Flex wrap gap={12}>
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">Foto Plat Nomor</Typography.Text>
          <ImageZoom path={detail.plate_number_url} alt="Foto plat nomor" {...photo} />
        </Flex>
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">Foto Odometer</Typography.Text>
          <ImageZoom path={detail.odometer_url} alt="Foto odometer" {...photo} />
        </Flex>
      </Flex>

      <section aria-label="Tanda Tangan">
        <Divider titlePlacement="start" style={{ margin: '4px 0 12px' }}>
          Tanda Tangan
        </Divider>
        <Flex wrap gap={12} justify="space-around">
          <Flex vertical align="center" gap={6}>
            <SignatureBox label="TTD PIC" path={detail.pic_sign} absentReason={detail.pic_absent_reason} />
            {detail.pic_sign === UNSIGNED &&
            stepsFor('tire-check', detail.stage, detail.tireman).has('pic-sign') ? (
              <AddPicSign checkId={detail.id} />
            ) : null}
          </Flex>
          <SignatureBox label="TTD ITMS" path={detail.itms_sign} />
          <SignatureBox label="TTD EDP" path={detail.edp_sign} />
          <SignatureBox label="TTD WORKSHOP" path={detail.workshop_sign} />
        </Flex>
      </section>

      <ReturnHistory returns={detail.returns} bordered={false} />

      {detail.records.length === 0 ? (
        <Empty description="Tidak ada data ban" />
      ) : (
        (['odd', 'even', 'spare'] as TireGroupKey[]).map((key) =>
          groups[key].length ? (
            <section key={key} aria-label={TIRE_GROUP_TITLES[key]}>
              <Divider titlePlacement="start" style={{ margin: '4px 0 12px' }}>
                {TIRE_GROUP_TITLES[key]}
              </Divider>
              <Row gutter={[12, 12]}>
                {groups[key].map((r) => (
                  <Col key={r.id} xs={24} sm={12} lg={8}>
                    <TireCard record={r} />
                  </Col>
                ))}
              </Row>
            </section>
          ) : null,
        )
      )}

      <Flex gap={8} wrap justify="end" style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 16 }}>
        {canDelete ? (
          <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} disabled={remove.isPending}>
            Hapus
          </Button>
        ) : null}
        <PrintPdfButton
          endpoint={API.printTireCheck}
          id={detail.id}
          filename={pdfFilename('pengecekan', detail.Unit?.plate_number || detail.plate_number, detail.date)}
        />
        <Button type="primary" onClick={onClose} disabled={remove.isPending}>
          Kembali
        </Button>
      </Flex>
    </Flex>
  );
}
