import { EyeOutlined, SignatureFilled } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import { ROLE_LABELS } from '@itms/contracts/enums';
import type { TWorkshopQueueRow } from '@itms/contracts/workshop';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Flex,
  Input,
  type TableColumnsType,
  type TableProps,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CheckDetailModal } from '../../components/check-detail/check-detail-modal';
import { shortcutRange } from '../../components/date-range-search';
import { PageHeading } from '../../components/page-frame';
import { QueueOrderSelect } from '../../components/queue-filter-bar';
import { ReplacementDetailModal } from '../../components/replacement-detail/replacement-detail-modal';
import { ResponsiveTable } from '../../components/responsive-table';
import { signedInMayCall } from '../../lib/access';
import { isApiError } from '../../lib/api-client';
import { type dayjs, formatDate, formatTime, fromApiDate } from '../../lib/dayjs';
import { showApiError, toast } from '../../lib/feedback';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePagedList } from '../../lib/use-paged-list';
import { useSignWorkshop } from './api/sign-workshop';
import { KindTag } from './kind-tag';
import { SignModal } from './sign-modal';

const keyOf = (r: Pick<TWorkshopQueueRow, 'kind' | 'id'>) => `${r.kind}:${r.id}`;

const PRESETS = (['Hari ini', 'Kemarin', 'Bulan ini', 'Tahun ini'] as const).map((label) => {
  const r = shortcutRange(label);
  return { label, value: [fromApiDate(r.start), fromApiDate(r.end)] as [dayjs.Dayjs, dayjs.Dayjs] };
});

const columns: TableColumnsType<TWorkshopQueueRow> = [
  { key: 'kind', title: 'Jenis', width: 110, render: (_, r) => <KindTag kind={r.kind} /> },
  {
    key: 'plate',
    title: 'No. Body',
    render: (_, r) => (
      <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
        {r.plate_number}
      </Typography.Text>
    ),
  },
  { key: 'tireman', title: 'Tire Man', render: (_, r) => r.tireman.name },
  { key: 'location', title: 'Lokasi', dataIndex: 'location' },
  {
    key: 'date',
    title: 'Tanggal',
    // the day the work was done
    render: (_, r) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatDate(r.date)} <Typography.Text type="secondary">{r.time}</Typography.Text>
      </span>
    ),
  },
  {
    key: 'validated',
    title: 'Divalidasi',
    render: (_, r) =>
      r.validated_at ? (
        <Flex vertical style={{ whiteSpace: 'nowrap' }}>
          <span>
            {formatDate(r.validated_at)}{' '}
            <Typography.Text type="secondary">{formatTime(r.validated_at)}</Typography.Text>
          </span>
          {r.validator ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              oleh {r.validator}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : (
        '-'
      ),
  },
];

/**
 * /tanda-tangan: validated checks and replacements awaiting the workshop signature, oldest
 * validation first (Urutan: or the newest). Who may sign (the Workshop role and admins: the queue's
 * `can_sign`) selects rows and signs them at once; staff read the list.
 */
export default function WorkshopSigningPage() {
  const [params] = useSearchParams();
  const dateStart = params.get('dateStart') ?? undefined;
  const dateEnd = params.get('dateEnd') ?? undefined;
  const order = params.get('order') ?? undefined;
  // GET /workshop/queue?page&pageSize&q&dateStart&dateEnd&order
  const list = usePagedList({
    endpoint: API.listWorkshopQueue,
    sizes: PAGE_SIZES.validation,
    filters: { dateStart, dateEnd, order },
  });
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const sign = useSignWorkshop();
  // selected rows by key, kept across pages
  const [selected, setSelected] = useState<Map<string, TWorkshopQueueRow>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState<TWorkshopQueueRow | null>(null);
  const canSign = list.data?.can_sign ?? false;
  // a row's Detail reads the check or the replacement: only for a role the server lets read them
  // (the workshop role reaches the queue and the signing, not the records)
  const detailOf: Record<TWorkshopQueueRow['kind'], boolean> = {
    'tire-check': signedInMayCall(API.getTireCheck),
    'tire-replacement': signedInMayCall(API.getReplacement),
  };

  const [plate, setPlate] = useState(list.q ?? '');
  useEffect(() => setPlate(list.q ?? ''), [list.q]);
  const [range, setRange] = useState<[dayjs.Dayjs, dayjs.Dayjs] | null>(
    dateStart && dateEnd ? [fromApiDate(dateStart), fromApiDate(dateEnd)] : null,
  );

  const search = () =>
    list.update({
      q: plate.trim() || undefined,
      dateStart: range?.[0].format('YYYY-MM-DD'),
      dateEnd: range?.[1].format('YYYY-MM-DD'),
      page: undefined,
    });
  const reset = () => {
    setPlate('');
    setRange(null);
    list.update({ q: undefined, dateStart: undefined, dateEnd: undefined, page: undefined });
  };

  const submit = async (drawn: string | undefined) => {
    const rows = [...selected.values()];
    try {
      const reply = await sign.mutateAsync({
        items: rows.map(({ kind, id }) => ({ kind, id })),
        ...(drawn ? { workshop_sign: drawn } : {}),
      });
      toast().success(reply.message, 3);
      setSelected(new Map());
      setConfirming(false);
    } catch (err) {
      // 409: some were signed, returned or deleted meanwhile; nothing was signed. The list
      // reloads: drop them from the selection so the rest can be signed again.
      if (isApiError(err) && err.status === 409) {
        setConfirming(false);
        const gone = new Set(
          (err.fields ?? []).map((f) => Number(f.field.split('.')[1])).map((i) => rows[i] && keyOf(rows[i])),
        );
        setSelected(new Map([...selected].filter(([k]) => !gone.has(k))));
      }
      showApiError(err, null);
    }
  };

  const rowSelection: TableProps<TWorkshopQueueRow>['rowSelection'] | undefined = canSign
    ? {
        selectedRowKeys: [...selected.keys()],
        preserveSelectedRowKeys: true,
        onChange: (keys, rows) => {
          const next = new Map<string, TWorkshopQueueRow>();
          for (const k of keys) {
            const row = rows.find((r) => r && keyOf(r) === k) ?? selected.get(String(k));
            if (row) next.set(String(k), row);
          }
          setSelected(next);
        },
        getCheckboxProps: (r) => ({ 'aria-label': `Pilih ${r.plate_number} #${r.id}` }),
      }
    : undefined;

  const withDetail: TableColumnsType<TWorkshopQueueRow> = [
    ...columns,
    ...(Object.values(detailOf).some(Boolean)
      ? [
          {
            key: 'detail',
            title: 'Aksi',
            width: 96,
            render: (_: unknown, r: TWorkshopQueueRow) =>
              detailOf[r.kind] ? (
                <Button
                  size="small"
                  icon={<EyeOutlined />}
                  onClick={() => setOpen(r)}
                  aria-label={`Detail ${r.plate_number} #${r.id}`}
                >
                  Detail
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  const count = selected.size;
  const signButton = (
    <Button
      type="primary"
      icon={<SignatureFilled />}
      disabled={count === 0}
      onClick={() => setConfirming(true)}
    >
      Tanda Tangani{count ? ` (${count})` : ''}
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      <PageHeading />
      <Card size="small" title="Pencarian">
        <Flex wrap gap={8} align="center">
          <Input
            aria-label="No. Body"
            placeholder="No. Body, mis. B 9001"
            allowClear
            value={plate}
            onChange={(e) => setPlate(e.target.value)}
            onPressEnter={search}
            style={{ flex: '1 1 180px', maxWidth: 260 }}
          />
          <DatePicker.RangePicker
            aria-label="Tanggal pengerjaan"
            placeholder={['Tanggal Awal', 'Tanggal Akhir']}
            format="DD/MM/YYYY"
            value={range}
            onChange={(v) => setRange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
            presets={PRESETS}
            inputReadOnly={!isDesktop}
            style={{ flex: '1 1 260px', maxWidth: 320 }}
          />
          <QueueOrderSelect
            value={order}
            onChange={(v) => list.update({ order: v, page: undefined })}
            style={{ flex: '0 1 160px', minWidth: 140 }}
          />
          <Flex gap={8}>
            <Button type="primary" onClick={search} loading={list.isFetching}>
              Cari
            </Button>
            <Button onClick={reset} disabled={!list.q && !dateStart && !plate && !range}>
              Reset
            </Button>
          </Flex>
        </Flex>
      </Card>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary" role="status">
            {list.data ? `${list.data.total} data menunggu tanda tangan workshop` : 'Mengambil Data ...'}
          </Typography.Text>
          {canSign ? (
            <Flex align="center" gap={8} wrap>
              {count ? (
                <Button type="link" size="small" onClick={() => setSelected(new Map())}>
                  Batal pilih
                </Button>
              ) : null}
              {count ? signButton : <Tooltip title="Pilih data terlebih dahulu">{signButton}</Tooltip>}
            </Flex>
          ) : null}
        </Flex>
        {list.data && !canSign ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={`Hanya akun dengan role ${ROLE_LABELS.workshop} (atau ${ROLE_LABELS.admin}) yang dapat menandatangani. Admin mengatur role akun di menu Tire Man.`}
          />
        ) : null}
        <ResponsiveTable<TWorkshopQueueRow>
          card={{ title: 'plate', lines: ['tireman', 'location', 'date', 'validated'], tags: ['kind'] }}
          {...list.tableProps}
          rowKey={keyOf}
          size="middle"
          columns={withDetail}
          rowSelection={rowSelection}
          onRow={(r) =>
            detailOf[r.kind]
              ? {
                  onClick: (e) => {
                    // the checkbox and the buttons are their own actions
                    const target = e.target as HTMLElement;
                    if (target.closest('button, a, input, label')) return;
                    if (canSign && target.closest('td')?.querySelector('input[type="checkbox"]')) return;
                    setOpen(r);
                  },
                  style: { cursor: 'pointer' },
                }
              : {}
          }
        />
      </Card>
      <SignModal
        open={confirming}
        rows={[...selected.values()]}
        storedSignature={list.data?.signature ?? null}
        submitting={sign.isPending}
        onCancel={() => setConfirming(false)}
        onSubmit={submit}
      />
      <CheckDetailModal id={open?.kind === 'tire-check' ? open.id : null} onClose={() => setOpen(null)} />
      <ReplacementDetailModal
        id={open?.kind === 'tire-replacement' ? open.id : null}
        onClose={() => setOpen(null)}
      />
    </Flex>
  );
}
