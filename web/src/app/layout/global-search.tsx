import { SearchOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import type { Role } from '@itms/contracts/enums';
import { canOpen, ROUTE_BY_PATH } from '@itms/contracts/routes';
import { GLOBAL_SEARCH_MAX, GLOBAL_SEARCH_MIN, type TGlobalSearchReply } from '@itms/contracts/search';
import { keepPreviousData } from '@tanstack/react-query';
import { AutoComplete, Flex, type GetRef, type SelectProps, Typography } from 'antd';
import { type Ref, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useEndpoint } from '../../lib/use-endpoint';

export const SEARCH_PLACEHOLDER = 'Cari plat, nomor seri, tire man';
/** Long enough to skip the requests of a word still being typed, short enough to feel immediate. */
const DEBOUNCE_MS = 250;

export type GlobalSearchRef = GetRef<typeof AutoComplete>;
type Option = NonNullable<SelectProps['options']>[number];

/**
 * Where a tire man found by the search leads: the Tire Man screen filtered by his name for admins
 * (it opens his account); staff may not open it, so the replacements waiting for validation
 * searched by his name (that list matches the tire man's name).
 */
function tireManPath(name: string, role: Role): string {
  const q = encodeURIComponent(name);
  const users = ROUTE_BY_PATH.get('/user');
  return users && canOpen(users, role) ? `/user?q=${q}` : `/validasi-pergantian?q=${q}`;
}

function Item({ title, detail }: { title: string; detail: string }) {
  return (
    <Flex vertical style={{ lineHeight: 1.3, minWidth: 0 }}>
      <span style={{ fontWeight: 500 }}>{title}</span>
      <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
        {detail}
      </Typography.Text>
    </Flex>
  );
}

function optionsOf(r: TGlobalSearchReply, role: Role): { options: Option[]; paths: Map<string, string> } {
  const paths = new Map<string, string>();
  const group = (label: string, items: { key: string; path: string; title: string; detail: string }[]) => {
    for (const i of items) paths.set(i.key, i.path);
    return {
      label,
      options: items.map((i) => ({
        value: i.key,
        label: <Item title={i.title} detail={i.detail} />,
        'aria-label': `${label} ${i.title}`,
      })),
    };
  };
  const options = [
    group(
      'Unit',
      r.units.map((u) => ({
        key: `unit:${u.id}`,
        path: `/unit/${u.id}`,
        title: u.plate_number,
        detail: `${u.unit_type} · ${u.project}`,
      })),
    ),
    group(
      'Ban',
      r.tires.map((t) => ({
        key: `tire:${t.id}`,
        path: `/kartu-stok?tire=${t.id}`,
        title: t.serial_number,
        detail: [t.brand, t.size, t.status].filter(Boolean).join(' · '),
      })),
    ),
    group(
      'Tire Man',
      r.tireMen.map((m) => ({
        key: `tireman:${m.id}`,
        path: tireManPath(m.name, role),
        title: m.name,
        detail: m.phone,
      })),
    ),
  ].filter((g) => g.options.length > 0);
  return { options, paths };
}

/**
 * The top bar's search over units (plate), tires (serial) and tire men (name), answering as one
 * types: debounced, one request per settled text (a newer text drops the older request through
 * its abort signal), results grouped in the dropdown; arrows and Enter pick one.
 */
export function GlobalSearch({
  role,
  inputRef,
  autoFocus,
  style,
  onDone,
}: {
  role: Role;
  inputRef?: Ref<GlobalSearchRef>;
  autoFocus?: boolean;
  style?: React.CSSProperties;
  /** After a result was opened, or on Escape (the phone closes its search bar). */
  onDone?: () => void;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const enabled = q.length >= GLOBAL_SEARCH_MIN;
  const search = useEndpoint(
    API.globalSearch,
    { query: { q } },
    {
      enabled,
      placeholderData: keepPreviousData,
      // a failure shows in the dropdown, not as a dialog over the screen
      meta: { silent: true },
    },
  );
  const { options, paths } = useMemo(
    () =>
      search.data && enabled
        ? optionsOf(search.data, role)
        : { options: [] as Option[], paths: new Map<string, string>() },
    [search.data, enabled, role],
  );

  const typed = text.trim().length;
  let notFound: string | null = null;
  if (typed > 0 && typed < GLOBAL_SEARCH_MIN) notFound = `Ketik minimal ${GLOBAL_SEARCH_MIN} karakter`;
  else if (typed >= GLOBAL_SEARCH_MIN) {
    if (search.isError) notFound = 'Pencarian gagal, coba lagi';
    else if (!search.data || search.isFetching || q !== text.trim()) notFound = 'Mencari ...';
    else notFound = 'Tidak ditemukan';
  }

  return (
    <AutoComplete<string, Option>
      // a fixed id: rc-select's generated one is the same 'test-id' as every dialog title under test
      id="global-search"
      ref={inputRef}
      value={text}
      onChange={(v: string) => setText(v.slice(0, GLOBAL_SEARCH_MAX))}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone?.();
      }}
      onSelect={(key: string) => {
        const path = paths.get(key);
        setText('');
        if (path) navigate(path);
        onDone?.();
      }}
      options={options}
      notFoundContent={notFound}
      defaultActiveFirstOption
      autoFocus={autoFocus}
      allowClear
      prefix={<SearchOutlined style={{ color: 'rgba(0,0,0,0.45)' }} />}
      placeholder={SEARCH_PLACEHOLDER}
      aria-label={SEARCH_PLACEHOLDER}
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { minWidth: 320, maxWidth: 'calc(100vw - 16px)' } } }}
      style={style}
    />
  );
}
