import type { UnitRecordKind } from '@itms/contracts/unit-page';
import type { TableColumnsType, TableProps } from 'antd';
import { formatDateTime } from '../../lib/dayjs';
import { formatNumber } from '../../lib/number-format';
import { type CardLayout, ResponsiveTable } from '../responsive-table';

/** What every row of a unit's work history has (the office's unit page and the customer portal's). */
export interface WorkRow {
  id: number;
  performed_at: string;
  tireman: string;
  location: string;
  odometer: number | null;
  category: string | null;
  /** The positions the work touched, in position order. */
  positions: readonly string[];
}

/**
 * One tab of a unit's work history (checks, replacements or BKB), server-paged in the tab: Tanggal,
 * Tire Man, Lokasi, the odometer (checks, replacements) or the category (BKB), and the positions
 * touched, between the screen's own columns (`lead`, `trail`). A table from 768px, cards below.
 */
export function WorkHistoryTable<T extends WorkRow>({
  kind,
  tableProps,
  lead = [],
  trail = [],
  card,
}: {
  kind: UnitRecordKind;
  /** The tab's rows, loading, empty text and pagination (useTabList). */
  tableProps: TableProps<T>;
  lead?: TableColumnsType<T>;
  trail?: TableColumnsType<T>;
  card: CardLayout<T>;
}) {
  const columns: TableColumnsType<T> = [
    ...lead,
    {
      key: 'date',
      title: 'Tanggal',
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.performed_at)}</span>,
    },
    { key: 'tireman', title: 'Tire Man', dataIndex: 'tireman' },
    { key: 'location', title: 'Lokasi', dataIndex: 'location' },
    kind === 'mismatch'
      ? { key: 'category', title: 'Kategori', dataIndex: 'category' }
      : {
          key: 'odometer',
          title: 'Odometer',
          align: 'end',
          render: (_, r) => (r.odometer == null ? '-' : formatNumber(r.odometer)),
        },
    { key: 'positions', title: 'Posisi', render: (_, r) => r.positions.join(', ') || '-' },
    ...trail,
  ];
  return (
    <ResponsiveTable<T>
      card={card}
      rowKey="id"
      size="small"
      columns={columns}
      {...tableProps}
      scroll={{ x: 640 }}
    />
  );
}
