import { lateLabel } from '@itms/contracts/rules/performed-at';
import { type DescriptionsProps, Tag } from 'antd';
import { formatDayDate, formatTime } from '../lib/dayjs';

/** 'Terlambat dikirim (N hari)' beside a record sent more than a day after the work; nothing otherwise. */
export function LateTag({ days }: { days: number | null | undefined }) {
  if (!days) return null;
  return (
    <Tag color="orange" style={{ marginInlineStart: 8 }}>
      {lateLabel(days)}
    </Tag>
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
