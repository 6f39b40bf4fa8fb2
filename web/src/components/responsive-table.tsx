import {
  Button,
  Checkbox,
  Empty,
  Flex,
  Pagination,
  Spin,
  Table,
  type TableColumnsType,
  type TableColumnType,
  type TablePaginationConfig,
  type TableProps,
  Typography,
  theme,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useRef, useState } from 'react';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';

/** Which columns make a row's card on a phone. */
export interface CardLayout<T> {
  /** The title line (the row's identity: plate, serial, name): a column key, or a render of the row. Default: the first column. */
  title?: string | ((row: T) => ReactNode);
  /** Column keys shown as 'label: value' lines. Default: the next three titled columns. */
  lines?: readonly string[];
  /** Column keys whose cells (status tags) stand beside the title, without a label. */
  tags?: readonly string[];
  /** Column keys whose cells (buttons, links) make the card's bottom row. Default: the untitled columns. */
  actions?: readonly string[];
}

export type ResponsiveTableProps<T> = TableProps<T> & { card?: CardLayout<T>; 'aria-label'?: string };

type LeafColumn<T> = TableColumnType<T>;
type Path = readonly (string | number)[];

const DEFAULT_LINES = 3;

/**
 * An antd Table from 768px up; below, a list of cards (title, 'label: value' lines, tags) with the
 * same pagination, loading, empty and error states. A tap on a card does what a click on the row does
 * (`onRow`), a card's checkbox what the row's does (`rowSelection`).
 */
export function ResponsiveTable<T extends object>({ card, ...props }: ResponsiveTableProps<T>) {
  const phone = useMediaQuery(PHONE_QUERY);
  return phone ? <CardList<T> {...props} layout={card ?? {}} /> : <Table<T> {...props} />;
}

function leaves<T>(columns: TableColumnsType<T>): LeafColumn<T>[] {
  return columns.flatMap((c) => ('children' in c && c.children ? leaves(c.children) : [c as LeafColumn<T>]));
}

function pathOf<T>(c: LeafColumn<T>): Path | undefined {
  const di = c.dataIndex as string | number | Path | undefined;
  if (di === undefined) return undefined;
  return Array.isArray(di) ? di : [di as string | number];
}

function idOf<T>(c: LeafColumn<T>): string | undefined {
  return c.key !== undefined ? String(c.key) : pathOf(c)?.join('.');
}

function labelOf<T>(c: LeafColumn<T>): ReactNode {
  return typeof c.title === 'function' ? null : c.title;
}

/** The cell antd would show for the column and row. */
function cellOf<T>(c: LeafColumn<T>, row: T, index: number): ReactNode {
  const path = pathOf(c);
  const value = path?.reduce<unknown>(
    (o, k) => (o == null ? undefined : (o as Record<string | number, unknown>)[k]),
    row,
  );
  if (!c.render) return value as ReactNode;
  const out = c.render(value, row, index) as ReactNode | { children: ReactNode; props: object };
  return out && typeof out === 'object' && 'props' in out && 'children' in out && !('$$typeof' in out)
    ? out.children
    : (out as ReactNode);
}

function CardList<T extends object>(props: ResponsiveTableProps<T> & { layout: CardLayout<T> }) {
  const { token } = theme.useToken();
  const { layout, rowSelection, onRow, expandable } = props;
  const data = props.dataSource ?? [];
  const columns = leaves(props.columns ?? []);
  const byId = new Map(columns.map((c) => [idOf(c), c]));
  const titled = columns.filter((c) => labelOf(c));
  const titleColumn = typeof layout.title === 'string' ? byId.get(layout.title) : titled[0];
  const pick = (ids: readonly string[]) => ids.flatMap((id) => byId.get(id) ?? []);
  const lines = layout.lines
    ? pick(layout.lines)
    : titled.filter((c) => c !== titleColumn).slice(0, DEFAULT_LINES);
  const tags = pick(layout.tags ?? []);
  // an untitled column is a row's action (edit, fit tires, stock card): a phone needs it too
  const actions = layout.actions
    ? pick(layout.actions)
    : columns.filter((c) => !labelOf(c) && c !== titleColumn && !tags.includes(c));
  const titleOf = (row: T, index: number) => {
    if (typeof layout.title === 'function') return layout.title(row);
    return titleColumn ? cellOf(titleColumn, row, index) : null;
  };

  const keyOf = (row: T, index: number): Key =>
    typeof props.rowKey === 'function'
      ? props.rowKey(row, index)
      : ((row as Record<string, Key>)[String(props.rowKey ?? 'key')] ?? index);

  // the rows of every page seen, for the selection's rows (a selection may span pages)
  const seen = useRef(new Map<Key, T>());
  data.forEach((row, i) => {
    seen.current.set(keyOf(row, i), row);
  });
  const [ownSelection, setOwnSelection] = useState<Key[]>([]);
  const selected = rowSelection?.selectedRowKeys ?? ownSelection;
  const toggle = (key: Key, on: boolean) => {
    const keys = on ? [...selected, key] : selected.filter((k) => k !== key);
    setOwnSelection(keys);
    const rows = keys.flatMap((k) => seen.current.get(k) ?? []);
    rowSelection?.onChange?.(keys, rows, { type: 'single' });
  };

  const [expanded, setExpanded] = useState<Key[]>([]);

  // pagination as antd Table does it: server-paged when the rows are one page, else sliced here
  const config: TablePaginationConfig | null = props.pagination === false ? null : (props.pagination ?? {});
  const { position: _position, ...pageProps } = config ?? {};
  const [own, setOwn] = useState({ current: 1, pageSize: 10 });
  const current = config?.current ?? own.current;
  const pageSize = config?.pageSize ?? config?.defaultPageSize ?? own.pageSize;
  const shown =
    config && data.length > (current - 1) * pageSize
      ? data.slice((current - 1) * pageSize, current * pageSize)
      : data;
  const sorted = columns.find((c) => c.sortOrder);
  const sorter: SorterResult<T> = sorted
    ? {
        column: sorted,
        columnKey: sorted.key,
        field: sorted.dataIndex as SorterResult<T>['field'],
        order: sorted.sortOrder,
      }
    : {};
  const turn = (page: number, size: number) => {
    setOwn({ current: page, pageSize: size });
    config?.onChange?.(page, size);
    props.onChange?.({ ...config, current: page, pageSize: size }, {}, sorter, {
      action: 'paginate',
      currentDataSource: [...data],
    });
  };

  const empty = props.locale?.emptyText;
  const emptyText = typeof empty === 'function' ? empty() : empty;
  const spinning = typeof props.loading === 'object' ? props.loading.spinning : props.loading;
  const className = (row: T, index: number) =>
    typeof props.rowClassName === 'function' ? props.rowClassName(row, index, 0) : props.rowClassName;

  return (
    <Spin spinning={Boolean(spinning)}>
      <Flex
        component="ul"
        vertical
        gap={8}
        aria-label={props['aria-label']}
        style={{ minWidth: 0, margin: 0, padding: 0, listStyle: 'none' }}
      >
        {shown.length === 0 ? (
          <li style={{ padding: '16px 0', textAlign: 'center' }}>
            {emptyText === undefined ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : emptyText}
          </li>
        ) : (
          shown.map((row) => {
            const index = data.indexOf(row);
            const key = keyOf(row, index);
            const rowProps = onRow?.(row, index) ?? {};
            const check = rowSelection?.getCheckboxProps?.(row);
            const canExpand = expandable?.expandedRowRender && (expandable.rowExpandable?.(row) ?? true);
            const open = expanded.includes(key);
            return (
              <li
                key={key}
                {...rowProps}
                onClick={(e) => {
                  // the checkbox selects; it does not open the row
                  if ((e.target as HTMLElement).closest('.ant-checkbox-wrapper')) return;
                  rowProps.onClick?.(e);
                }}
                onKeyDown={rowProps.onKeyDown}
                className={[className(row, index), rowProps.className].filter(Boolean).join(' ') || undefined}
                style={{
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: token.borderRadiusLG,
                  padding: '10px 12px',
                  background: selected.includes(key) ? token.colorPrimaryBg : token.colorBgContainer,
                  minWidth: 0,
                  overflowWrap: 'anywhere',
                  ...rowProps.style,
                }}
              >
                <Flex align="center" gap={8} wrap>
                  {rowSelection ? (
                    <Checkbox
                      {...check}
                      checked={selected.includes(key)}
                      onChange={(e) => toggle(key, e.target.checked)}
                    />
                  ) : null}
                  <Typography.Text strong style={{ fontSize: 15, flex: '1 1 auto', minWidth: 0 }}>
                    {titleOf(row, index)}
                  </Typography.Text>
                  {tags.map((c) => (
                    <span key={idOf(c)}>{cellOf(c, row, index)}</span>
                  ))}
                </Flex>
                {lines.map((c) => (
                  <div key={idOf(c)} style={{ marginTop: 4 }}>
                    <Typography.Text type="secondary">{labelOf(c)}: </Typography.Text>
                    {cellOf(c, row, index)}
                  </div>
                ))}
                {actions.length > 0 ? (
                  // a tap on an action does only the action, not what a tap on the card does
                  // biome-ignore lint/a11y/noStaticElementInteractions: stops the bubbling only; the buttons inside are the controls
                  // biome-ignore lint/a11y/useKeyWithClickEvents: same
                  <div onClick={(e) => e.stopPropagation()}>
                    <Flex wrap gap={8} align="center" justify="flex-end" style={{ marginTop: 6 }}>
                      {actions.map((c) => (
                        <span key={idOf(c)}>{cellOf(c, row, index)}</span>
                      ))}
                    </Flex>
                  </div>
                ) : null}
                {canExpand ? (
                  <>
                    <Button
                      type="link"
                      size="small"
                      style={{ paddingInline: 0, marginTop: 4 }}
                      aria-expanded={open}
                      onClick={(e) => {
                        e.stopPropagation();
                        setExpanded((keys) => (open ? keys.filter((k) => k !== key) : [...keys, key]));
                      }}
                    >
                      {open ? 'Tutup detail' : 'Lihat detail'}
                    </Button>
                    {open ? expandable.expandedRowRender?.(row, index, 0, true) : null}
                  </>
                ) : null}
              </li>
            );
          })
        )}
      </Flex>
      {config && (config.total ?? data.length) > 0 ? (
        <Pagination
          {...pageProps}
          size="small"
          showSizeChanger={false}
          current={current}
          pageSize={pageSize}
          total={config.total ?? data.length}
          onChange={turn}
          style={{ marginTop: 12, justifyContent: 'center', flexWrap: 'wrap' }}
        />
      ) : null}
    </Spin>
  );
}
