import { RTD_RANGE_KEYS, type TTireSummary } from '@itms/contracts/tire-list';
import { Card, Col, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { formatNumber } from '../../lib/number-format';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { chipActive, TIRE_CHIPS, type TireChip, type TireFilters } from './tire-filters';

/** Shortcut chips: RTD ranges (lowest groove) and statuses; they combine and live in the URL. */
export function TireChips({
  filters,
  onToggle,
}: {
  filters: TireFilters;
  onToggle: (chip: TireChip) => void;
}) {
  return (
    <Flex wrap gap={6} align="center" role="group" aria-label="Pintasan filter">
      <Typography.Text type="secondary" style={{ fontSize: 13, marginInlineEnd: 4 }}>
        Pintasan:
      </Typography.Text>
      {TIRE_CHIPS.map(({ chip, label }) => (
        <Tag.CheckableTag
          key={label}
          checked={chipActive(filters, chip)}
          onChange={() => onToggle(chip)}
          style={{ border: '1px solid #d9d9d9', padding: '2px 10px', fontSize: 13, marginInlineEnd: 0 }}
        >
          {label}
        </Tag.CheckableTag>
      ))}
    </Flex>
  );
}

function Tile({
  label,
  value,
  color,
  compact,
}: {
  label: string;
  value: number | undefined;
  color: string;
  compact: boolean;
}) {
  return (
    <div
      style={{
        borderInlineStart: `3px solid ${color}`,
        background: '#fafbfd',
        borderRadius: 6,
        padding: compact ? '4px 8px' : '8px 12px',
        height: '100%',
      }}
    >
      <div
        style={{
          fontSize: compact ? 11 : 12,
          color: 'rgba(0,0,0,0.55)',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {label}
      </div>
      <div
        style={{ fontSize: compact ? 16 : 20, fontWeight: 600, lineHeight: 1.3 }}
        data-testid={`summary-${label}`}
      >
        {value === undefined ? <Skeleton.Button active size="small" /> : formatNumber(value)}
      </div>
    </div>
  );
}

const STATUS_TILES = [
  { key: 'total', label: 'Total Ban', color: '#1f4e9c' },
  { key: 'installed', label: 'Installed', color: '#52c41a' },
  { key: 'uninstalled', label: 'Uninstalled', color: '#1677ff' },
  { key: 'scrap', label: 'Scrap', color: '#ff4d4f' },
  { key: 'spare', label: 'Spare', color: '#faad14' },
] as const;
const RTD_COLORS = ['#ff4d4f', '#fa8c16', '#fadb14', '#52c41a'];

/** Summary panels: the counts of the current filter, by status and by RTD range of the lowest groove. */
export function TireSummaryPanels({ summary }: { summary: TTireSummary | undefined }) {
  const compact = !useMediaQuery(DESKTOP_QUERY);
  return (
    <Card
      size="small"
      title="Ringkasan (sesuai filter)"
      styles={{ body: { paddingBlock: compact ? 8 : 12, paddingInline: compact ? 8 : 12 } }}
    >
      <Row gutter={compact ? [6, 6] : [8, 8]}>
        {STATUS_TILES.map((t) => (
          <Col key={t.key} xs={8} xl={4}>
            <Tile label={t.label} value={summary?.[t.key]} color={t.color} compact={compact} />
          </Col>
        ))}
        <Col xs={8} xl={4}>
          <Tile
            compact={compact}
            label="RTD > 12 / kosong"
            value={
              summary ? summary.total - RTD_RANGE_KEYS.reduce((s, k) => s + summary.rtd[k], 0) : undefined
            }
            color="#bfbfbf"
          />
        </Col>
        {RTD_RANGE_KEYS.map((k, i) => (
          <Col key={k} xs={6}>
            <Tile label={`RTD ${k} mm`} value={summary?.rtd[k]} color={RTD_COLORS[i]!} compact={compact} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
