import { SearchOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { Position } from '@itms/contracts/enums';
import type { TTireSnRow, TUnitWheel, TUnitWheels } from '@itms/contracts/unit-fitting';
import { keepPreviousData } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { formatKm, formatNumber } from '../../lib/number-format';
import { useAction, useConfirm } from '../../lib/use-action';
import { useEndpoint } from '../../lib/use-endpoint';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { LOADING } from '../page-frame';
import { VehicleDiagram } from '../vehicle-diagram';

type Action = { kind: 'mount' | 'unmount' | 'move'; wheel: TUnitWheel };

/**
 * 'Pasang ban': the unit's diagram with each position's tire or 'Kosong', and per position the
 * office's moves: Pasang (a stock tire found by serial), Lepas (to stock or scrap, with a reason)
 * and Pindah (to an empty position, or swap). The server checks each move and writes the ledger.
 */
export function UnitFittingModal({ unitId, onClose }: { unitId: number | null; onClose: () => void }) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  // each position of the unit's diagram with its tire or empty
  const wheels = useEndpoint(API.getUnitWheels, { params: { id: unitId ?? 0 } }, { enabled: unitId != null });
  const [action, setAction] = useState<Action | null>(null);
  const data = wheels.data;
  const byPosition = new Map(data?.wheels.map((w) => [w.position, w]));
  const mounted = data?.wheels.filter((w) => w.tire).length ?? 0;

  return (
    <Modal
      open={unitId != null}
      onCancel={onClose}
      title={
        data ? (
          <span>
            Pasang ban · {data.unit.plate_number}{' '}
            <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
              ({data.unit.unit_type})
            </Typography.Text>
          </span>
        ) : (
          'Pasang ban'
        )
      }
      width={desktop ? 1180 : '100%'}
      style={desktop ? undefined : { top: 8, maxWidth: 'calc(100vw - 16px)' }}
      footer={<Button onClick={onClose}>Selesai</Button>}
      destroyOnHidden
    >
      {!data ? (
        wheels.isError ? (
          <Alert type="error" showIcon title="Data unit tidak dapat diambil" />
        ) : (
          <Skeleton active paragraph={{ rows: 8 }} aria-label={LOADING} />
        )
      ) : (
        <Flex vertical gap={12}>
          <Flex wrap gap={8} align="center">
            <Tag color="blue">{data.unit.project}</Tag>
            <Typography.Text type="secondary">
              {mounted} dari {data.wheels.length} posisi terisi ·{' '}
              {data.unit.odometer == null
                ? 'Unit belum punya odometer: km pasang dicatat 0'
                : `Odometer unit ${formatKm(data.unit.odometer)} (dipakai sebagai km pasang)`}
            </Typography.Text>
          </Flex>
          <VehicleDiagram
            unitType={data.unit.unit_type}
            cardHeight={150}
            cardMinWidth={180}
            wheelTone={(p) => (byPosition.get(p)?.tire ? 'normal' : 'muted')}
            renderPosition={(p) => (
              <WheelCard
                position={p}
                wheel={byPosition.get(p)}
                onAction={(kind, wheel) => setAction({ kind, wheel })}
              />
            )}
          />
        </Flex>
      )}
      {data && unitId != null ? (
        <>
          <MountDialog
            unitId={unitId}
            unit={data.unit}
            wheel={action?.kind === 'mount' ? action.wheel : null}
            onClose={() => setAction(null)}
          />
          <UnmountDialog
            unitId={unitId}
            wheel={action?.kind === 'unmount' ? action.wheel : null}
            onClose={() => setAction(null)}
          />
          <MoveDialog
            unitId={unitId}
            wheels={data.wheels}
            wheel={action?.kind === 'move' ? action.wheel : null}
            onClose={() => setAction(null)}
          />
        </>
      ) : null}
    </Modal>
  );
}

function WheelCard({
  position,
  wheel,
  onAction,
}: {
  position: Position;
  wheel: TUnitWheel | undefined;
  onAction: (kind: Action['kind'], wheel: TUnitWheel) => void;
}) {
  const tire = wheel?.tire ?? null;
  return (
    <div
      style={{
        height: '100%',
        minHeight: 128,
        boxSizing: 'border-box',
        border: `1px ${tire ? 'solid #d6deeb' : 'dashed #c5cfdf'}`,
        borderRadius: 10,
        padding: '10px 12px',
        background: tire ? '#fff' : '#f7f9fc',
        display: 'flex',
        flexDirection: 'column',
        gap: 4,
      }}
    >
      <Typography.Text strong style={{ fontSize: 13 }}>
        Posisi {position}
      </Typography.Text>
      {tire ? (
        <>
          <Typography.Text style={{ fontSize: 15, fontWeight: 600 }} ellipsis>
            {tire.serial_number}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {tire.ir_brand || '-'} · {tire.size || '-'}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Km pasang {formatKm(tire.km_installed)}
          </Typography.Text>
        </>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 15, flex: 1 }}>
          Kosong
        </Typography.Text>
      )}
      <Flex gap={6} wrap style={{ marginTop: 'auto' }}>
        {wheel && tire ? (
          <>
            <Button
              size="small"
              onClick={() => onAction('unmount', wheel)}
              aria-label={`Lepas ban posisi ${position}`}
            >
              Lepas
            </Button>
            <Button
              size="small"
              onClick={() => onAction('move', wheel)}
              aria-label={`Pindah ban posisi ${position}`}
            >
              Pindah
            </Button>
          </>
        ) : wheel ? (
          <Button
            size="small"
            type="primary"
            ghost
            onClick={() => onAction('mount', wheel)}
            aria-label={`Pasang ban di posisi ${position}`}
          >
            Pasang
          </Button>
        ) : null}
      </Flex>
    </div>
  );
}

function useDebounced(value: string, ms = 400) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

function MountDialog({
  unitId,
  unit,
  wheel,
  onClose,
}: {
  unitId: number;
  unit: TUnitWheels['unit'];
  wheel: TUnitWheel | null;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES.replacementTireSearch.default);
  const term = useDebounced(text.trim());
  // stock tires (mountable) whose serial starts with the text, paged
  const search = useEndpoint(
    API.listTireSerials,
    { query: { q: term, stock: 'true', page, pageSize } },
    { placeholderData: keepPreviousData, staleTime: 5_000 },
  );
  const confirm = useConfirm();
  const { run, pending } = useAction();

  useEffect(() => {
    if (!wheel) {
      setText('');
      setPage(1);
    }
  }, [wheel]);

  const choose = async (tire: TTireSnRow) => {
    if (!wheel) return;
    const ok = await confirm({
      title: `Pasang ban ${tire.serial_number} di posisi ${wheel.position} ?`,
      content: `${unit.plate_number} · km pasang ${formatKm(unit.odometer ?? 0)}`,
      okText: 'Pasang',
    });
    if (!ok) return;
    await run({
      request: (send) =>
        send(API.mountUnitTire, {
          params: { id: unitId },
          body: { position: wheel.position, tire_id: tire.id },
        }),
      onDone: onClose,
    });
  };

  const columns: TableColumnsType<TTireSnRow> = [
    {
      title: 'S/N',
      dataIndex: 'serial_number',
      key: 'serial_number',
      render: (v: string) => <strong>{v}</strong>,
    },
    { title: 'Ir Brand', dataIndex: 'ir_brand', key: 'ir_brand', render: (v: string) => v || '-' },
    { title: 'Size', dataIndex: 'size', key: 'size', responsive: ['sm'], render: (v: string) => v || '-' },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      responsive: ['sm'],
      render: (v: string) => <Tag color={v === 'SPARE' ? 'gold' : 'green'}>{v}</Tag>,
    },
    {
      title: '',
      key: 'pick',
      align: 'right',
      render: (_, tire) => (
        <Button
          size="small"
          type="primary"
          ghost
          disabled={pending}
          aria-label={`Pilih ${tire.serial_number}`}
          onClick={(e) => {
            e.stopPropagation();
            void choose(tire);
          }}
        >
          Pilih
        </Button>
      ),
    },
  ];

  return (
    <Modal
      open={wheel != null}
      onCancel={onClose}
      title={`Pasang ban · posisi ${wheel?.position ?? ''}`}
      footer={<Button onClick={onClose}>Batal</Button>}
      width={680}
      destroyOnHidden
    >
      <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
        <Form.Item
          label="Cari ban stok (nomor seri)"
          extra="Hanya ban berstatus UNINSTALLED atau SPARE yang tidak terpasang."
        >
          <Input
            autoFocus
            allowClear
            value={text}
            prefix={<SearchOutlined />}
            placeholder="Ketik awal nomor seri"
            aria-label="Cari nomor seri ban stok"
            onChange={(e) => {
              setText(e.target.value);
              setPage(1);
            }}
          />
        </Form.Item>
      </Form>
      <Table<TTireSnRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={search.data?.data ?? []}
        loading={search.isFetching}
        locale={{ emptyText: search.isPending ? LOADING : 'Tidak ada ban stok yang cocok' }}
        pagination={{
          current: page,
          pageSize,
          total: search.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.replacementTireSearch.options.map(String),
          showSizeChanger: true,
          onChange: (p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
          showTotal: (total) => `${formatNumber(total)} ban stok`,
        }}
        scroll={{ x: 'max-content' }}
      />
    </Modal>
  );
}

interface UnmountValues {
  to: 'UNINSTALLED' | 'SCRAP';
  reason: string;
}

function UnmountDialog({
  unitId,
  wheel,
  onClose,
}: {
  unitId: number;
  wheel: TUnitWheel | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<UnmountValues>();
  const { run, pending } = useAction();
  const to = Form.useWatch('to', form);

  const submit = (v: UnmountValues) =>
    wheel &&
    run({
      request: (send) =>
        send(API.unmountUnitTire, {
          params: { id: unitId },
          body: { position: wheel.position, to: v.to, reason: v.reason.trim() },
        }),
      form,
      onDone: onClose,
    });

  return (
    <Modal
      open={wheel != null}
      onCancel={() => !pending && onClose()}
      title={`Lepas ban ${wheel?.tire?.serial_number ?? ''} · posisi ${wheel?.position ?? ''}`}
      okText={to === 'SCRAP' ? 'Lepas & Scrap' : 'Lepas ke stok'}
      okButtonProps={{ danger: to === 'SCRAP', htmlType: 'submit', form: 'unmount-tire', loading: pending }}
      cancelText="Batal"
      destroyOnHidden
    >
      <Form<UnmountValues>
        form={form}
        id="unmount-tire"
        layout="vertical"
        initialValues={{ to: 'UNINSTALLED', reason: '' }}
        onFinish={submit}
        disabled={pending}
      >
        <Form.Item name="to" label="Tujuan">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'UNINSTALLED', label: 'Lepas ke stok' },
              { value: 'SCRAP', label: 'Scrap' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label="Alasan"
          rules={[{ required: true, whitespace: true, message: 'Alasan wajib diisi' }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={500}
            placeholder="Contoh: rotasi, aus, sobek"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MoveDialog({
  unitId,
  wheels,
  wheel,
  onClose,
}: {
  unitId: number;
  wheels: TUnitWheel[];
  wheel: TUnitWheel | null;
  onClose: () => void;
}) {
  const [target, setTarget] = useState<Position | undefined>();
  const { run, pending } = useAction();
  useEffect(() => {
    if (!wheel) setTarget(undefined);
  }, [wheel]);
  const other = wheels.find((w) => w.position === target)?.tire;

  const submit = () =>
    wheel &&
    target &&
    run({
      request: (send) =>
        send(API.moveUnitTire, { params: { id: unitId }, body: { from: wheel.position, to: target } }),
      onDone: onClose,
    });

  return (
    <Modal
      open={wheel != null}
      onCancel={() => !pending && onClose()}
      title={`Pindah ban ${wheel?.tire?.serial_number ?? ''} · dari posisi ${wheel?.position ?? ''}`}
      okText={other ? 'Tukar' : 'Pindah'}
      okButtonProps={{ disabled: !target, loading: pending }}
      cancelText="Batal"
      onOk={submit}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="Ke posisi" extra="Posisi kosong: ban dipindah. Posisi terisi: kedua ban ditukar.">
          <Select<Position>
            aria-label="Ke posisi"
            placeholder="Pilih posisi tujuan"
            value={target}
            onChange={setTarget}
            options={wheels
              .filter((w) => w.position !== wheel?.position)
              .map((w) => ({
                value: w.position,
                label: `Posisi ${w.position} · ${w.tire ? `${w.tire.serial_number} (tukar)` : 'Kosong'}`,
              }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
