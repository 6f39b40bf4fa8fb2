import { SearchOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import {
  QUEUE_AGE_LABELS,
  QUEUE_AGES,
  QUEUE_DEFAULT_ORDER,
  QUEUE_ORDER_LABELS,
  QUEUE_ORDERS,
  type TQueueAge,
  type TQueueOrder,
} from '@itms/contracts/queue';
import { Input, type InputRef, Select, Tag, Tooltip } from 'antd';
import { type CSSProperties, type Ref, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { appTime, formatDateTime } from '../lib/dayjs';
import { useEndpoint } from '../lib/use-endpoint';

/** The queue filters kept in the URL besides `q` (the list's search), as sent to the server. */
const FILTER_PARAMS = ['location_id', 'region_id', 'tireman_id', 'age', 'order'] as const;
type FilterParam = (typeof FILTER_PARAMS)[number];

/** The queue filters of the URL, to hand to usePagedList as its `filters`. */
export function useQueueFilters(): Partial<Record<FilterParam, string>> {
  const [params] = useSearchParams();
  const key = FILTER_PARAMS.map((k) => params.get(k) ?? '').join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined values are the identity
  return useMemo(
    () => Object.fromEntries(FILTER_PARAMS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))),
    [key],
  );
}

/**
 * The search and filters of the URL as a query string (`?q=..&tireman_id=..`), without paging:
 * what a queue item's page keeps to find the next item of the same filtered queue.
 */
export function queueSearchOf(params: URLSearchParams): string {
  const keep = new URLSearchParams();
  for (const k of ['q', ...FILTER_PARAMS]) {
    const v = params.get(k);
    if (v) keep.set(k, v);
  }
  const s = keep.toString();
  return s ? `?${s}` : '';
}

/** The query of the queue's list operation for the filters of a query string. */
export function queueQueryOf(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(
    ['q', ...FILTER_PARAMS].flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])),
  );
}

interface QueueFilterBarProps {
  /** The list's search and URL update (from usePagedList). */
  list: {
    q?: string;
    setSearch: (text: string) => void;
    update: (next: Record<string, string | number | undefined>) => void;
  };
  filters: Partial<Record<FilterParam, string>>;
  /** The search box, for the `/` shortcut. */
  searchRef?: Ref<InputRef>;
}

const fieldStyle = { minWidth: 150, flex: '1 1 150px' } as const;

/**
 * The validation queues' search and filters (pool, region, tire man, age) and order, all kept in
 * the URL so that reload, Back and 'Validasi & berikutnya' keep the same queue.
 */
export function QueueFilterBar({ list, filters, searchRef }: QueueFilterBarProps) {
  // the options' own failure leaves a select empty: the list below says what failed, no dialog on top
  const options = { staleTime: 300_000, meta: { silent: true } };
  const regions = useEndpoint(API.listRegions, {}, options);
  const locations = useEndpoint(API.listLocations, {}, options);
  const tiremen = useEndpoint(API.listTireManOptions, {}, options);
  const [text, setText] = useState(list.q ?? '');
  // Back, a link or a cleared filter changes the URL's search: the box follows it
  useEffect(() => setText(list.q ?? ''), [list.q]);

  const regionId = filters.region_id ? Number(filters.region_id) : undefined;
  const set = (key: FilterParam, value: string | number | undefined) =>
    list.update({ [key]: value, page: undefined });

  return (
    <search
      aria-label="Cari dan saring antrean"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}
    >
      <Input.Search
        ref={searchRef}
        aria-label="Cari plat atau tire man"
        placeholder="Cari plat / tire man ( / )"
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (!e.target.value) list.setSearch('');
        }}
        onSearch={(v) => list.setSearch(v)}
        style={{ minWidth: 220, flex: '2 1 240px' }}
      />
      <Select<number>
        aria-label="Region"
        placeholder="Semua region"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={regionId}
        options={(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        // a pool of another region would leave the list empty
        onChange={(v) => list.update({ region_id: v, location_id: undefined, page: undefined })}
        style={fieldStyle}
      />
      <Select<number>
        aria-label="Pool / lokasi"
        placeholder="Semua pool"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={filters.location_id ? Number(filters.location_id) : undefined}
        options={(locations.data ?? [])
          .filter((l) => regionId === undefined || l.region_id === regionId)
          .map((l) => ({ value: l.id, label: l.name }))}
        onChange={(v) => set('location_id', v)}
        style={fieldStyle}
      />
      <Select<number>
        aria-label="Tire man"
        placeholder="Semua tire man"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={filters.tireman_id ? Number(filters.tireman_id) : undefined}
        options={(tiremen.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        onChange={(v) => set('tireman_id', v)}
        style={fieldStyle}
      />
      <Select<TQueueAge>
        aria-label="Umur"
        placeholder="Semua umur"
        allowClear
        value={filters.age as TQueueAge | undefined}
        options={(Object.keys(QUEUE_AGES) as TQueueAge[]).map((a) => ({
          value: a,
          label: QUEUE_AGE_LABELS[a],
        }))}
        onChange={(v) => set('age', v)}
        style={fieldStyle}
      />
      <QueueOrderSelect value={filters.order} onChange={(v) => set('order', v)} style={fieldStyle} />
    </search>
  );
}

/**
 * Urutan of a queue of waiting work: Terlama dulu (the default) or Terbaru dulu. `value` is the URL's
 * `order`; the default stays out of the URL (onChange gives undefined), so that a queue opened
 * without one shows the same.
 */
export function QueueOrderSelect({
  value,
  onChange,
  style,
}: {
  value: string | undefined;
  onChange: (order: TQueueOrder | undefined) => void;
  style?: CSSProperties;
}) {
  return (
    <Select<TQueueOrder>
      aria-label="Urutan"
      value={(value as TQueueOrder | undefined) ?? QUEUE_DEFAULT_ORDER}
      options={QUEUE_ORDERS.map((o) => ({ value: o, label: QUEUE_ORDER_LABELS[o] }))}
      onChange={(v) => onChange(v === QUEUE_DEFAULT_ORDER ? undefined : v)}
      style={style}
    />
  );
}

/** How long an item has waited since it was received: '45 mnt', '5 jam', '3 hari 2 jam'. */
export function waitedText(createdAt: string, now = appTime()): string {
  const minutes = Math.max(0, now.diff(appTime(createdAt), 'minute'));
  if (minutes < 60) return `${minutes} mnt`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} jam`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} hari ${hours % 24} jam` : `${days} hari`;
}

/** The Umur cell: the wait, orange past 24 hours, red past 3 days. */
export function QueueAge({ createdAt }: { createdAt: string }) {
  const hours = appTime().diff(appTime(createdAt), 'hour', true);
  const color = hours > QUEUE_AGES['3d'] ? 'red' : hours > QUEUE_AGES['24h'] ? 'orange' : undefined;
  return (
    <Tooltip title={`Diterima ${formatDateTime(createdAt)}`}>
      <Tag color={color} style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
        {waitedText(createdAt)}
      </Tag>
    </Tooltip>
  );
}
