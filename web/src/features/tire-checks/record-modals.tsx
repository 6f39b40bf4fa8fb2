import { CONDITION_PARTS, conditionLabel, TIRE_ORIGIN_LABELS } from '@itms/contracts/enums';
import type { TTireCheckRecord } from '@itms/contracts/tire-checks';
import { Button, Descriptions, Modal, Tag } from 'antd';
import { ImageZoom } from '../../components/image-zoom';

const PART_LABELS: Record<(typeof CONDITION_PARTS)[number], string> = {
  crown: 'Crown',
  shoulder: 'Shoulder',
  sidewalls: 'Sidewalls',
  beads: 'Beads',
  interior: 'Interior',
};

const dash = (v: string | number | null | undefined) => (v == null || v === '' ? '-' : v);

/** The record's five condition codes (crown, shoulder, sidewalls, beads, interior). */
export function conditionCodes(condition: string): number[] {
  const codes = condition.split(',').map((c) => Number(c.trim()));
  return CONDITION_PARTS.map((_, i) => (Number.isFinite(codes[i]) ? codes[i] : 0));
}

function ConditionTag({ code }: { code: number }) {
  const color = code === 99 ? 'green' : code === 0 ? 'default' : 'red';
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }}>
      {conditionLabel(code)} ({code})
    </Tag>
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
            items={conditionCodes(record.condition).map((code, i) => ({
              key: CONDITION_PARTS[i],
              label: PART_LABELS[CONDITION_PARTS[i]],
              children: <ConditionTag code={code} />,
            }))}
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
