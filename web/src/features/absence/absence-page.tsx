import { CalendarOutlined, FileExcelOutlined, SearchOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { ABSENCE_MAX_PAGE_SIZE, PICK_MONTH_MESSAGE } from '@itms/contracts/reports';
import { keepPreviousData } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Input, Result, Typography } from 'antd';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { download as downloadFile } from '../../lib/api-client';
import { appTime, type dayjs } from '../../lib/dayjs';
import { showApiError } from '../../lib/feedback';
import { formatNumber } from '../../lib/number-format';
import { useRouteMeta } from '../../lib/route-meta';
import { useEndpoint } from '../../lib/use-endpoint';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { AbsenceSummaryCards } from './absence-summary-cards';
import { AbsenceTable } from './absence-table';
import { monthFromParams } from './month-param';

/** Units per request: the table is virtualised, so a whole fleet of 5,000 units comes in one page. */
const ABSENCE_PAGE_SIZE = ABSENCE_MAX_PAGE_SIZE;

/**
 * /absensi-unit (Absensi Unit Bulanan): for a month, how often each unit was checked (summary cards)
 * and on which days (Y/N table with a Total column), with the XLSX export.
 */
export default function AbsencePage() {
  const title = useRouteMeta()?.title ?? 'Absensi Unit Bulanan';
  const id = useId();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [params, setParams] = useSearchParams();
  const month = monthFromParams(params);
  const q = params.get('q') ?? '';
  const [picked, setPicked] = useState<dayjs.Dayjs | null>(() => (month ? appTime(`${month}-01`) : null));
  const [text, setText] = useState(q);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);

  // units by day of the month (checked or not), totals and the summary counts
  const absence = useEndpoint(
    API.getUnitAbsence,
    { body: { month: month ?? '', page, pageSize: ABSENCE_PAGE_SIZE, q: q || undefined } },
    // a failure is said in place of the table, with 'Coba lagi'
    { placeholderData: keepPreviousData, enabled: month !== null, meta: { silent: true } },
  );

  const setUrl = (next: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === undefined) p.delete(k);
          else p.set(k, v);
        }
        return p;
      },
      { replace: true },
    );

  const search = () => {
    const m = picked ? picked.format('YYYY-MM') : '';
    setPage(1);
    if (m && m === month && text.trim() === q) void absence.refetch();
    setUrl({ month: m, q: text.trim() || undefined });
  };

  /** The empty state's Ok: back to the default, the current month. */
  const reload = () => {
    setPicked(appTime().startOf('month'));
    setPage(1);
    setUrl({ month: undefined });
  };

  const download = async () => {
    if (!month) return;
    setDownloading(true);
    try {
      await downloadFile(
        API.exportUnitAbsence,
        { body: { month, q: q || undefined } },
        `absensi-unit_${month}.xlsx`,
      );
    } catch (err) {
      showApiError(err);
    } finally {
      setDownloading(false);
    }
  };

  const data = absence.data;
  const paged = (data?.total ?? 0) > ABSENCE_PAGE_SIZE;

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
        {title}
      </Typography.Title>
      <Card>
        <Flex wrap gap={12} align="end">
          <Flex vertical style={{ flex: '0 1 200px' }}>
            <label htmlFor={`${id}-month`}>Bulan</label>
            <DatePicker
              id={`${id}-month`}
              picker="month"
              value={picked}
              onChange={setPicked}
              format="MMMM YYYY"
              placeholder="Pilih bulan"
              style={{ width: '100%' }}
            />
          </Flex>
          <Flex vertical style={{ flex: '0 1 220px' }}>
            <label htmlFor={`${id}-q`}>No. Body</label>
            <Input
              id={`${id}-q`}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onPressEnter={search}
              placeholder="Semua unit"
              allowClear
              maxLength={60}
            />
          </Flex>
          <Button type="primary" icon={<SearchOutlined />} onClick={search} loading={absence.isFetching}>
            Cari
          </Button>
          <Button
            icon={<FileExcelOutlined />}
            onClick={download}
            loading={downloading}
            disabled={!data || !month}
            style={{ marginInlineStart: isDesktop ? 'auto' : undefined }}
          >
            Export
          </Button>
        </Flex>
      </Card>

      {month === null ? (
        <Card>
          <Result
            icon={<CalendarOutlined style={{ color: '#1f5fbf' }} />}
            title={PICK_MONTH_MESSAGE}
            extra={
              <Button type="primary" onClick={reload}>
                Ok
              </Button>
            }
          />
        </Card>
      ) : (
        <>
          <Typography.Text strong>
            {appTime(`${month}-01`).format('MMMM YYYY')}
            {data ? (
              <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
                {' '}
                &middot; {formatNumber(data.total)} unit{q ? ` dengan No. Body "${q}"` : ''}
              </Typography.Text>
            ) : null}
          </Typography.Text>
          <AbsenceSummaryCards summary={data?.summary} />
          <Card styles={{ body: { padding: isDesktop ? 16 : 8 } }}>
            {absence.isError && !absence.isFetching ? (
              <LoadError error={absence.error} onRetry={() => absence.refetch()} />
            ) : absence.isPending ? (
              <Typography.Text type="secondary">
                {absence.fetchStatus === 'paused' ? 'Menunggu koneksi ...' : 'Mengambil Data ...'}
              </Typography.Text>
            ) : (
              <AbsenceTable
                month={data?.month ?? month}
                days={data?.days ?? 0}
                units={data?.units ?? []}
                offset={(page - 1) * ABSENCE_PAGE_SIZE}
                loading={absence.isFetching}
                height={isDesktop ? 560 : 480}
                compact={!isDesktop}
                pagination={
                  paged
                    ? {
                        current: page,
                        pageSize: ABSENCE_PAGE_SIZE,
                        total: data?.total ?? 0,
                        onChange: setPage,
                        showSizeChanger: false,
                      }
                    : false
                }
              />
            )}
          </Card>
        </>
      )}
    </Flex>
  );
}
