import { BarChartOutlined, FieldTimeOutlined, PlusOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { ROLE_LABELS } from '@itms/contracts/enums';
import type { TUnitRow } from '@itms/contracts/master-data';
import {
  CALL_ACTION_LABELS,
  CALL_STATUS_LABELS,
  CALL_TRANSITIONS,
  type CallStatus,
  OPEN_CALL_STATUSES,
} from '@itms/contracts/rules/storing';
import {
  BREAKDOWN_CAUSE_LABELS,
  BREAKDOWN_CAUSES,
  CALL_PRIORITIES,
  CALL_PRIORITY_LABELS,
  TARGET_SCOPE_LABELS,
  type TCallCreateBody,
  type TCallRow,
  type TCallSuggestion,
} from '@itms/contracts/storing';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Segmented,
  Select,
  type TableColumnsType,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BreachTags, CallStatusTag, CallStatusTags } from '../../components/call-status';
import { ListSearch, openableRow } from '../../components/list-controls';
import { LoadError } from '../../components/load-error';
import { LOADING, PageCard, PageHeading } from '../../components/page-frame';
import { RemoteSelect } from '../../components/remote-select';
import { ResponsiveTable } from '../../components/responsive-table';
import { appTime, formatDateTime } from '../../lib/dayjs';
import { mapLink } from '../../lib/map-link';
import { getStoredUser } from '../../lib/storage';
import { useAction, useConfirm } from '../../lib/use-action';
import { useCloseGuard } from '../../lib/use-close-guard';
import { useEndpoint } from '../../lib/use-endpoint';
import { usePagedList } from '../../lib/use-paged-list';
import { useSocketEvent } from '../../lib/use-socket-event';
import { durationText } from './duration-text';
import { StoringReportDrawer } from './storing-report';
import { minutesText, TargetsModal } from './targets-modal';

const SIZES = { options: [10, 25, 50], default: 25 } as const;
const VIEWS = [
  { value: 'open', label: 'Terbuka' },
  { value: 'all', label: 'Semua' },
  { value: 'done', label: 'Selesai' },
  { value: 'cancelled', label: 'Dibatalkan' },
] as const;
type View = (typeof VIEWS)[number]['value'];

const isOpen = (s: CallStatus) => OPEN_CALL_STATUSES.includes(s);

/** Minutes since the call for an open one, the roll time for a closed one. */
const elapsed = (c: TCallRow) =>
  c.roll_minutes ?? (isOpen(c.status) ? appTime().diff(appTime(c.called_at), 'minute') : null);

const columns: TableColumnsType<TCallRow> = [
  {
    key: 'plate_number',
    title: 'No. Polisi',
    render: (_v, c) => <Link to={`/unit/${c.unit_id}`}>{c.plate_number}</Link>,
  },
  {
    key: 'status',
    title: 'Status',
    render: (_v, c) => <CallStatusTags call={c} />,
  },
  {
    key: 'cause',
    title: 'Kejadian',
    render: (_v, c) => (
      <>
        {BREAKDOWN_CAUSE_LABELS[c.cause]}
        {c.priority === 'tinggi' && (
          <Tag color="red" style={{ marginInlineStart: 6 }}>
            Prioritas tinggi
          </Tag>
        )}
      </>
    ),
  },
  { key: 'location_text', dataIndex: 'location_text', title: 'Lokasi', ellipsis: true, width: 220 },
  { key: 'tireman_name', title: 'Tire Man', render: (_v, c) => c.tireman_name ?? 'Belum ditugaskan' },
  { key: 'called_at', title: 'Dipanggil', render: (_v, c) => formatDateTime(c.called_at) },
  {
    key: 'elapsed',
    title: 'Roll time',
    render: (_v, c) =>
      c.status === 'cancelled'
        ? '-'
        : `${durationText(elapsed(c))}${c.roll_minutes == null ? ' (berjalan)' : ''}`,
  },
];

/**
 * /storing (issue 38): breakdown calls. The open ones wait longest first; a call is logged in the
 * 'Catat panggilan' form, assigned to a tire man and followed step by step in its drawer. The list
 * follows every change live (socket 'storing-call').
 */
export default function StoringPage() {
  const [params] = useSearchParams();
  const view = (VIEWS.find((v) => v.value === params.get('status'))?.value ?? 'open') as View;
  const list = usePagedList({
    endpoint: API.listCalls,
    sizes: SIZES,
    filters: { status: view },
    emptyText: view === 'open' ? 'Tidak ada panggilan storing terbuka' : 'Belum ada panggilan storing',
  });
  const [creating, setCreating] = useState(false);
  const [targetsOpen, setTargetsOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const queryClient = useQueryClient();
  useSocketEvent('storing-call', () => {
    void queryClient.invalidateQueries({ queryKey: ['storing'] });
  });

  return (
    <PageCard>
      <PageHeading
        extra={
          <Flex gap={8} wrap>
            <Button icon={<BarChartOutlined />} onClick={() => setReportOpen(true)}>
              Laporan
            </Button>
            <Button icon={<FieldTimeOutlined />} onClick={() => setTargetsOpen(true)}>
              Target waktu
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              Catat panggilan
            </Button>
          </Flex>
        }
      />
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Segmented
          aria-label="Status panggilan"
          value={view}
          options={VIEWS.map((v) => ({ value: v.value, label: v.label }))}
          onChange={(v) => list.update({ status: v === 'open' ? undefined : v, page: undefined })}
        />
        <ListSearch value={list.q} onSearch={list.setSearch} placeholder="Cari no. polisi" />
      </Flex>
      <ResponsiveTable<TCallRow>
        aria-label="Panggilan storing"
        rowKey="id"
        columns={columns}
        {...list.tableProps}
        onRow={openableRow((c) => setOpenId(c.id))}
        card={{ title: 'plate_number', tags: ['status'], lines: ['cause', 'tireman_name', 'elapsed'] }}
      />
      <CallFormModal open={creating} onClose={() => setCreating(false)} onCreated={(id) => setOpenId(id)} />
      {/* one per call: what was picked for one call is not offered for the next */}
      <CallDrawer key={openId ?? 0} id={openId} onClose={() => setOpenId(null)} />
      <StoringReportDrawer open={reportOpen} onClose={() => setReportOpen(false)} />
      <TargetsModal
        open={targetsOpen}
        onClose={() => setTargetsOpen(false)}
        canEdit={getStoredUser()?.role === 'admin'}
      />
    </PageCard>
  );
}

type FormValues = Omit<TCallCreateBody, 'positions'> & { positions?: string[] };

/** Catat panggilan: what the caller says, in the order he says it. */
function CallFormModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const { run, pending } = useAction();
  const { close, load } = useCloseGuard(form, onClose, { busy: pending });
  useEffect(() => {
    if (open) load({ priority: 'normal' });
  }, [open, load]);

  const submit = async (v: FormValues) => {
    await run({
      request: (send) => send(API.createCall, { body: { ...v, positions: v.positions ?? [] } }),
      form,
      onDone: (reply) => {
        onClose();
        onCreated(reply.data.id);
      },
    });
  };

  return (
    <Modal
      open={open}
      title="Catat panggilan storing"
      onCancel={close}
      okText="Simpan"
      cancelText="Batal"
      onOk={() => form.submit()}
      confirmLoading={pending}
      destroyOnHidden
      width={640}
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={submit} requiredMark="optional">
        <Form.Item
          name="unit_id"
          label="Unit (no. polisi)"
          rules={[{ required: true, message: 'Unit wajib dipilih' }]}
        >
          <RemoteSelect<TUnitRow>
            list={API.listUnits}
            get={API.getUnit}
            sort="plate_number"
            labelOf={(u) => `${u.plate_number} · ${u.unit_type}`}
            placeholder="Ketik no. polisi"
          />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item
            name="cause"
            label="Kejadian"
            style={{ flex: '1 1 200px' }}
            rules={[{ required: true, message: 'Kejadian wajib dipilih' }]}
          >
            <Select
              placeholder="Pilih kejadian"
              options={BREAKDOWN_CAUSES.map((c) => ({ value: c, label: BREAKDOWN_CAUSE_LABELS[c] }))}
            />
          </Form.Item>
          <Form.Item name="positions" label="Posisi ban (bila diketahui)" style={{ flex: '1 1 200px' }}>
            <Select mode="tags" placeholder="Mis. 3, 4" tokenSeparators={[',', ' ']} open={false} />
          </Form.Item>
        </Flex>
        <Form.Item
          name="location_text"
          label="Lokasi"
          rules={[{ required: true, message: 'Lokasi wajib diisi' }]}
        >
          <Input placeholder="Mis. Tol Cikampek KM 47 arah Jakarta" maxLength={300} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item
            name="caller_name"
            label="Nama penelepon"
            style={{ flex: '1 1 200px' }}
            rules={[{ required: true, message: 'Nama penelepon wajib diisi' }]}
          >
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item
            name="caller_phone"
            label="Nomor penelepon"
            style={{ flex: '1 1 200px' }}
            rules={[{ required: true, message: 'Nomor penelepon wajib diisi' }]}
          >
            <Input inputMode="tel" maxLength={24} />
          </Form.Item>
        </Flex>
        <Form.Item name="priority" label="Prioritas">
          <Radio.Group
            optionType="button"
            options={CALL_PRIORITIES.map((p) => ({ value: p, label: CALL_PRIORITY_LABELS[p] }))}
          />
        </Form.Item>
        <Form.Item name="note" label="Catatan">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The next step of an open call the office may record for its tire man (he phoned it in). */
function nextStep(status: CallStatus) {
  return CALL_TRANSITIONS.find((t) => t.who === 'assignee' && t.from.includes(status));
}

/** A call: what was said, who has it, each step timed; Tugaskan, the next step, Batalkan. */
function CallDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useEndpoint(API.getCall, { params: { id: id ?? 0 } }, { enabled: id != null });
  // the likeliest tire men first (signed in, the unit's project, its region, fewest open calls)
  const tireMen = useEndpoint(API.listCallSuggestions, { params: { id: id ?? 0 } }, { enabled: id != null });
  const { run, pending } = useAction();
  const confirm = useConfirm();
  const [assignee, setAssignee] = useState<number>();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const c = detail.data;
  const canAssign = c && CALL_TRANSITIONS.find((t) => t.action === 'assign')!.from.includes(c.status);
  const step = c && c.tireman_id != null ? nextStep(c.status) : undefined;

  const assign = async () => {
    if (!c || !assignee) return;
    const name = tireMen.data?.data.find((t) => t.id === assignee)?.name ?? '';
    const ok = await confirm({
      title: `Tugaskan ke ${name} ?`,
      content: c.tireman_name ? `${c.tireman_name} tidak lagi memegang panggilan ini.` : undefined,
      okText: 'Tugaskan',
    });
    if (ok)
      await run({
        request: (send) => send(API.assignCall, { params: { id: c.id }, body: { tireman_id: assignee } }),
      });
  };

  return (
    <Drawer
      open={id != null}
      onClose={onClose}
      title={c ? `Storing ${c.plate_number}` : 'Storing'}
      size="large"
      destroyOnHidden
    >
      {detail.isError ? (
        <LoadError error={detail.error} onRetry={() => detail.refetch()} />
      ) : !c ? (
        <Typography.Text type="secondary">{LOADING}</Typography.Text>
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={8} align="center" wrap>
            <CallStatusTag status={c.status} />
            <Typography.Text aria-label="Roll time">
              Roll time: {durationText(elapsed(c))}
              {c.roll_minutes == null && isOpen(c.status) ? ' (berjalan)' : ''}
            </Typography.Text>
            <Typography.Text type="secondary">Respon: {durationText(c.response_minutes)}</Typography.Text>
            <BreachTags call={c} />
          </Flex>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'cause', label: 'Kejadian', children: BREAKDOWN_CAUSE_LABELS[c.cause] },
              { key: 'positions', label: 'Posisi', children: c.positions.join(', ') || '-' },
              {
                key: 'location',
                label: 'Lokasi',
                children:
                  c.lat != null && c.lng != null ? (
                    <a href={mapLink(c.lat, c.lng)} target="_blank" rel="noreferrer">
                      {c.location_text}
                    </a>
                  ) : (
                    c.location_text
                  ),
              },
              { key: 'region', label: 'Region', children: c.region_name ?? '-' },
              { key: 'caller', label: 'Penelepon', children: `${c.caller_name} · ${c.caller_phone}` },
              { key: 'priority', label: 'Prioritas', children: CALL_PRIORITY_LABELS[c.priority] },
              {
                key: 'target',
                label: 'Target',
                children: c.target
                  ? `Respons ${minutesText(c.target.response_minutes)} · roll time ${minutesText(c.target.roll_minutes)} (${c.target.scope === 'default' ? 'bawaan' : TARGET_SCOPE_LABELS[c.target.scope]})`
                  : 'Belum ada target',
              },
              {
                key: 'tireman',
                label: ROLE_LABELS['tire-man'],
                children: c.tireman_name ?? 'Belum ditugaskan',
              },
              ...(c.note ? [{ key: 'note', label: 'Catatan', children: c.note }] : []),
              ...(c.replacement_id
                ? [
                    {
                      key: 'replacement',
                      label: 'Pergantian',
                      children: (
                        <Link to={`/pergantian/${c.replacement_id}`}>Pergantian #{c.replacement_id}</Link>
                      ),
                    },
                  ]
                : []),
              ...(c.mismatch_id
                ? [{ key: 'mismatch', label: 'BKB', children: `BKB #${c.mismatch_id}` }]
                : []),
              ...(c.cancel_reason
                ? [{ key: 'cancel', label: 'Alasan batal', children: c.cancel_reason }]
                : []),
            ]}
          />
          {canAssign && (
            <Flex gap={8} wrap>
              <Select
                aria-label="Tire man"
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Pilih tire man"
                style={{ flex: '1 1 220px' }}
                value={assignee}
                onChange={setAssignee}
                options={(tireMen.data?.data ?? []).map((t) => ({ value: t.id, label: t.name, hint: t }))}
                optionRender={(o) => <SuggestionOption s={o.data.hint} />}
                // two-line options: the virtual list measures one line each and jumps on scroll
                virtual={false}
              />
              <Button type="primary" disabled={!assignee || pending} onClick={() => void assign()}>
                {CALL_ACTION_LABELS.assign}
              </Button>
            </Flex>
          )}
          <Flex gap={8} wrap>
            {step && (
              <Button
                disabled={pending}
                onClick={() =>
                  void run({
                    request: (send) =>
                      send(API.stepCall, { params: { id: c.id }, body: { action: step.action as 'accept' } }),
                  })
                }
              >
                Catat: {CALL_ACTION_LABELS[step.action]}
              </Button>
            )}
            {isOpen(c.status) && (
              <Button danger disabled={pending} onClick={() => setCancelling(true)}>
                {CALL_ACTION_LABELS.cancel}
              </Button>
            )}
          </Flex>
          <Typography.Title level={5} style={{ margin: 0 }}>
            Riwayat
          </Typography.Title>
          <Timeline
            items={[
              { key: 'called', children: `Dipanggil · ${formatDateTime(c.called_at)}` },
              ...c.events.map((e) => ({
                key: e.id,
                color: e.action === 'cancel' ? 'red' : e.status === 'done' ? 'green' : 'blue',
                children: (
                  <>
                    {CALL_STATUS_LABELS[e.status]}
                    {e.tireman_name ? ` ke ${e.tireman_name}` : ''} · {formatDateTime(e.at)}
                    {e.by_name && <Typography.Text type="secondary"> · oleh {e.by_name}</Typography.Text>}
                    {e.note && <div>{e.note}</div>}
                  </>
                ),
              })),
            ]}
          />
          <Modal
            open={cancelling}
            title="Batalkan panggilan ini ?"
            okText="Batalkan panggilan"
            okButtonProps={{ danger: true, disabled: reason.trim() === '' || pending }}
            cancelText="Kembali"
            onCancel={() => setCancelling(false)}
            onOk={() =>
              void run({
                request: (send) => send(API.cancelCall, { params: { id: c.id }, body: { reason } }),
                onDone: () => {
                  setCancelling(false);
                  setReason('');
                },
              })
            }
          >
            <Input.TextArea
              aria-label="Alasan"
              placeholder="Alasan pembatalan"
              rows={3}
              maxLength={300}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Modal>
        </Flex>
      )}
    </Drawer>
  );
}

/** A tire man in the assignment list: his name, then why he is suggested (or what speaks against). */
function SuggestionOption({ s }: { s: TCallSuggestion }) {
  const hints = [
    s.signed_in ? 'online' : 'tidak login',
    ...(s.same_project ? ['project unit ini'] : []),
    ...(s.same_region ? ['di region ini'] : []),
    s.open_calls ? `${s.open_calls} panggilan terbuka` : 'tanpa panggilan terbuka',
  ];
  return (
    <Flex vertical>
      <span>{s.name}</span>
      <Typography.Text type={s.signed_in ? 'secondary' : 'warning'} style={{ fontSize: 12 }}>
        {hints.join(' · ')}
      </Typography.Text>
    </Flex>
  );
}
