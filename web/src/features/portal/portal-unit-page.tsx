import { ArrowLeftOutlined, PictureOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import type { PortalRecordKind, TPortalRecordRow } from '@itms/contracts/portal';
import { Button, Card, Descriptions, Flex, Result, Spin, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { LoadError } from '../../components/load-error';
import { LOADING, PageHeading } from '../../components/page-frame';
import { TireMap } from '../../components/unit-view/tire-map';
import { TireTrends } from '../../components/unit-view/tire-trends';
import { WorkHistoryTable } from '../../components/unit-view/work-history-table';
import { isApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/dayjs';
import { useEndpoint } from '../../lib/use-endpoint';
import { useTabList } from '../../lib/use-tab-list';
import { usePortalCustomer } from './portal-customer';
import { PortalRecordPhotos } from './portal-record-photos';

const STATUS_LABELS: Record<string, { label: string; color: string }> = {
  active: { label: 'Aktif', color: 'green' },
  inactive: { label: 'Tidak aktif', color: 'default' },
};

/**
 * /portal/unit/:id: one unit of the customer, read-only: its tires on the diagram, the readings per
 * position, and its validated checks, replacements and BKB. No office action (edit, validate,
 * print): what the customer sees.
 */
export default function PortalUnitPage() {
  const id = Number(useParams().id);
  const { search } = usePortalCustomer();
  const valid = Number.isInteger(id) && id > 0;
  // failures are said in place: a unit not found (or not the customer's) as the not-found state
  const unit = useEndpoint(API.getPortalUnit, { params: { id } }, { enabled: valid, meta: { silent: true } });
  const back = (
    <LinkButton to={`/portal${search}`} icon={<ArrowLeftOutlined />}>
      Kembali ke Armada
    </LinkButton>
  );

  const missing =
    !valid || (isApiError(unit.error) && (unit.error.status === 404 || unit.error.status === 400));
  if (missing || unit.isError) {
    return (
      <Card>
        <PageHeading />
        {missing ? (
          <Result
            status="404"
            title="Unit tidak ditemukan"
            subTitle="Unit ini tidak ada atau bukan bagian dari armada Anda."
            extra={back}
          />
        ) : (
          <Flex vertical gap={12} align="flex-start">
            <LoadError error={unit.error} onRetry={() => unit.refetch()} retrying={unit.isFetching} />
            {back}
          </Flex>
        )}
      </Card>
    );
  }
  if (!unit.data) {
    return (
      <Card>
        <PageHeading />
        <Flex vertical align="center" gap={8} style={{ padding: 48 }}>
          <Spin />
          <Typography.Text type="secondary">{LOADING}</Typography.Text>
        </Flex>
      </Card>
    );
  }
  const { unit: u, pull_point_mm: pull, tires, trends } = unit.data;
  const status = STATUS_LABELS[u.status] ?? { label: u.status, color: 'default' };
  return (
    <Flex vertical gap={16}>
      <Card>
        <PageHeading title={`Unit ${u.plate_number}`} extra={back} />
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'type', label: 'Tipe Unit', children: u.unit_type },
            { key: 'project', label: 'Proyek', children: u.project },
            { key: 'customer', label: 'Pelanggan', children: u.customer },
            { key: 'status', label: 'Status', children: <Tag color={status.color}>{status.label}</Tag> },
            {
              key: 'last',
              label: 'Pengecekan terakhir',
              children: u.last_check_at ? formatDate(u.last_check_at) : 'Belum pernah dicek',
            },
          ]}
        />
      </Card>
      <TireMap unitType={u.unit_type} pull={pull} tires={tires} />
      <TireTrends trends={trends} tires={tires} pull={pull} />
      <Card>
        <Tabs
          items={[
            { key: 'check', label: 'Pengecekan', children: <Records unitId={u.id} kind="check" /> },
            {
              key: 'replacement',
              label: 'Pergantian',
              children: <Records unitId={u.id} kind="replacement" />,
            },
            { key: 'mismatch', label: 'BKB', children: <Records unitId={u.id} kind="mismatch" /> },
          ]}
        />
      </Card>
    </Flex>
  );
}

/** The unit's validated work of one kind, newest first, with the positions it touched and its photos. */
function Records({ unitId, kind }: { unitId: number; kind: PortalRecordKind }) {
  const { tableProps } = useTabList(API.listPortalUnitRecords, (page) => ({
    params: { id: unitId },
    query: { kind, ...page },
  }));
  // the record whose photos are open
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <WorkHistoryTable<TPortalRecordRow>
        kind={kind}
        tableProps={tableProps}
        trail={[
          {
            key: 'photos',
            title: '',
            render: (_, r) => (
              <Button size="small" icon={<PictureOutlined />} onClick={() => setOpen(r.id)}>
                Foto
              </Button>
            ),
          },
        ]}
        card={{
          title: 'date',
          lines: ['tireman', 'location', kind === 'mismatch' ? 'category' : 'odometer', 'positions'],
          actions: ['photos'],
        }}
      />
      <PortalRecordPhotos unitId={unitId} kind={kind} recordId={open} onClose={() => setOpen(null)} />
    </>
  );
}
