import { QuestionCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TMismatchPendingRow } from '@itms/contracts/mismatches';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, type InputRef, type TableColumnsType, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { KeyboardHelp, QUEUE_SHORTCUTS } from '../../components/keyboard-help';
import { WorkDay } from '../../components/late-tag';
import { QueueAge, QueueFilterBar, useQueueFilters } from '../../components/queue-filter-bar';
import { ResponsiveTable } from '../../components/responsive-table';
import { endpointKey } from '../../lib/api-client';
import { formatDate, formatTime } from '../../lib/dayjs';
import { useQueueNext } from '../../lib/queue-next';
import { useRouteMeta } from '../../lib/route-meta';
import { getSocket } from '../../lib/socket';
import { useListKeys } from '../../lib/use-list-keys';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePagedList } from '../../lib/use-paged-list';
import { MismatchValidationModal } from './mismatch-validation-modal';

const columns: TableColumnsType<TMismatchPendingRow> = [
  { key: 'id', title: 'Id', dataIndex: 'id', width: 72 },
  { key: 'tireman', title: 'Tireman', render: (_, r) => r.tireman_bkb?.name ?? '-' },
  { key: 'plate', title: 'No. Body', render: (_, r) => r.Unit.plate_number },
  { key: 'location', title: 'Lokasi', render: (_, r) => r.location ?? '-' },
  { key: 'project', title: 'Project', render: (_, r) => r.project ?? '-' },
  { key: 'category', title: 'Kategori', dataIndex: 'category' },
  {
    key: 'createdAt',
    title: 'Tgl',
    render: (_, r) => (
      <WorkDay
        date={formatDate(r.performed_at)}
        time={
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatTime(r.performed_at)}
          </Typography.Text>
        }
        lateDays={r.late_days}
      />
    ),
  },
  { key: 'age', title: 'Umur', render: (_, r) => <QueueAge createdAt={r.createdAt} /> },
];

/** /mismatch: pending BKB reported by the tire men; a row opens its validation. */
export default function MismatchListPage() {
  const title = useRouteMeta()?.title ?? 'Berita Ketidaksesuaian Ban (BKB)';
  const queryClient = useQueryClient();
  const wide = useMediaQuery(DESKTOP_QUERY);
  const filters = useQueueFilters();
  const list = usePagedList({ endpoint: API.listPendingMismatches, sizes: PAGE_SIZES.validation, filters });
  const [openId, setOpenId] = useState<number | null>(null);
  const searchRef = useRef<InputRef>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const [help, setHelp] = useState(false);
  useListKeys({ rows: rowsRef, search: searchRef, onHelp: () => setHelp(true) });
  // 'Validasi & berikutnya': the first BKB of the same filtered list (the validated one has left it)
  const { going: goingNext, openNext } = useQueueNext({
    endpoint: API.listPendingMismatches,
    open: setOpenId,
    leave: () => setOpenId(null),
  });

  // a new report ('new-missmatch' brings everyone here) must show up, also when already on this page
  useEffect(() => {
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: endpointKey(API.listPendingMismatches) });
    refresh();
    const socket = getSocket();
    socket?.on('new-missmatch', refresh);
    return () => {
      socket?.off('new-missmatch', refresh);
    };
  }, [queryClient]);

  return (
    <Card styles={{ body: { padding: wide ? 24 : 12 } }}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={2} style={{ margin: 0, fontSize: wide ? 22 : 19 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">
            BKB yang menunggu validasi{list.data ? `: ${list.data.total}` : ''}
          </Typography.Text>
        </div>
        <Flex gap={8}>
          <Button
            icon={<QuestionCircleOutlined />}
            onClick={() => setHelp(true)}
            aria-label="Pintasan keyboard"
          >
            ?
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => list.refetch()} aria-label="Muat ulang" />
        </Flex>
      </Flex>
      <QueueFilterBar list={list} filters={filters} searchRef={searchRef} />
      <div ref={rowsRef}>
        <ResponsiveTable<TMismatchPendingRow>
          card={{ title: 'plate', lines: ['id', 'tireman', 'category', 'createdAt'], tags: ['age'] }}
          {...list.tableProps}
          // a desktop wraps the cells to its width: at max-content the late tag pushed Umur out of view
          scroll={wide ? undefined : list.tableProps.scroll}
          rowKey="id"
          size="middle"
          columns={columns}
          onRow={(r) => ({
            onClick: () => setOpenId(r.id),
            onKeyDown: (e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                setOpenId(r.id);
              }
            },
            tabIndex: 0,
            style: { cursor: 'pointer' },
            'aria-label': `BKB ${r.id} ${r.Unit.plate_number}`,
          })}
        />
      </div>
      <MismatchValidationModal
        id={openId}
        onClose={() => setOpenId(null)}
        onNext={() => void openNext()}
        goingNext={goingNext}
      />
      <KeyboardHelp open={help} onClose={() => setHelp(false)} shortcuts={QUEUE_SHORTCUTS} />
    </Card>
  );
}
