import { SearchOutlined } from '@ant-design/icons';
import { Button, Collapse, DatePicker, Flex, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { appTime, type dayjs, formatDayDate, fromApiDate } from '../lib/dayjs';
import { toast } from '../lib/feedback';

export interface DateRange {
  /** `yyyy-mm-dd` */
  start: string;
  end: string;
}

export const SHORTCUTS = ['Kemarin', 'Hari ini', 'Bulan ini', 'Tahun ini'] as const;
export type Shortcut = (typeof SHORTCUTS)[number];

/** The range a shortcut stands for, in the app's time zone. */
export function shortcutRange(shortcut: Shortcut, now = appTime()): DateRange {
  const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
  switch (shortcut) {
    case 'Kemarin': {
      const y = now.subtract(1, 'day');
      return { start: day(y), end: day(y) };
    }
    case 'Hari ini':
      return { start: day(now), end: day(now) };
    case 'Bulan ini':
      return { start: day(now.startOf('month')), end: day(now.endOf('month')) };
    case 'Tahun ini':
      return { start: day(now.startOf('year')), end: day(now.endOf('year')) };
  }
}

export interface DateRangeSearchProps {
  /** Panel title, e.g. 'Pencarian BKB'. */
  title: string;
  /** The searched range; null when the list shows everything (the pickers start empty). */
  value: DateRange | null;
  onSearch: (range: DateRange) => void;
  buttonText?: string;
  loading?: boolean;
}

/**
 * The records screens' collapsible search: today's date, Tanggal Awal and Tanggal Akhir,
 * a search button and the shortcuts Kemarin, Hari ini, Bulan ini, Tahun ini (set and search).
 */
export function DateRangeSearch({
  title,
  value,
  onSearch,
  buttonText = 'Cari Pengecekan',
  loading,
}: DateRangeSearchProps) {
  const id = useId();
  const [start, setStart] = useState<dayjs.Dayjs | null>(value ? fromApiDate(value.start) : null);
  const [end, setEnd] = useState<dayjs.Dayjs | null>(value ? fromApiDate(value.end) : null);

  const search = () => {
    if (!start || !end) {
      toast().warning('Mohon pilih tanggal terlebih dahulu');
      return;
    }
    if (start.isAfter(end, 'day')) {
      toast().warning('Tanggal Awal tidak boleh setelah Tanggal Akhir');
      return;
    }
    onSearch({ start: start.format('YYYY-MM-DD'), end: end.format('YYYY-MM-DD') });
  };

  const pick = (s: Shortcut) => {
    const r = shortcutRange(s);
    setStart(fromApiDate(r.start));
    setEnd(fromApiDate(r.end));
    onSearch(r);
  };

  return (
    <Flex vertical gap={8}>
      <Collapse
        defaultActiveKey={['search']}
        items={[
          {
            key: 'search',
            label: title,
            extra: <Typography.Text type="secondary">{formatDayDate(appTime())}</Typography.Text>,
            children: (
              <Flex wrap gap={12} align="end">
                <Flex vertical>
                  <label htmlFor={`${id}-start`}>Tanggal Awal</label>
                  <DatePicker id={`${id}-start`} value={start} onChange={setStart} format="DD MMMM YYYY" />
                </Flex>
                <Flex vertical>
                  <label htmlFor={`${id}-end`}>Tanggal Akhir</label>
                  <DatePicker id={`${id}-end`} value={end} onChange={setEnd} format="DD MMMM YYYY" />
                </Flex>
                <Button type="primary" icon={<SearchOutlined />} onClick={search} loading={loading}>
                  {buttonText}
                </Button>
                <Space wrap>
                  {SHORTCUTS.map((s) => (
                    <Button key={s} onClick={() => pick(s)}>
                      {s}
                    </Button>
                  ))}
                </Space>
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}
