import { SaveOutlined } from '@ant-design/icons';
import { CHECKS_PER_TIREMAN_PER_DAY } from '@itms/contracts/constants';
import { TARGET_CHECK_MAX } from '@itms/contracts/master-data';
import type { TSummaryRow } from '@itms/contracts/reports';
import { checksPerDay } from '@itms/contracts/rules/expected-checks';
import { App, Button, Card, Flex, InputNumber, Space, Typography, theme } from 'antd';
import { type Ref, useEffect, useId, useState } from 'react';
import { formatNumber, formatPercent } from '../../lib/number-format';
import { CheckGauge } from './check-gauge';
import { useSaveTargetCheck } from './use-save-target-check';

function Stat({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Flex justify="space-between" gap={8} style={{ lineHeight: '24px' }}>
      <Typography.Text type="secondary">
        {color ? (
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 8,
              height: 8,
              borderRadius: 2,
              background: color,
              marginInlineEnd: 6,
            }}
          />
        ) : null}
        {label}
      </Typography.Text>
      <Typography.Text strong style={{ textAlign: 'end' }}>
        {value}
      </Typography.Text>
    </Flex>
  );
}

export interface RegionCardProps {
  row: TSummaryRow;
  days: number;
  /** Days of the range up to today: the percentage's target is prorated to them. */
  daysToDate: number;
  highlighted?: boolean;
  ref?: Ref<HTMLDivElement>;
}

/** One region of Summary Pengecekan: gauge, Presentase, tire men and PIC, approved, total, Target Check. */
export function RegionCard({ row, days, daysToDate, highlighted, ref }: RegionCardProps) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const id = useId();
  const save = useSaveTargetCheck();
  const [target, setTarget] = useState<number | null>(row.target_check);
  useEffect(() => setTarget(row.target_check), [row.target_check]);
  const dirty = target !== row.target_check;
  // the range runs past today: the days still to come are not due yet
  const prorated = daysToDate < days;

  const submit = async () => {
    try {
      const reply = await save.mutateAsync({ id: row.id, target_check: target });
      message.success(reply.message, 3);
    } catch {
      // "Oops..." is shown by the query client
    }
  };

  return (
    <Card
      ref={ref}
      role="region"
      aria-label={row.region}
      title={row.region}
      extra={<Typography.Text type="secondary">Region #{row.id}</Typography.Text>}
      style={{
        height: '100%',
        scrollMarginTop: 16,
        boxShadow: highlighted ? `0 0 0 2px ${token.colorPrimary}, ${token.boxShadowSecondary}` : undefined,
        transition: 'box-shadow 0.3s',
      }}
    >
      <Flex wrap gap={16} align="center" justify="center">
        <CheckGauge percentage={row.percentage} approvedPercentage={row.approved_percentage} />
        <Flex vertical style={{ flex: '1 1 180px', minWidth: 180 }}>
          <Stat label="Presentase" value={formatPercent(row.percentage)} />
          <Stat label="Tire Man" value={formatNumber(row.tire_men)} />
          <Stat label="Manpower" value={formatNumber(row.manpower)} />
          <Stat label="PIC" value={row.pic || '-'} />
          <Stat label="Approved" value={formatNumber(row.approved)} color={token.colorSuccess} />
          <Stat label="Total" value={formatNumber(row.total)} color={token.colorPrimary} />
          {prorated ? (
            <Stat
              label="Target s.d. hari ini"
              value={`${formatNumber(row.expected_to_date)} dari ${formatNumber(row.expected)}`}
            />
          ) : (
            <Stat label="Ekspektasi" value={formatNumber(row.expected)} />
          )}
        </Flex>
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, margin: '8px 0 12px' }}>
        {row.expected === checksPerDay(row.target_check) * row.tire_men * days
          ? `Ekspektasi = ${formatNumber(checksPerDay(row.target_check))} pengecekan x ${formatNumber(row.tire_men)} tire man x ${days} hari${row.target_check === null ? ' (standar)' : ' (Target Check)'}`
          : `Ekspektasi = Target Check tiap bulan x ${formatNumber(row.tire_men)} tire man x hari bulan itu`}
        . Tire man: yang bekerja di region ini pada rentang tanggal.
        {prorated
          ? ` Presentase dihitung terhadap target s.d. hari ini (${daysToDate} dari ${days} hari).`
          : null}
      </Typography.Text>
      <Flex vertical gap={4}>
        <label htmlFor={`${id}-target`} style={{ fontSize: 13 }}>
          Target Check{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            (pengecekan per tire man per hari; kosong = {CHECKS_PER_TIREMAN_PER_DAY}; berlaku mulai bulan ini)
          </Typography.Text>
        </label>
        <Space.Compact style={{ width: '100%' }}>
          <InputNumber<number>
            id={`${id}-target`}
            min={0}
            max={TARGET_CHECK_MAX}
            precision={0}
            value={target}
            placeholder={String(CHECKS_PER_TIREMAN_PER_DAY)}
            onChange={(v) => setTarget(v ?? null)}
            onPressEnter={() => dirty && void submit()}
            style={{ width: '100%' }}
          />
          <Button
            type="primary"
            icon={<SaveOutlined />}
            onClick={submit}
            loading={save.isPending}
            disabled={!dirty}
            aria-label={`Simpan Target Check ${row.region}`}
          >
            Simpan
          </Button>
        </Space.Compact>
      </Flex>
    </Card>
  );
}
