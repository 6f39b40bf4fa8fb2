import type { TReplaceRecord } from '@itms/contracts/tire-replacements';
import { Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { dash } from '../../lib/number-format';

const ACTION: Record<TReplaceRecord['status'], { label: string; color: string }> = {
  replace: { label: 'Dipasang', color: 'green' },
  remove: { label: 'Dilepas', color: 'red' },
  check: { label: 'Dicek', color: 'blue' },
};

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

/** A wheel position of a replacement, read-only: each record's serial, brands, pattern and size. */
export function PositionCard({ position, records }: { position: string; records: TReplaceRecord[] }) {
  // removed tire first, then what went on, then checked
  const order = { remove: 0, replace: 1, check: 2 } as const;
  const sorted = [...records].sort((a, b) => order[a.status] - order[b.status]);
  return (
    <Card size="small" title={`Posisi ${position}`} role="group" aria-label={`Posisi ${position}`}>
      <Row gutter={[16, 10]}>
        {sorted.map((r) => (
          <Col key={r.id} xs={24} sm={sorted.length > 1 ? 12 : 24}>
            <Tag color={ACTION[r.status].color} style={{ marginBottom: 4 }}>
              {ACTION[r.status].label}
            </Tag>
            <Field label="No. Seri" value={dash(r.serial_number)} />
            <Field label="Merek IR" value={dash(r.ir_brand)} />
            <Field label="Merek ORI" value={dash(r.ori_brand)} />
            <Field label="Pattern" value={dash(r.pattern)} />
            <Field label="Ukuran" value={dash(r.size)} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
