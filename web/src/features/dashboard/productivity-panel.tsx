import { BarChartOutlined, FileExcelOutlined, SearchOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { DEFAULT_PRODUCTIVITY_START, PAGE_SIZES } from '@itms/contracts/constants';
import type { TProductivityTireMan } from '@itms/contracts/reports';
import { PICK_DATES_MESSAGE } from '@itms/contracts/reports';
import { keepPreviousData } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Flex, Row, Statistic, Table, type TableColumnsType } from 'antd';
import { useId, useState } from 'react';
import { LoadError } from '../../components/load-error';
import { download as downloadFile } from '../../lib/api-client';
import { appTime, type dayjs, toApiDate } from '../../lib/dayjs';
import { showApiError, toast } from '../../lib/feedback';
import { formatNumber } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';

const columns: TableColumnsType<TProductivityTireMan> = [
  { key: 'id', title: 'Id', dataIndex: 'id', width: 52 },
  { key: 'name', title: 'Nama', dataIndex: 'name', onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
  {
    key: 'total',
    title: 'Total Pengecekan',
    dataIndex: 'total_pengecekan',
    align: 'right',
    width: 104,
    render: formatNumber,
  },
  {
    key: 'approved',
    title: 'Approved',
    dataIndex: 'total_pengecekan_approved',
    align: 'right',
    width: 92,
    render: formatNumber,
  },
];

/**
 * Produktifitas: checks and approvals per tire man between two dates (default 2020-01-01 through
 * today), totals, and the same table as an Excel file.
 */
export function ProductivityPanel() {
  const id = useId();
  const [start, setStart] = useState<dayjs.Dayjs | null>(() => appTime(DEFAULT_PRODUCTIVITY_START));
  const [end, setEnd] = useState<dayjs.Dayjs | null>(() => appTime());
  const [range, setRange] = useState(() => ({
    firstDate: DEFAULT_PRODUCTIVITY_START,
    lastDate: toApiDate(new Date()),
  }));
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const result = useEndpoint(
    API.getProductivity,
    { body: range },
    { meta: { silent: true }, placeholderData: keepPreviousData },
  );

  const search = () => {
    if (!start || !end) {
      toast().warning(PICK_DATES_MESSAGE);
      return;
    }
    if (start.isAfter(end, 'day')) {
      toast().warning('Tanggal Awal tidak boleh setelah Tanggal Akhir');
      return;
    }
    const next = { firstDate: start.format('YYYY-MM-DD'), lastDate: end.format('YYYY-MM-DD') };
    setPage(1);
    if (next.firstDate === range.firstDate && next.lastDate === range.lastDate) void result.refetch();
    else setRange(next);
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(
        API.exportProductivity,
        { body: range },
        `produktifitas_${range.firstDate}_${range.lastDate}.xlsx`,
      );
    } catch (err) {
      showApiError(err);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card
      title={
        <span>
          <BarChartOutlined style={{ marginInlineEnd: 8 }} />
          Produktifitas
        </span>
      }
      extra={
        <Button
          size="small"
          icon={<FileExcelOutlined />}
          onClick={download}
          loading={downloading}
          disabled={!result.data}
        >
          Download Excel
        </Button>
      }
      style={{ height: '100%' }}
    >
      <Flex wrap gap={10} align="end" style={{ marginBottom: 14 }}>
        <Flex vertical style={{ flex: '1 1 140px' }}>
          <label htmlFor={`${id}-start`} style={{ fontSize: 13 }}>
            Tanggal Awal
          </label>
          <DatePicker
            id={`${id}-start`}
            value={start}
            onChange={setStart}
            format="DD MMM YYYY"
            allowClear={false}
          />
        </Flex>
        <Flex vertical style={{ flex: '1 1 140px' }}>
          <label htmlFor={`${id}-end`} style={{ fontSize: 13 }}>
            Tanggal Akhir
          </label>
          <DatePicker
            id={`${id}-end`}
            value={end}
            onChange={setEnd}
            format="DD MMM YYYY"
            allowClear={false}
          />
        </Flex>
        <Button type="primary" icon={<SearchOutlined />} onClick={search} loading={result.isFetching}>
          Cari
        </Button>
      </Flex>
      {result.isError ? (
        <div style={{ marginBottom: 12 }}>
          <LoadError error={result.error} onRetry={() => result.refetch()} retrying={result.isFetching} />
        </div>
      ) : null}
      <Row gutter={12} style={{ marginBottom: 12 }}>
        <Col span={12}>
          <Card size="small" style={{ background: '#f6f9ff' }}>
            <Statistic
              title="Total Pengecekan"
              value={result.data?.total}
              loading={result.isPending && !result.isError}
              groupSeparator="."
            />
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" style={{ background: '#f6fff8' }}>
            <Statistic
              title="Total Approved"
              value={result.data?.approved}
              loading={result.isPending && !result.isError}
              groupSeparator="."
              styles={{ content: { color: '#389e0d' } }}
            />
          </Card>
        </Col>
      </Row>
      <Table<TProductivityTireMan>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={result.data?.tire_man ?? []}
        loading={result.isFetching}
        pagination={{
          current: page,
          onChange: setPage,
          pageSize: PAGE_SIZES.dashboardProductivity.default,
          showSizeChanger: false,
          size: 'small',
        }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'Tidak ada data' }}
      />
    </Card>
  );
}
