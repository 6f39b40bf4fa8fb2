import { lateLabel } from '@itms/contracts/rules/performed-at';
import { type DescriptionsProps, Tag } from 'antd';
import type { ReactNode } from 'react';
import { formatDayDate, formatTime } from '../lib/dayjs';

/** 'Terlambat dikirim (N hari)' beside a record sent more than a day after the work (or under it: `below`); nothing otherwise. */
export function LateTag({ days, below = false }: { days: number | null | undefined; below?: boolean }) {
  if (!days) return null;
  const tag = (
    <Tag color="orange" style={below ? { marginInlineEnd: 0 } : { marginInlineStart: 8 }}>
      {lateLabel(days)}
    </Tag>
  );
  return below ? <div style={{ marginTop: 4 }}>{tag}</div> : tag;
}

/**
 * A record's work day in a list cell: the date (and time) on one line, the late tag under it (beside
 * it, the tables that size to their content pushed a queue's last column off a 1440 px screen).
 */
export function WorkDay({
  date,
  time,
  lateDays,
}: {
  date: string;
  time?: ReactNode;
  lateDays: number | null | undefined;
}) {
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>
        {date}
        {time ? <> {time}</> : null}
      </span>
      <LateTag days={lateDays} below />
    </>
  );
}

const when = (iso: string) => `${formatDayDate(iso)}, ${formatTime(iso)}`;

/**
 * The two times of a field record for a detail's Descriptions: when the work was done
 * (performed_at, what the lists and reports date it by) and when the server received it.
 */
export function workTimeItems(d: {
  performed_at: string;
  createdAt: string;
  late_days: number | null;
}): NonNullable<DescriptionsProps['items']> {
  return [
    {
      key: 'performed_at',
      label: 'Waktu pengerjaan',
      children: (
        <span>
          {when(d.performed_at)}
          <LateTag days={d.late_days} />
        </span>
      ),
    },
    { key: 'received_at', label: 'Diterima', children: when(d.createdAt) },
  ];
}
