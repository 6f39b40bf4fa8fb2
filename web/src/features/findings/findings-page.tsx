import { FileExcelOutlined, ReloadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import {
  FINDINGS_GROUP_LABELS,
  FINDINGS_GROUPS,
  type TFindingsGroup,
  type TFindingsRow,
} from '@itms/contracts/reports';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Grid, Segmented, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type DateRange, DateRangeSearch } from '../../components/date-range-search';
import { download as downloadFile, endpointKey } from '../../lib/api-client';
import { errorText, showApiError } from '../../lib/feedback';
import { formatNumber } from '../../lib/number-format';
import { rangeHeader, rangeOrMonth, useShownRange } from '../../lib/record-range';
import { useRouteMeta } from '../../lib/route-meta';
import { useEndpoint } from '../../lib/use-endpoint';

const isGroup = (v: string | null): v is TFindingsGroup => FINDINGS_GROUPS.includes(v as TFindingsGroup);

/** The ten groups with most defects as horizontal bars, unsafe defects darker at each bar's start. */
function TopBars({ rows }: { rows: TFindingsRow[] }) {
  const top = rows.slice(0, 10);
  const max = Math.max(1, ...top.map((r) => r.defects));
  return (
    <figure aria-label="10 teratas" style={{ margin: 0 }}>
      <Flex vertical gap={6}>
        {top.map((r) => (
          <div
            key={r.key}
            role="img"
            aria-label={`${r.label}: ${formatNumber(r.defects)} kerusakan, ${formatNumber(r.unsafe)} tidak aman`}
            style={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, min(38%, 240px)) 1fr auto',
              gap: 8,
              alignItems: 'center',
            }}
          >
            <Typography.Text ellipsis={{ tooltip: r.label }} style={{ fontSize: 13 }}>
              {r.label}
            </Typography.Text>
            <div style={{ background: '#f0f0f0', borderRadius: 4, height: 14, overflow: 'hidden' }}>
              <div
                style={{
                  width: `${(r.defects / max) * 100}%`,
                  height: '100%',
                  background: '#69b1ff',
                  display: 'flex',
                }}
              >
                <div
                  style={{ width: `${(r.unsafe / Math.max(1, r.defects)) * 100}%`, background: '#cf1322' }}
                />
              </div>
            </div>
            <Typography.Text style={{ fontSize: 13, minWidth: 32, textAlign: 'right' }}>
              {formatNumber(r.defects)}
            </Typography.Text>
          </div>
        ))}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 8 }}>
        <span
          style={{
            display: 'inline-block',
            width: 10,
            height: 10,
            background: '#69b1ff',
            marginRight: 4,
            borderRadius: 2,
          }}
        />
        Kerusakan
        <span
          style={{
            display: 'inline-block',
            width: 10,
            height: 10,
            background: '#cf1322',
            margin: '0 4px 0 12px',
            borderRadius: 2,
          }}
        />
        Tidak aman
      </Typography.Text>
    </figure>
  );
}

/**
 * /temuan (Temuan): the defects found by the checks of a date range (default the current month),
 * grouped by defect code, brand, position or customer (?group=), with the top ten as bars and the
 * same table as an XLSX.
 */
export default function FindingsPage() {
  const title = useRouteMeta()?.title ?? 'Temuan';
  const [params, setParams] = useSearchParams();
  const range = rangeOrMonth(params);
  const groupParam = params.get('group');
  const group: TFindingsGroup = isGroup(groupParam) ? groupParam : 'code';
  const query = { dateStart: range.start, dateEnd: range.end, group };
  const findings = useEndpoint(
    API.getFindings,
    { query },
    { meta: { silent: true }, placeholderData: keepPreviousData },
  );
  const shown = useShownRange(range, findings);
  const [downloading, setDownloading] = useState(false);
  const queryClient = useQueryClient();
  // a phone gets the compact table: the four columns fit 390 px without scrolling
  const narrow = !Grid.useBreakpoint().md;

  const setParam = (entries: Record<string, string>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(entries)) p.set(k, v);
        return p;
      },
      { replace: true },
    );

  const search = (r: DateRange) => {
    // a search always asks the server, also for a range looked at a moment ago
    void queryClient.invalidateQueries({ queryKey: endpointKey(API.getFindings), refetchType: 'none' });
    if (r.start === range.start && r.end === range.end) void findings.refetch();
    setParam({ start: r.start, end: r.end });
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(
        API.exportFindings,
        { query },
        `temuan_${group}_${query.dateStart}_${query.dateEnd}.xlsx`,
      );
    } catch (err) {
      showApiError(err);
    } finally {
      setDownloading(false);
    }
  };

  const data = findings.data;
  const rows = data?.data ?? [];
  const totals = data?.totals ?? { defects: 0, tires: 0, unsafe: 0 };
  const groupLabel = FINDINGS_GROUP_LABELS[data?.group ?? group];
  const num = (v: number) => formatNumber(v);
  const columns: ColumnsType<TFindingsRow> = [
    { title: groupLabel, dataIndex: 'label', key: 'label' },
    {
      title: 'Kerusakan',
      dataIndex: 'defects',
      key: 'defects',
      align: 'right',
      width: narrow ? 84 : 120,
      render: num,
    },
    { title: 'Ban', dataIndex: 'tires', key: 'tires', align: 'right', width: narrow ? 48 : 96, render: num },
    {
      title: 'Tidak aman',
      dataIndex: 'unsafe',
      key: 'unsafe',
      align: 'right',
      width: narrow ? 96 : 120,
      render: (v: number) => (v > 0 ? <Typography.Text type="danger">{num(v)}</Typography.Text> : num(v)),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
        {title}
      </Typography.Title>
      <Card styles={{ body: { padding: 0 } }} variant="borderless">
        <DateRangeSearch
          title="Ganti Pencarian"
          value={range}
          onSearch={search}
          buttonText="Cari Temuan"
          loading={findings.isFetching}
        />
      </Card>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong id="findings-group">
            Kelompokkan
          </Typography.Text>
          <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
            <Segmented<TFindingsGroup>
              aria-labelledby="findings-group"
              value={group}
              onChange={(g) => setParam({ group: g })}
              options={FINDINGS_GROUPS.map((g) => ({ value: g, label: FINDINGS_GROUP_LABELS[g] }))}
            />
          </div>
        </Flex>
        <Button
          icon={<FileExcelOutlined />}
          onClick={download}
          loading={downloading}
          disabled={!data}
          title={data ? undefined : 'Data temuan belum dimuat'}
        >
          Export XLSX
        </Button>
      </Flex>
      <Typography.Text type="secondary" role="status">
        {data && shown
          ? rangeHeader(
              `${formatNumber(totals.defects)} kerusakan pada ${formatNumber(totals.tires)} ban · ${formatNumber(totals.unsafe)} tidak aman`,
              shown,
            )
          : findings.isError
            ? ''
            : 'Mengambil Data ...'}
      </Typography.Text>
      {findings.isError ? (
        <Alert
          type="error"
          showIcon
          title="Harap refresh page ini"
          description={errorText(findings.error)}
          action={
            <Button
              icon={<ReloadOutlined />}
              onClick={() => findings.refetch()}
              loading={findings.isFetching}
            >
              Muat ulang
            </Button>
          }
        />
      ) : data && rows.length === 0 ? (
        <Card>
          <Empty description="Tidak ada kerusakan pada periode ini" />
        </Card>
      ) : (
        <Flex
          vertical
          gap={16}
          style={{ opacity: findings.isFetching ? 0.6 : 1, transition: 'opacity 0.2s' }}
        >
          {rows.length > 0 && (
            <Card size="small" title={`10 teratas per ${groupLabel.toLowerCase()}`}>
              <TopBars rows={rows} />
            </Card>
          )}
          <Card styles={{ body: { padding: 0 } }}>
            <Table<TFindingsRow>
              rowKey="key"
              size={narrow ? 'small' : 'middle'}
              columns={columns}
              dataSource={rows}
              loading={findings.isPending}
              pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
              scroll={{ x: 320 }}
              summary={() =>
                rows.length > 0 ? (
                  <Table.Summary fixed>
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0}>
                        <strong>Total</strong>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={1} align="right">
                        <strong>{num(totals.defects)}</strong>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={2} align="right">
                        <strong>{num(totals.tires)}</strong>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={3} align="right">
                        <strong>{num(totals.unsafe)}</strong>
                      </Table.Summary.Cell>
                    </Table.Summary.Row>
                  </Table.Summary>
                ) : null
              }
            />
          </Card>
        </Flex>
      )}
    </Flex>
  );
}
