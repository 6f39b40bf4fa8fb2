import { SwapOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { afterLabel, beforeLabel, hasRecord, type PositionSlot, type TireLabel } from '../lib/position-slots';

export interface PositionCardProps {
  position: string;
  slot: PositionSlot | undefined;
  /** Narrow screens: a full-width card with Before and After side by side. */
  stacked?: boolean;
  /** Whether the replacement may still be edited (pending, not returned). */
  editable: boolean;
  onDetail: (slot: PositionSlot) => void;
  onBefore: (slot: PositionSlot) => void;
  onAfter: (slot: PositionSlot) => void;
  onSwap: (slot: PositionSlot) => void;
}

const ACCENT = '#f08c00';

const line: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: '46px minmax(0, 1fr)',
  columnGap: 6,
  alignItems: 'baseline',
};
const label: CSSProperties = {
  fontSize: 11,
  color: 'rgba(0,0,0,0.65)',
  textTransform: 'uppercase',
  letterSpacing: 0.4,
};
const ellipsis: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

function TireLine({
  title,
  tire,
  empty,
  stacked,
}: {
  title: string;
  tire: TireLabel | null;
  empty: string;
  stacked: boolean;
}) {
  return (
    <div style={stacked ? { minWidth: 0 } : line}>
      <span style={label}>{title}</span>
      {tire ? (
        <div style={{ minWidth: 0, lineHeight: 1.3 }}>
          <div
            style={{ ...ellipsis, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
            title={tire.serial}
          >
            {tire.serial}
          </div>
          <div style={{ ...ellipsis, fontSize: 12, color: 'rgba(0,0,0,0.6)' }} title={tire.brand}>
            {tire.brand || '-'}
          </div>
        </div>
      ) : (
        <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)', lineHeight: 1.3 }}>{empty}</div>
      )}
    </div>
  );
}

/** One wheel position of the Form Pergantian: status, the tire taken off (Before) and put on (After). */
export function PositionCard({
  position,
  slot,
  stacked = false,
  editable,
  onDetail,
  onBefore,
  onAfter,
  onSwap,
}: PositionCardProps) {
  const recorded = hasRecord(slot);
  const replaced = Boolean(slot?.replaced);
  const before = beforeLabel(slot);
  const after = afterLabel(slot);
  const swapTarget = slot?.after;
  return (
    <div
      style={{
        height: '100%',
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        gap: 6,
        padding: '9px 10px 10px',
        borderRadius: 10,
        background: recorded ? '#fff' : '#f7f8fa',
        border: `1px solid ${replaced ? '#ffd8a8' : '#e3e7ee'}`,
        boxShadow: replaced ? `inset 3px 0 0 ${ACCENT}` : undefined,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, minHeight: 24 }}>
        <span
          style={{
            minWidth: 26,
            height: 22,
            padding: '0 5px',
            borderRadius: 6,
            display: 'inline-grid',
            placeItems: 'center',
            fontWeight: 700,
            fontSize: 12,
            color: '#fff',
            background: replaced ? ACCENT : recorded ? '#3a4150' : '#aab1bd',
          }}
          aria-hidden="true"
        >
          {position}
        </span>
        <Tag color={replaced ? 'orange' : 'default'} style={{ marginInlineEnd: 0 }}>
          {replaced ? 'Pergantian' : 'Normal'}
        </Tag>
        <span style={{ flex: 1 }} />
        {recorded ? (
          <Button
            type="link"
            size="small"
            style={{ paddingInline: 2 }}
            onClick={() => onDetail(slot)}
            aria-label={`Detail posisi ${position}`}
          >
            Detail
          </Button>
        ) : null}
      </div>
      <div
        style={
          stacked ? { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 } : { display: 'grid', gap: 6 }
        }
      >
        <TireLine
          title="Before"
          tire={before}
          empty={recorded ? 'Tidak ada ban' : 'Tidak ada data'}
          stacked={stacked}
        />
        <TireLine
          title="After"
          tire={recorded ? after : null}
          empty={recorded && slot.removed ? 'Ban dilepas' : 'Tidak ada rekam'}
          stacked={stacked}
        />
      </div>
      <div style={{ flex: 1 }} />
      <div style={{ display: 'flex', gap: 6 }}>
        <Button
          size="small"
          style={{ flex: 1 }}
          disabled={!recorded || !slot.beforeTire}
          onClick={() => slot && onBefore(slot)}
        >
          Before
        </Button>
        <Button
          size="small"
          style={{ flex: 1 }}
          disabled={!recorded || !slot.after}
          onClick={() => slot && onAfter(slot)}
        >
          After
        </Button>
        <Tooltip title={swapTarget && editable ? 'Ganti ban (Form Rekam Pergantian)' : undefined}>
          <Button
            size="small"
            icon={<SwapOutlined />}
            aria-label={`Ganti ban posisi ${position}`}
            disabled={!editable || !swapTarget}
            onClick={() => slot && onSwap(slot)}
          />
        </Tooltip>
      </div>
    </div>
  );
}
