import { lastArrival, lateLabel } from '@itms/contracts/rules/performed-at';
import { Tag } from 'antd';
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

interface WorkTimed {
  performed_at: string;
  createdAt: string;
  late_days: number | null;
  /** The document's Returns; a resubmission is its last arrival. */
  returns?: readonly { resubmitted_at: string | null }[];
}

/**
 * The times of a field record, each named: when the work was done (performed_at, what the lists
 * and reports date it by) and when the server received it; after a Return, 'Diterima' is the
 * resubmission (with the redone work) and the first arrival is named 'Pertama diterima'.
 */
export function workTimes(d: WorkTimed): { key: string; label: string; children: ReactNode }[] {
  const received = lastArrival(d.createdAt, d.returns);
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
    {
      key: 'received_at',
      label: 'Diterima',
      children: received === d.createdAt ? when(received) : `${when(received)} (dikirim ulang)`,
    },
    ...(received === d.createdAt
      ? []
      : [{ key: 'first_received_at', label: 'Pertama diterima', children: when(d.createdAt) }]),
  ];
}
