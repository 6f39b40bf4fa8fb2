import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Endpoint } from '@itms/contracts/endpoint';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Flex,
  Form,
  type FormInstance,
  Modal,
  Spin,
  type TableColumnsType,
  type TableProps,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call, endpointKey } from '../lib/api-client';
import { useAction, useConfirm } from '../lib/use-action';
import { useCloseGuard } from '../lib/use-close-guard';
import { usePagedList } from '../lib/use-paged-list';
import { ListSearch, openableRow } from './list-controls';
import { optionalMark } from './optional-mark';
import { LOADING, PageCard, PageHeading } from './page-frame';
import { type CardLayout, ResponsiveTable } from './responsive-table';

type Scalar = string | number | undefined;
export type FormMode = 'add' | 'edit';

export interface CrudFormContext<T> {
  form: FormInstance;
  mode: FormMode;
  /** The record being edited (fresh from the resource's `get`). */
  record?: T;
}

/** A master-data resource's operations: a paged list, and get, update, delete by `{ id }`. */
export interface CrudResource {
  list: Endpoint;
  get: Endpoint;
  create: Endpoint;
  update: Endpoint;
  remove: Endpoint;
}

export interface CrudPageProps<T extends { id: number }, V extends object> {
  /** The resource's operations, from the endpoint table (`API.listUnits`, `API.getUnit`, ...). */
  resource: CrudResource;
  /** What a record is called in confirmations: 'Unit', 'Project', 'Berita'. */
  noun: string;
  sizes: { readonly options: readonly number[]; readonly default: number };
  /** antd columns; a sortable column has `sorter: true` and its server sort name as `key`. */
  columns: TableColumnsType<T>;
  searchPlaceholder: string;
  addLabel: string;
  /** Label of a record in the 'Ubah ...' button and the edit title, e.g. its plate number. */
  labelOf: (row: T) => string;
  /** URL filters (besides page, size, sort, q) and their controls. */
  filters?: {
    keys: readonly string[];
    render: (
      values: Record<string, string | undefined>,
      set: (key: string, value: Scalar) => void,
    ) => ReactNode;
  };
  /** More buttons beside the add button (import). */
  toolbarExtra?: ReactNode;
  /** Form fields, inside an antd Form in vertical layout. */
  renderFields: (ctx: CrudFormContext<T>) => ReactNode;
  /** Values of a new record. */
  initialValues?: () => Partial<V>;
  /** Form values of a stored record. */
  toValues: (row: T) => V;
  /** Request body of the form values. */
  toBody: (values: V) => unknown;
  /** Labels of the fields that must be filled before the form can be sent (button disabled until then). */
  missing?: (values: Partial<V>) => string[];
  modalWidth?: number;
  /** What a click on a row does instead of opening the form (the unit list opens the unit page). */
  onOpenRow?: (row: T) => void;
  /**
   * A row's card on a phone. Default: `labelOf` as the title, then the columns after the first two
   * (a master-data list starts with the ID and the record's name, which the title shows).
   */
  card?: CardLayout<T>;
}

/** What the add/edit form of a resource needs: CrudPage's props without the list's. */
export type CrudFormProps<T extends { id: number }, V extends object> = Pick<
  CrudPageProps<T, V>,
  | 'resource'
  | 'noun'
  | 'addLabel'
  | 'renderFields'
  | 'initialValues'
  | 'toValues'
  | 'toBody'
  | 'missing'
  | 'modalWidth'
>;

/**
 * A master-data screen: server-paged, searchable, sortable list (page, size, sort and search in the
 * URL); 'Tambah ...' and a click on a row open the form; add, update and delete ask first, show the
 * server's text and reload the list.
 */
export function CrudPage<T extends { id: number }, V extends object>(props: CrudPageProps<T, V>) {
  const { resource, sizes, columns, filters } = props;
  const [params] = useSearchParams();
  const filterValues = useMemo(
    () => Object.fromEntries((filters?.keys ?? []).map((k) => [k, params.get(k) ?? undefined])),
    [filters?.keys, params],
  );
  const list = usePagedList<Endpoint, T>({ endpoint: resource.list, sizes, filters: filterValues });
  const [editing, setEditing] = useState<{ mode: FormMode; id?: number; label?: string } | null>(null);

  const setFilter = (key: string, value: Scalar) =>
    list.update({ [key]: value === undefined ? undefined : String(value), page: undefined });

  const tableColumns: TableColumnsType<T> = [
    ...columns.map((c) => (c.sorter ? { ...c, sortOrder: list.sortOrder(String(c.key)) } : c)),
    {
      key: 'actions',
      title: '',
      width: 56,
      align: 'center',
      render: (_: unknown, row: T) => (
        <Tooltip title="Ubah">
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={`Ubah ${props.labelOf(row)}`}
            onClick={() => setEditing({ mode: 'edit', id: row.id, label: props.labelOf(row) })}
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <PageCard>
      <PageHeading
        extra={
          <>
            {props.toolbarExtra}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })}>
              {props.addLabel}
            </Button>
          </>
        }
      />
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <ListSearch value={list.q} onSearch={list.setSearch} placeholder={props.searchPlaceholder} />
        {filters?.render(filterValues, setFilter)}
        <Tooltip title="Muat ulang">
          <Button
            aria-label="Muat ulang"
            icon={<ReloadOutlined />}
            onClick={() => list.refetch()}
            loading={list.isFetching}
          />
        </Tooltip>
      </Flex>
      <CrudTable<T>
        tableProps={list.tableProps}
        columns={tableColumns}
        label={`Daftar ${props.noun}`}
        card={
          props.card ?? {
            title: props.labelOf,
            lines: columns.slice(2, 2 + CARD_LINES).map((c) => String(c.key)),
          }
        }
        onOpen={
          props.onOpenRow ?? ((row) => setEditing({ mode: 'edit', id: row.id, label: props.labelOf(row) }))
        }
      />
      <CrudFormModal<T, V> {...props} editing={editing} onClose={() => setEditing(null)} />
    </PageCard>
  );
}

const CARD_LINES = 3;

function CrudTable<T extends { id: number }>({
  tableProps,
  columns,
  label,
  card,
  onOpen,
}: {
  tableProps: TableProps<T>;
  columns: TableColumnsType<T>;
  label: string;
  card: CardLayout<T>;
  onOpen: (row: T) => void;
}) {
  return (
    <ResponsiveTable<T>
      {...tableProps}
      rowKey="id"
      columns={columns}
      card={card}
      aria-label={label}
      onRow={openableRow(onOpen)}
      size="middle"
      // the sort hint only on the arrows: over the whole header it covers the toolbar above
      showSorterTooltip={{ target: 'sorter-icon' }}
    />
  );
}

/**
 * The add/edit form of a resource in a modal (CrudPage's, and the unit page's 'Ubah'): fetches the
 * record, asks before saving or deleting, reloads the resource's queries.
 */
export function CrudFormModal<T extends { id: number }, V extends object>(
  props: CrudFormProps<T, V> & {
    editing: { mode: FormMode; id?: number; label?: string } | null;
    onClose: () => void;
    /** After a delete (the unit page leaves for the list). */
    onDeleted?: () => void;
  },
) {
  const { editing, onClose, resource, noun } = props;
  const [form] = Form.useForm();
  const confirm = useConfirm();
  const { run, pending } = useAction();
  const open = editing !== null;
  const mode = editing?.mode ?? 'add';
  const id = editing?.id;

  // choosing a row fetches the record and fills the form with it (spec section 4)
  const record = useQuery({
    queryKey: endpointKey(resource.get, { params: { id } }),
    queryFn: ({ signal }) => call(resource.get, { params: { id } }, { signal }) as Promise<T>,
    enabled: open && mode === 'edit' && id !== undefined,
    staleTime: 0,
    gcTime: 0,
  });

  const { close, load } = useCloseGuard(form, onClose, { busy: pending });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once per opened record, not per render
  useEffect(() => {
    if (!open) return;
    if (mode === 'add') load((props.initialValues?.() ?? {}) as object);
    else if (record.data) load(props.toValues(record.data) as object);
  }, [open, mode, record.data, load]);

  const values = (Form.useWatch([], form) ?? {}) as Partial<V>;
  const missing = open ? (props.missing?.(values) ?? []) : [];
  const loadingRecord = mode === 'edit' && (record.isPending || record.isFetching) && !record.data;

  const submit = async (v: V) => {
    const adding = mode === 'add';
    const ok = await confirm({
      title: adding ? `Tambah data ${noun} ?` : `Update data ${noun} ?`,
      content: adding
        ? `${noun} baru akan disimpan.`
        : `Perubahan ${noun} ${editing?.label ?? ''} akan disimpan.`.replace(/\s+/g, ' '),
      okText: adding ? 'Tambah' : 'Update',
    });
    if (!ok) return;
    const body = props.toBody(v);
    await run({
      request: (send) =>
        adding
          ? send(resource.create, { body })
          : send(resource.update, { params: { id: id as number }, body }),
      form,
      onDone: onClose,
    });
  };

  const remove = async () => {
    const ok = await confirm({
      title: `Hapus data ${noun} ?`,
      content: `${noun} ${editing?.label ?? ''} akan dihapus dan tidak dapat dikembalikan.`.replace(
        /\s+/g,
        ' ',
      ),
      okText: 'Hapus',
      danger: true,
    });
    if (!ok) return;
    await run({
      request: (send) => send(resource.remove, { params: { id: id as number } }),
      onDone: () => {
        onClose();
        props.onDeleted?.();
      },
    });
  };

  const submitButton = (
    <Button
      type="primary"
      htmlType="submit"
      form={`${resource.list.operationId}-form`}
      loading={pending}
      disabled={missing.length > 0}
    >
      {mode === 'add' ? 'Simpan' : 'Update'}
    </Button>
  );

  return (
    <Modal
      open={open}
      title={mode === 'add' ? props.addLabel : `Ubah ${noun}${editing?.label ? `: ${editing.label}` : ''}`}
      onCancel={close}
      width={props.modalWidth ?? 560}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Flex vertical gap={8}>
          {missing.length > 0 && !loadingRecord ? (
            <Typography.Text type="secondary" style={{ fontSize: 13, textAlign: 'start' }} role="status">
              Lengkapi dahulu: {missing.join(', ')}
            </Typography.Text>
          ) : null}
          <Flex justify="space-between" gap={8} wrap>
            <div>
              {mode === 'edit' ? (
                <Button danger icon={<DeleteOutlined />} onClick={remove} disabled={pending || loadingRecord}>
                  Hapus
                </Button>
              ) : null}
            </div>
            <Flex gap={8}>
              <Button onClick={close} disabled={pending}>
                Keluar
              </Button>
              {missing.length > 0 ? (
                <Tooltip title={`Lengkapi dahulu: ${missing.join(', ')}`}>{submitButton}</Tooltip>
              ) : (
                submitButton
              )}
            </Flex>
          </Flex>
        </Flex>
      }
    >
      {loadingRecord ? (
        <Flex vertical align="center" gap={8} style={{ padding: '32px 0' }}>
          <Spin />
          <Typography.Text type="secondary">{LOADING}</Typography.Text>
        </Flex>
      ) : null}
      <Form
        form={form}
        id={`${resource.list.operationId}-form`}
        layout="vertical"
        requiredMark={optionalMark}
        onFinish={submit}
        disabled={pending}
        style={{ display: loadingRecord ? 'none' : undefined, marginTop: 8 }}
        scrollToFirstError
      >
        {props.renderFields({ form, mode, record: record.data })}
      </Form>
    </Modal>
  );
}
