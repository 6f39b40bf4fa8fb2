import { SaveOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import {
  PRESSURE_TOLERANCE,
  type TSizePressure,
  ZSizePressureUpdate,
} from '@itms/contracts/tire-intelligence';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, InputNumber, Modal, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { LoadError } from '../../components/load-error';
import { call } from '../../lib/api-client';
import { showApiError, toast } from '../../lib/feedback';
import { formatNumber } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';
import { invalidateAlerts } from './invalidate-alerts';

type Draft = number | null;

/** One size's PSI input with its own Simpan button and validation message. */
function PressureEditor({ row, onSaved }: { row: TSizePressure; onSaved: () => Promise<unknown> }) {
  const [value, setValue] = useState<Draft>(row.reference_psi);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const changed = value !== row.reference_psi;

  const save = async () => {
    const parsed = ZSizePressureUpdate.safeParse({ size: row.size, reference_psi: value ?? '' });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Tekanan referensi tidak valid');
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await call(API.updateSizePressure, { body: parsed.data });
      toast().success(`Tekanan referensi ${row.size} disimpan`, 3);
      await onSaved();
    } catch (err) {
      showApiError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={2}>
      <Flex gap={8} align="center">
        <InputNumber<number>
          aria-label={`Tekanan referensi ${row.size}`}
          value={value}
          min={0}
          precision={0}
          suffix="PSI"
          placeholder="Belum diisi"
          status={error ? 'error' : undefined}
          onChange={(v) => {
            setValue(typeof v === 'number' ? v : null);
            setError(null);
          }}
          onPressEnter={() => void save()}
          style={{ width: 130 }}
        />
        <Button
          icon={<SaveOutlined />}
          aria-label={`Simpan ${row.size}`}
          type={changed ? 'primary' : 'default'}
          disabled={!changed}
          loading={saving}
          onClick={() => void save()}
        >
          Simpan
        </Button>
      </Flex>
      {error ? (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
          {error}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/**
 * "Tekanan Referensi": the reference pressure of each tire size; a check whose pressure is more
 * than 10 % away from it raises a pressure alert. Saved per size.
 */
export function SizePressureModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  // a failure is said in place, with 'Coba lagi'
  const pressures = useEndpoint(
    API.listSizePressures,
    {},
    { staleTime: 0, enabled: open, meta: { silent: true } },
  );
  const columns: TableColumnsType<TSizePressure> = [
    { key: 'size', title: 'Size', dataIndex: 'size', render: (v: string) => <strong>{v}</strong> },
    {
      key: 'tires',
      title: 'Ban terpasang',
      dataIndex: 'tires',
      align: 'right',
      render: (n: number) => formatNumber(n),
    },
    {
      key: 'psi',
      title: 'Tekanan referensi',
      render: (_, row) => (
        // keyed on the stored value: a save (or another user's) resets the draft
        <PressureEditor
          key={`${row.size}-${row.reference_psi}`}
          row={row}
          onSaved={() => invalidateAlerts(queryClient)}
        />
      ),
    },
  ];
  return (
    <Modal
      open={open}
      title="Tekanan Referensi per Size"
      onCancel={onClose}
      footer={<Button onClick={onClose}>Tutup</Button>}
      width={{ xs: '100%', md: 640 }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        Tekanan ban yang berbeda lebih dari ±{Math.round(PRESSURE_TOLERANCE * 100)}% dari tekanan referensi
        size-nya masuk daftar Ban Kritis. Kosongkan untuk menonaktifkan peringatan tekanan size tersebut.
      </Typography.Paragraph>
      {pressures.isError ? (
        <LoadError
          error={pressures.error}
          onRetry={() => pressures.refetch()}
          retrying={pressures.isFetching}
        />
      ) : (
        <Table<TSizePressure>
          rowKey="size"
          size="small"
          aria-label="Tekanan referensi per size"
          columns={columns}
          dataSource={pressures.data ?? []}
          loading={pressures.isFetching}
          pagination={false}
          scroll={{ x: 'max-content', y: 420 }}
          locale={{ emptyText: 'Tidak ada data' }}
        />
      )}
    </Modal>
  );
}
