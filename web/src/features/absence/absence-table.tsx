import type { TAbsenceUnit } from '@itms/contracts/reports';
import { Table, type TableColumnsType, type TablePaginationConfig, theme } from 'antd';
import { type HTMLAttributes, useMemo } from 'react';
import { appTime } from '../../lib/dayjs';

const NO_WIDTH = 64;
const PLATE_WIDTH = 132;
const DAY_WIDTH = 42;
const TOTAL_WIDTH = 72;

const cellRole = () => ({ role: 'cell' }) as HTMLAttributes<HTMLElement>;

interface Line extends TAbsenceUnit {
  no: number;
}

export interface AbsenceTableProps {
  month: string;
  days: number;
  units: TAbsenceUnit[];
  /** Row number of the first unit (pages after the first). */
  offset: number;
  loading: boolean;
  pagination: false | TablePaginationConfig;
  height: number;
  /** Phone: only No. Body stays fixed, so that the days have room. */
  compact?: boolean;
}

/**
 * Units by day of the month, Y (checked) or N (empty for days still to come), and the month's total. Virtualised: only the rows
 * in view are rendered, so a fleet of 5,000 units scrolls smoothly.
 */
export function AbsenceTable({
  month,
  days,
  units,
  offset,
  loading,
  pagination,
  height,
  compact = false,
}: AbsenceTableProps) {
  const { token } = theme.useToken();

  const columns = useMemo<TableColumnsType<Line>>(() => {
    const first = appTime(`${month}-01`);
    const today = appTime().format('YYYY-MM-DD');
    const dayColumns: TableColumnsType<Line> = Array.from({ length: days }, (_, i) => {
      const date = first.add(i, 'day');
      const sunday = date.day() === 0;
      // a day still to come has no answer yet: empty, not 'N'
      const future = date.format('YYYY-MM-DD') > today;
      return {
        key: `d${i + 1}`,
        title: (
          <span style={{ display: 'block', textAlign: 'center', lineHeight: 1.2 }}>
            <span style={{ fontSize: 11, fontWeight: 400, color: sunday ? token.colorError : undefined }}>
              {date.format('dd')}
            </span>
            <br />
            {i + 1}
          </span>
        ),
        width: DAY_WIDTH,
        align: 'center',
        onCell: cellRole,
        render: (_, u) =>
          future ? null : u.days[i] === 'Y' ? (
            <span
              style={{
                display: 'inline-block',
                width: 24,
                borderRadius: 4,
                fontWeight: 600,
                color: token.colorSuccessText,
                background: token.colorSuccessBg,
              }}
            >
              Y
            </span>
          ) : (
            <span style={{ color: token.colorTextQuaternary }}>N</span>
          ),
      };
    });
    return [
      {
        key: 'no',
        title: 'No',
        dataIndex: 'no',
        width: NO_WIDTH,
        fixed: compact ? undefined : 'start',
        onCell: cellRole,
      },
      {
        key: 'plate',
        title: 'No. Body',
        dataIndex: 'plate_number',
        width: PLATE_WIDTH,
        fixed: 'start',
        onCell: cellRole,
        render: (v: string) => <span style={{ whiteSpace: 'nowrap', fontWeight: 500 }}>{v}</span>,
      },
      ...dayColumns,
      {
        key: 'total',
        title: 'Total',
        dataIndex: 'total',
        width: TOTAL_WIDTH,
        align: 'right',
        fixed: compact ? undefined : 'end',
        onCell: cellRole,
        render: (v: number) => <strong>{v}</strong>,
      },
    ];
  }, [month, days, token, compact]);

  const data = useMemo(() => units.map((u, i) => ({ ...u, no: offset + i + 1 })), [units, offset]);

  return (
    <Table<Line>
      virtual
      rowKey="unit_id"
      size="small"
      bordered
      columns={columns}
      dataSource={data}
      loading={loading}
      pagination={pagination}
      scroll={{ x: NO_WIDTH + PLATE_WIDTH + days * DAY_WIDTH + TOTAL_WIDTH, y: height }}
      // the virtual body is made of divs: give them the roles a <tr>/<td> would have
      onRow={(u) => ({ role: 'row', 'aria-rowindex': u.no + 1 }) as HTMLAttributes<HTMLElement>}
      locale={{ emptyText: 'Tidak ada data' }}
    />
  );
}
