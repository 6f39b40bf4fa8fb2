import {
  conditionCodes,
  defectsOf,
  NORMAL_CODE,
  NOT_CHECKED_CODE,
  ZONE_LABELS,
  ZONES,
} from '@itms/contracts/defect-codes';
import { TIRE_ORIGIN_LABELS } from '@itms/contracts/enums';
import type { TTireCheckRecord } from '@itms/contracts/tire-checks';
import { Button, Descriptions, Flex, Modal, Tag, Typography } from 'antd';
import { ImageZoom } from '../../components/image-zoom';
import { useDefectCodes } from '../../lib/use-defect-codes';

const dash = (v: string | number | null | undefined) => (v == null || v === '' ? '-' : v);

function ConditionTag({ code, label }: { code: number; label: string }) {
  const color = code === NORMAL_CODE ? 'green' : code === NOT_CHECKED_CODE ? 'default' : 'red';
  return (
    <Tag color={color} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
      {label} ({code})
    </Tag>
  );
}

/**
 * The defects zone by zone with the catalogue's names ('Dinding (sidewall): Sidewall Cut (23)'),
 * 'Semua normal' when all five zones are normal.
 */
function DefectSummary({ condition, label }: { condition: string; label: (code: number) => string }) {
  const codes = conditionCodes(condition);
  if (codes.every((c) => c === NORMAL_CODE)) {
    return <Tag color="green">Semua normal</Tag>;
  }
  const defects = defectsOf(condition);
  if (defects.length === 0) return <Typography.Text type="secondary">Tidak ada kerusakan</Typography.Text>;
  return (
    <Flex vertical gap={2} aria-label="Kerusakan per zona">
      {defects.map((d) => (
        <Typography.Text key={d.part} type="danger">
          {ZONE_LABELS[d.part]}: {label(d.code)} ({d.code})
        </Typography.Text>
      ))}
    </Flex>
  );
}

interface ModalProps {
  record: TTireCheckRecord | null;
  onClose: () => void;
}

const closeFooter = (onClose: () => void) => (
  <Button type="primary" onClick={onClose}>
    Tutup
  </Button>
);

/** Informasi: what the tire man wrote about the tire, rotation, temperature and the serial photo. */
export function RecordInfoModal({ record, onClose }: ModalProps) {
  return (
    <Modal
      open={record !== null}
      title={record ? `Informasi Posisi ${record.position}` : 'Informasi'}
      onCancel={onClose}
      footer={closeFooter(onClose)}
      destroyOnHidden
    >
      {record ? (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'serial', label: 'No. Seri', children: record.serial_number },
              { key: 'info', label: 'Informasi', children: dash(record.information) },
              { key: 'rotation', label: 'Rotasi', children: dash(record.rotation) },
              {
                key: 'temp',
                label: 'Suhu',
                children: record.temperature == null ? '-' : `${record.temperature} °C`,
              },
            ]}
          />
          <div style={{ marginTop: 16 }}>
            <div style={{ marginBottom: 6, color: 'rgba(0,0,0,0.6)' }}>Foto nomor seri</div>
            <ImageZoom
              path={record.serial_number_url}
              alt={`Foto nomor seri ${record.serial_number}`}
              width={240}
              height={160}
            />
          </div>
        </>
      ) : null}
    </Modal>
  );
}

/** Detail Posisi: the condition of each part of the tire, and the tire as the database knows it. */
export function PositionDetailModal({
  record,
  mountedSerial,
  onClose,
}: ModalProps & { mountedSerial: string | undefined | null }) {
  const tire = record?.Tire_ITM ?? null;
  const { label } = useDefectCodes();
  const origin = tire?.is_original as keyof typeof TIRE_ORIGIN_LABELS | undefined;
  return (
    <Modal
      open={record !== null}
      title={record ? `Detail Posisi ${record.position}` : 'Detail Posisi'}
      onCancel={onClose}
      footer={closeFooter(onClose)}
      destroyOnHidden
    >
      {record ? (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            title="Kondisi"
            items={[
              {
                key: 'defects',
                label: 'Kerusakan',
                children: <DefectSummary condition={record.condition} label={label} />,
              },
              ...conditionCodes(record.condition).map((code, i) => ({
                key: ZONES[i]!.part,
                label: ZONES[i]!.label,
                children: <ConditionTag code={code} label={label(code)} />,
              })),
            ]}
          />
          <Descriptions
            size="small"
            column={1}
            bordered
            title="Ban"
            style={{ marginTop: 16 }}
            items={[
              { key: 'serial', label: 'No. Seri', children: record.serial_number },
              { key: 'brand', label: 'Merk', children: dash(record.ori_brand) },
              { key: 'ir', label: 'Merk IR', children: dash(record.ir_brand) },
              { key: 'pattern', label: 'Pattern', children: dash(record.pattern) },
              { key: 'size', label: 'Ukuran', children: dash(record.size) },
              {
                key: 'origin',
                label: 'Kondisi Ban',
                children: origin ? (TIRE_ORIGIN_LABELS[origin] ?? origin) : '-',
              },
              {
                key: 'mounted',
                label: 'Ban aktif di unit',
                children: mountedSerial === null ? '-' : (mountedSerial ?? 'Tidak ada'),
              },
              {
                key: 'db',
                label: 'Di database',
                children: tire
                  ? `${tire.status}, posisi ${dash(tire.position)}`
                  : 'Nomor seri tidak terdaftar',
              },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
