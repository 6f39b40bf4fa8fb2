import type { TTireCheckRecord } from '@itms/contracts/tire-checks';
import { Card, Flex, Typography } from 'antd';
import { dash, formatNumber } from '../../lib/number-format';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Flex justify="space-between" gap={8} style={{ fontSize: 13, lineHeight: '22px' }}>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography.Text>
      <Typography.Text style={{ textAlign: 'end', overflowWrap: 'anywhere' }}>{value}</Typography.Text>
    </Flex>
  );
}

function Rtd({ label, value }: { label: string; value: number | null }) {
  return (
    <div
      style={{
        flex: 1,
        textAlign: 'center',
        background: '#f5f7fb',
        borderRadius: 6,
        padding: '4px 0',
      }}
    >
      <div style={{ fontSize: 11, color: 'rgba(0,0,0,0.45)' }}>{label}</div>
      <div style={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{formatNumber(value)}</div>
    </div>
  );
}

/** One tire of a check: serial, brands, size, RTD 1-4, pattern and pressure as measured. */
export function TireCard({ record }: { record: TTireCheckRecord }) {
  return (
    <Card
      size="small"
      role="group"
      aria-label={`Posisi ${record.position}`}
      title={`Posisi ${record.position}`}
      style={{ height: '100%' }}
    >
      <Field label="No. Seri" value={dash(record.serial_number)} />
      <Field label="Merek IR" value={dash(record.ir_brand)} />
      <Field label="Merek Asli" value={dash(record.ori_brand)} />
      <Field label="Ukuran" value={dash(record.size)} />
      <Field label="Pattern" value={dash(record.pattern)} />
      <Flex gap={6} style={{ margin: '8px 0 6px' }}>
        <Rtd label="RTD 1" value={record.groove_1} />
        <Rtd label="RTD 2" value={record.groove_2} />
        <Rtd label="RTD 3" value={record.groove_3} />
        <Rtd label="RTD 4" value={record.groove_4} />
      </Flex>
      <Field label="Tekanan" value={record.pressure == null ? '-' : `${formatNumber(record.pressure)} PSI`} />
    </Card>
  );
}
