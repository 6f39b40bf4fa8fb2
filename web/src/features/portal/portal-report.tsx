import { FilePdfOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PORTAL_REPORT_COLUMNS, portalMonthLabel, type TPortalReportRow } from '@itms/contracts/portal';
import { Card, DatePicker, Flex, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DownloadButton } from '../../components/download-button';
import { listEmptyText } from '../../components/load-error';
import { ResponsiveTable } from '../../components/responsive-table';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { appTime, type dayjs } from '../../lib/dayjs';
import { formatNumber } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';

const cell = (r: TPortalReportRow, key: (typeof PORTAL_REPORT_COLUMNS)[number]['key']) => {
  const v = r[key];
  return typeof v === 'number' ? formatNumber(v) : (v ?? '-');
};

/** The month's totals in one line (the table lists the units). */
function totalText(total: TPortalReportRow): string {
  return PORTAL_REPORT_COLUMNS.filter((c) => typeof total[c.key] === 'number')
    .map((c) => `${c.header} ${cell(total, c.key)}`)
    .join(' · ');
}

/**
 * Laporan bulanan (issue 40): a month of the customer's service per unit, validated work only
 * (checks, replacements, tires replaced, BKB) and its breakdown calls, with the total; the same
 * report as XLSX and PDF. The current month unless another is picked.
 */
export function PortalReport({
  customerId,
  unitPath,
}: {
  /** The office names the customer; a customer account sends none. */
  customerId: number | undefined;
  unitPath: (id: number) => string;
}) {
  const [picked, setPicked] = useState<dayjs.Dayjs | null>(null);
  const query = { customer_id: customerId, month: picked?.format('YYYY-MM') };
  const report = useEndpoint(API.getPortalReport, { query }, { meta: { silent: true } });
  const month = report.data?.month ?? query.month ?? appTime().format('YYYY-MM');

  const columns: TableColumnsType<TPortalReportRow> = PORTAL_REPORT_COLUMNS.map((c) => ({
    key: c.key,
    title: c.header,
    align: c.key === 'plate_number' || c.key === 'project' ? undefined : ('end' as const),
    render: (_: unknown, r: TPortalReportRow) =>
      c.key === 'plate_number' && r.unit_id != null ? (
        <Link to={unitPath(r.unit_id)}>{r.plate_number}</Link>
      ) : (
        cell(r, c.key)
      ),
  }));

  return (
    <Card
      title={`Laporan bulanan · ${portalMonthLabel(month)}`}
      extra={
        <Flex wrap gap={8} justify="flex-end">
          <DatePicker
            aria-label="Bulan laporan"
            picker="month"
            value={picked}
            onChange={setPicked}
            format="MMMM YYYY"
            placeholder="Bulan ini"
            disabledDate={(d) => d.isAfter(appTime(), 'month')}
            style={{ width: 160 }}
          />
          <XlsxExportButton
            endpoint={API.exportPortalReport}
            query={query}
            filename={`laporan-armada_${month}.xlsx`}
            label="Unduh Excel"
            disabled={!report.data}
          />
          <DownloadButton
            endpoint={API.getPortalReportPdf}
            query={query}
            filename={`laporan-armada_${month}.pdf`}
            toastKey="portal-report-pdf"
            preparing="Menyiapkan PDF ..."
            done="PDF diunduh"
            icon={<FilePdfOutlined />}
            disabled={!report.data}
          >
            Unduh PDF
          </DownloadButton>
        </Flex>
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      {report.data ? (
        <Typography.Paragraph type="secondary">Total: {totalText(report.data.total)}</Typography.Paragraph>
      ) : null}
      <ResponsiveTable<TPortalReportRow>
        aria-label="Laporan bulanan"
        rowKey={(r) => r.unit_id ?? 'total'}
        size="small"
        columns={columns}
        dataSource={report.data?.rows ?? []}
        loading={report.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: listEmptyText(report, () => report.refetch(), 'Tidak ada unit') }}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        card={{ title: 'plate_number', lines: ['project', 'checks', 'replacements', 'calls'] }}
      />
    </Card>
  );
}
