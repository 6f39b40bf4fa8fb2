import { MISMATCH_ACTIONS, type MismatchAction } from '@itms/contracts/enums';
import { MISMATCH_ACTION_LABELS, type TMismatchPosition } from '@itms/contracts/mismatches';
import { Card, Flex, Segmented, Table, type TableColumnsType, Typography } from 'antd';
import { actionOf, type ChosenTire, canUpdate, type PositionChoice, sameSerial } from './position-plan';
import { SerialAutoComplete } from './serial-autocomplete';

export interface PositionsEditorProps {
  positions: readonly TMismatchPosition[];
  choices: Readonly<Record<string, PositionChoice>>;
  onSerial: (position: TMismatchPosition, serial: string, tire: ChosenTire | null) => void;
  onAction: (position: TMismatchPosition, action: MismatchAction) => void;
  disabled?: boolean;
  /** Cards instead of a table on phones. */
  compact?: boolean;
}

/** The chosen action stands out: blue mounts, red empties, neutral keeps. */
const ACTION_COLORS: Record<MismatchAction, string> = {
  update: '#1d4ed8',
  normal: 'rgba(0,0,0,0.88)',
  delete: '#cf1322',
};

function TireText({ serial, brand, empty }: { serial?: string; brand?: string; empty: string }) {
  if (!serial) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <span>
      <Typography.Text strong>{serial}</Typography.Text>
      {brand ? (
        <>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {brand}
          </Typography.Text>
        </>
      ) : null}
    </span>
  );
}

function Sebelum({ p }: { p: TMismatchPosition }) {
  return <TireText serial={p.originTire?.serialNumber} brand={p.originTire?.irBrand} empty="Kosong" />;
}

/** What happens to the position, in words under the controls. */
function outcome(p: TMismatchPosition, c: PositionChoice): { text: string; warn?: boolean } {
  const action = actionOf(p, c);
  if (action === 'delete') {
    return { text: p.originTire ? `Ban ${p.originTire.serialNumber} dilepas` : 'Posisi tetap kosong' };
  }
  if (action === 'normal') return { text: p.originTire ? 'Tidak ada perubahan' : 'Posisi tetap kosong' };
  const known = c.tire && sameSerial(c.tire.serialNumber, c.serial);
  if (!known) return { text: 'Nomor seri belum ada di daftar ban', warn: true };
  return { text: `Dipasang: ${c.tire?.serialNumber}${c.tire?.irBrand ? ` (${c.tire.irBrand})` : ''}` };
}

function Sesudah({ p, c, props }: { p: TMismatchPosition; c: PositionChoice; props: PositionsEditorProps }) {
  const o = outcome(p, c);
  return (
    <Flex vertical gap={4} style={{ minWidth: 200 }}>
      <SerialAutoComplete
        label={`Sesudah posisi ${p.position}`}
        value={c.empty ? '' : c.serial}
        placeholder={c.empty ? 'Kosong' : undefined}
        disabled={props.disabled || c.empty}
        onChange={(serial, tire) => props.onSerial(p, serial, tire)}
      />
      <Typography.Text type={o.warn ? 'warning' : 'secondary'} style={{ fontSize: 12 }}>
        {o.text}
      </Typography.Text>
    </Flex>
  );
}

function Aksi({
  p,
  c,
  props,
  block,
}: {
  p: TMismatchPosition;
  c: PositionChoice;
  props: PositionsEditorProps;
  block?: boolean;
}) {
  const updatable = canUpdate(p, c);
  const current = actionOf(p, c);
  return (
    <Segmented<MismatchAction>
      aria-label={`Aksi posisi ${p.position}`}
      name={`aksi-${p.position}`}
      block={block}
      disabled={props.disabled}
      value={current}
      onChange={(action) => props.onAction(p, action)}
      options={MISMATCH_ACTIONS.map((a) => ({
        value: a,
        label: (
          <span style={a === current ? { color: ACTION_COLORS[a], fontWeight: 600 } : undefined}>
            {MISMATCH_ACTION_LABELS[a]}
          </span>
        ),
        disabled: a === 'update' && !updatable,
        title:
          a === 'update' && !updatable
            ? 'Pilih nomor seri lain pada kolom Sesudah'
            : a === 'update'
              ? 'Pasang ban Sesudah'
              : a === 'normal'
                ? 'Tetap ban Sebelum'
                : 'Kosongkan posisi',
      }))}
    />
  );
}

/** Posisi, Sebelum, Sesudah, Aksi for every position of the BKB. */
export function PositionsEditor(props: PositionsEditorProps) {
  const { positions, choices, compact } = props;
  if (compact) {
    return (
      <Flex vertical gap={10}>
        {positions.map((p) => {
          const c = choices[p.position]!;
          return (
            <Card
              key={p.id}
              size="small"
              title={`Posisi ${p.position}`}
              role="group"
              aria-label={`Posisi ${p.position}`}
            >
              <Flex vertical gap={10}>
                <Flex gap={8}>
                  <Typography.Text type="secondary" style={{ width: 64, flex: 'none' }}>
                    Sebelum
                  </Typography.Text>
                  <Sebelum p={p} />
                </Flex>
                <Flex gap={8}>
                  <Typography.Text type="secondary" style={{ width: 64, flex: 'none', paddingTop: 5 }}>
                    Sesudah
                  </Typography.Text>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Sesudah p={p} c={c} props={props} />
                  </div>
                </Flex>
                <Aksi p={p} c={c} props={props} block />
              </Flex>
            </Card>
          );
        })}
      </Flex>
    );
  }

  const columns: TableColumnsType<TMismatchPosition> = [
    { key: 'position', title: 'Posisi', dataIndex: 'position', width: 72, align: 'center' },
    { key: 'before', title: 'Sebelum', width: 180, render: (_, p) => <Sebelum p={p} /> },
    {
      key: 'after',
      title: 'Sesudah',
      render: (_, p) => <Sesudah p={p} c={choices[p.position]!} props={props} />,
    },
    {
      key: 'action',
      title: 'Aksi',
      width: 230,
      render: (_, p) => <Aksi p={p} c={choices[p.position]!} props={props} />,
    },
  ];
  return (
    <Table<TMismatchPosition>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={positions as TMismatchPosition[]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'Tidak ada data' }}
    />
  );
}
