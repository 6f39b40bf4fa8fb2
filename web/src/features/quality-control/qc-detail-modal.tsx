import { API } from '@itms/contracts/api';
import { Button, Descriptions, Flex, Modal, Spin, Typography } from 'antd';
import { workTimes } from '../../components/late-tag';
import { useEndpoint } from '../../lib/use-endpoint';
import { QcMatrix } from './qc-matrix';

/** "Detail Information" of a QC check: who, which unit, where, and the 14 x 14 matrix. */
export function QcDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const open = id !== null;
  const detail = useEndpoint(API.getQcCheck, { params: { id: id ?? 0 } }, { enabled: open });
  const d = open ? detail.data : undefined;

  return (
    <Modal
      open={open}
      title="Detail Information"
      onCancel={onClose}
      width={{ xs: '100%', md: 920, xl: 1200 }}
      destroyOnHidden
      footer={<Button onClick={onClose}>Keluar</Button>}
    >
      {!d ? (
        <Flex vertical align="center" gap={8} style={{ padding: '32px 0' }}>
          <Spin />
          <Typography.Text type="secondary">Mengambil Data ...</Typography.Text>
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              { key: 'id', label: 'Id', children: d.id },
              { key: 'ir', label: 'IR Checker', children: d.Tire_Man?.name ?? 'tidak ada' },
              { key: 'qc', label: 'QC Checker', children: d.name_qc },
              { key: 'plate', label: 'No. Body', children: d.Unit.plate_number },
              { key: 'loc', label: 'Lokasi', children: d.Location?.name ?? 'tidak ada' },
              // when the QC check was done and when it was received (late ones tagged)
              ...workTimes(d),
            ]}
          />
          <QcMatrix matrix={d.matrix} unitType={d.unit_type} />
        </Flex>
      )}
    </Modal>
  );
}
