import { API } from '@itms/contracts/api';
import type { TPlanUnit } from '@itms/contracts/field';
import { planText } from '@itms/contracts/rules/day-plan';
import { Flex, Progress, Select, Table, type TableColumnsType, Typography } from 'antd';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { LOADING, PageCard, PageHeading } from '../../components/page-frame';
import { appTime, formatDate } from '../../lib/dayjs';
import { useEndpoint } from '../../lib/use-endpoint';

const columns: TableColumnsType<TPlanUnit> = [
  { key: 'no', title: 'No', width: 56, render: (_v, _r, i) => i + 1 },
  {
    key: 'plate_number',
    dataIndex: 'plate_number',
    title: 'No. Polisi',
    render: (plate: string, u) => <Link to={`/unit/${u.id}`}>{plate}</Link>,
  },
  { key: 'unit_type', dataIndex: 'unit_type', title: 'Tipe Unit' },
  { key: 'project', title: 'Proyek', render: (_v, u) => u.project.name },
  {
    key: 'last_done_on',
    dataIndex: 'last_done_on',
    title: 'Pengecekan Terakhir',
    render: (d: string | null) => (d ? formatDate(d) : 'Belum pernah dicek'),
  },
];

/**
 * /tugas-tireman (issue 37, item 6): pick a tire man, see his day plan as his phone's Tugas shows
 * it: how many units of his projects are checked this month and those still to check, oldest last
 * check first (GET /tire-man-plan/{id}, the snapshot's units and rule).
 */
export default function TiremanPlanPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const tiremanId = Number(params.get('tireman')) || undefined;
  const tireMen = useEndpoint(API.listTireManOptions, {}, { staleTime: 60_000 });
  const plan = useEndpoint(
    API.getTiremanPlan,
    { params: { id: tiremanId ?? 0 } },
    { enabled: tiremanId !== undefined, meta: { silent: true } },
  );
  const data = plan.data;

  return (
    <PageCard>
      <PageHeading />
      <Flex vertical gap={16}>
        <Flex vertical style={{ maxWidth: 320 }}>
          <label htmlFor={`${id}-tireman`}>Tire Man</label>
          <Select
            id={`${id}-tireman`}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Pilih tire man"
            loading={tireMen.isPending}
            value={tiremanId}
            onChange={(v: number) => setParams({ tireman: String(v) }, { replace: true })}
            options={(tireMen.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          />
        </Flex>
        {tiremanId === undefined ? (
          <Typography.Text type="secondary">
            Pilih tire man untuk melihat unit proyeknya yang belum dicek bulan ini.
          </Typography.Text>
        ) : plan.isError ? (
          <LoadError error={plan.error} onRetry={() => plan.refetch()} />
        ) : !data ? (
          <Typography.Text type="secondary">{LOADING}</Typography.Text>
        ) : (
          <>
            <Flex vertical gap={4} style={{ maxWidth: 420 }}>
              <Typography.Text strong style={{ fontSize: 16 }}>
                {data.tireman.name} · {appTime(`${data.month}-01`).format('MMMM YYYY')}
              </Typography.Text>
              <Typography.Text aria-label="Capaian bulan ini">{planText(data)}</Typography.Text>
              <Progress percent={data.total ? Math.round((data.done / data.total) * 100) : 0} />
            </Flex>
            <Table<TPlanUnit>
              rowKey="id"
              size="small"
              aria-label="Belum dicek bulan ini"
              columns={columns}
              dataSource={data.todo}
              loading={plan.isFetching}
              pagination={data.todo.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
              locale={{
                emptyText:
                  data.total === 0 ? 'Tidak ada unit di proyeknya' : 'Semua unit sudah dicek bulan ini',
              }}
              title={() => `Belum dicek bulan ini (${data.todo.length})`}
              scroll={{ x: 640 }}
            />
          </>
        )}
      </Flex>
    </PageCard>
  );
}
