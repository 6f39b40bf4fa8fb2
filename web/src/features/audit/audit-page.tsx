import { API } from '@itms/contracts/api';
import type { TAuditRow } from '@itms/contracts/audit';
import { auditSentences, entityLabel, entityText } from '@itms/contracts/rules/audit-text';
import { Button, Card, DatePicker, Flex, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { ResponsiveTable } from '../../components/responsive-table';
import { appTime, dayjs, formatDateTime } from '../../lib/dayjs';
import { useRouteMeta } from '../../lib/route-meta';
import { useEndpoint } from '../../lib/use-endpoint';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePagedList } from '../../lib/use-paged-list';
import { AuditDiff } from './audit-diff';

const SIZES = { options: [20, 50, 100], default: 20 } as const;

const ACTION_COLOR: Record<string, string> = {
  create: 'green',
  delete: 'red',
  update: 'blue',
  validate: 'purple',
  login: 'default',
  logout: 'default',
};
const colorOf = (action: string) => ACTION_COLOR[action.split('.').pop() ?? action] ?? 'geekblue';

const columns = (sortOrder: (c: string) => 'ascend' | 'descend' | null): TableColumnsType<TAuditRow> => [
  {
    key: 'createdAt',
    title: 'Waktu',
    sorter: true,
    sortOrder: sortOrder('createdAt'),
    render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span>,
  },
  {
    key: 'user',
    title: 'Pengguna',
    render: (_, r) =>
      r.user ? (
        <Flex vertical>
          <span>{r.user.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.user.email} · {r.user.role}
          </Typography.Text>
        </Flex>
      ) : (
        <Typography.Text type="secondary">Sistem</Typography.Text>
      ),
  },
  {
    key: 'action',
    title: 'Aksi',
    sorter: true,
    sortOrder: sortOrder('action'),
    render: (_, r) => <Tag color={colorOf(r.action)}>{r.action}</Tag>,
  },
  {
    key: 'entity',
    title: 'Entitas',
    sorter: true,
    sortOrder: sortOrder('entity'),
    render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{entityText(r)}</span>,
  },
  {
    key: 'sentences',
    title: 'Keterangan',
    // one sentence per changed field, in words
    render: (_, r) => (
      <Flex vertical gap={2} style={{ minWidth: 200, maxWidth: 560 }}>
        {auditSentences(r.user?.name ?? 'Sistem', r).map((s) => (
          <span key={s}>{s}</span>
        ))}
      </Flex>
    ),
  },
];

const phoneColumns: TableColumnsType<TAuditRow> = [
  {
    key: 'line',
    title: 'Catatan',
    render: (_, r) => (
      <Flex vertical gap={2}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(r.createdAt)}
        </Typography.Text>
        {auditSentences(r.user?.name ?? 'Sistem', r).map((s) => (
          <span key={s}>{s}</span>
        ))}
      </Flex>
    ),
  },
];

/** /audit (admin): who changed what and when, with the values before and after; paged on the server. */
export default function AuditPage() {
  const title = useRouteMeta()?.title ?? 'Log Audit';
  const [params] = useSearchParams();
  const filters = {
    userId: params.get('userId') ?? undefined,
    entity: params.get('entity') ?? undefined,
    action: params.get('action') ?? undefined,
    dateStart: params.get('start') ?? undefined,
    dateEnd: params.get('end') ?? undefined,
  };
  const list = usePagedList({ endpoint: API.listAuditLog, sizes: SIZES, filters });
  const wide = useMediaQuery(DESKTOP_QUERY);
  const options = useEndpoint(API.getAuditOptions, {}, { staleTime: 60_000 });
  const set = (next: Record<string, string | undefined>) => list.update({ ...next, page: undefined });
  const anyFilter = Object.values(filters).some(Boolean);

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
        {title}
      </Typography.Title>
      <Card>
        <Flex wrap gap={12} align="center">
          <Select
            aria-label="Pengguna"
            placeholder="Semua pengguna"
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 220 }}
            value={filters.userId ? Number(filters.userId) : undefined}
            options={(options.data?.users ?? []).map((u) => ({
              value: u.id,
              label: `${u.name} (${u.email})`,
            }))}
            onChange={(v?: number) => set({ userId: v ? String(v) : undefined })}
          />
          <Select
            aria-label="Entitas"
            placeholder="Semua entitas"
            allowClear
            style={{ minWidth: 180 }}
            value={filters.entity}
            options={(options.data?.entities ?? []).map((e) => ({ value: e, label: entityLabel(e) }))}
            onChange={(v?: string) => set({ entity: v })}
          />
          <Select
            aria-label="Aksi"
            placeholder="Semua aksi"
            allowClear
            style={{ minWidth: 160 }}
            value={filters.action}
            options={(options.data?.actions ?? []).map((a) => ({ value: a, label: a }))}
            onChange={(v?: string) => set({ action: v })}
          />
          <DatePicker.RangePicker
            aria-label="Rentang tanggal"
            format="DD/MM/YYYY"
            placeholder={['Tanggal Awal', 'Tanggal Akhir']}
            value={
              filters.dateStart && filters.dateEnd
                ? [appTime(filters.dateStart), appTime(filters.dateEnd)]
                : null
            }
            onChange={(range) =>
              set({
                start: range?.[0] ? dayjs(range[0]).format('YYYY-MM-DD') : undefined,
                end: range?.[1] ? dayjs(range[1]).format('YYYY-MM-DD') : undefined,
              })
            }
          />
          <Button
            disabled={!anyFilter}
            onClick={() =>
              set({
                userId: undefined,
                entity: undefined,
                action: undefined,
                start: undefined,
                end: undefined,
              })
            }
          >
            Reset
          </Button>
        </Flex>
      </Card>
      <Card>
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 12 }}>
          {list.data ? `${list.data.total} catatan` : 'Mengambil Data ...'}
        </Typography.Text>
        <ResponsiveTable<TAuditRow>
          card={{ title: 'line', lines: [] }}
          {...list.tableProps}
          rowKey="id"
          size="middle"
          // a phone shows one column: the time over the sentences (they name who and what)
          columns={wide ? columns(list.sortOrder) : phoneColumns}
          // the sentences wrap to the width instead of one long line to scroll (at max-content a desktop
          // lost the last column out of view)
          scroll={undefined}
          expandable={{
            expandedRowRender: (r) => <AuditDiff row={r} />,
            rowExpandable: (r) => r.before != null || r.after != null || r.detail != null,
          }}
        />
      </Card>
    </Flex>
  );
}
