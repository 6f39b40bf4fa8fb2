import { API } from '@itms/contracts/api';
import { ALERT_LABELS, type TTireLife } from '@itms/contracts/tire-intelligence';
import { Alert, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/dayjs';
import { formatDecimal, formatRupiah } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';
import { WearChart } from './wear-chart';

const km = (n: number) => `${formatDecimal(n, 0)} Km`;

function Band({ children }: { children: ReactNode }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {children}
    </Typography.Text>
  );
}

function Forecast({ life }: { life: TTireLife }) {
  const f = life.forecast;
  if (f.state === 'not-enough-data')
    return (
      <span>
        Data belum cukup <Band>({f.readings} pembacaan; perlu minimal 2)</Band>
      </span>
    );
  if (f.state === 'no-wear' || f.pull_km === null) return <span>Belum terlihat aus</span>;
  const reached =
    (life.groove_lowest !== null && life.groove_lowest <= life.pull_point_mm) || f.pull_km <= life.km_total;
  if (reached)
    return (
      <Typography.Text type="danger" strong>
        Sudah mencapai batas cabut
      </Typography.Text>
    );
  return (
    <Flex vertical>
      <span>
        {km(f.pull_km)}
        {f.pull_date ? ` · ${formatDate(f.pull_date)}` : ''}
      </span>
      {f.pull_km_early !== null && f.pull_km_late !== null ? (
        <Band>
          Rentang {formatDecimal(f.pull_km_early, 0)} – {km(f.pull_km_late)}
          {f.pull_date_early && f.pull_date_late
            ? ` (${formatDate(f.pull_date_early)} – ${formatDate(f.pull_date_late)})`
            : ''}
        </Band>
      ) : null}
    </Flex>
  );
}

function Panel({ life }: { life: TTireLife }) {
  const f = life.forecast;
  const below = life.groove_lowest !== null && life.groove_lowest <= life.pull_point_mm;
  return (
    <Flex vertical gap={12}>
      {life.rtd_rise ? (
        <Alert
          type="warning"
          showIcon
          title={`${ALERT_LABELS['rtd-rise']}: periksa kembali data pengecekan ban ini.`}
        />
      ) : null}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, xxl: 3 }}
        items={[
          { key: 'km', label: 'Km total', children: km(life.km_total) },
          {
            key: 'days',
            label: 'Hari pemakaian',
            children:
              life.days_in_service === null
                ? 'Belum pernah dipasang'
                : `${formatDecimal(life.days_in_service, 0)} hari`,
          },
          { key: 'retreads', label: 'Jumlah vulkanisir', children: `${life.retreads} kali` },
          { key: 'rotations', label: 'Rotasi', children: `${life.rotations} kali` },
          {
            key: 'groove',
            label: 'RTD terendah',
            children:
              life.groove_lowest === null ? (
                '-'
              ) : (
                <Typography.Text strong type={below ? 'danger' : undefined}>
                  {formatDecimal(life.groove_lowest, 1)} mm{below ? ' (di bawah batas cabut)' : ''}
                </Typography.Text>
              ),
          },
          { key: 'worn', label: 'mm aus', children: `${formatDecimal(life.mm_worn, 1)} mm` },
          {
            key: 'rate',
            label: 'Laju aus',
            children:
              f.wear_rate === null ? (
                '-'
              ) : (
                <Flex vertical>
                  <span>{formatDecimal(f.wear_rate, 2)} mm/1.000 km</span>
                  {f.wear_rate_low !== null && f.wear_rate_high !== null ? (
                    <Band>
                      Rentang {formatDecimal(f.wear_rate_low, 2)} – {formatDecimal(f.wear_rate_high, 2)}
                    </Band>
                  ) : null}
                </Flex>
              ),
          },
          {
            key: 'forecast',
            label: `Prediksi batas cabut (${formatDecimal(life.pull_point_mm, 1)} mm)`,
            children: <Forecast life={life} />,
          },
          { key: 'cpk', label: 'Biaya per km', children: formatRupiah(life.cost_per_km) },
          { key: 'cpm', label: 'Biaya per mm', children: formatRupiah(life.cost_per_mm) },
          {
            key: 'price',
            label: 'Harga beli / vulkanisir',
            children: `${formatRupiah(life.purchase_price)} / ${formatRupiah(life.retread_cost)}`,
          },
        ]}
      />
      {life.history.length > 0 ? (
        <div>
          <Flex gap={12} wrap style={{ fontSize: 12, marginBottom: 4 }}>
            <Typography.Text type="secondary">Riwayat RTD terendah (umur sekarang)</Typography.Text>
            <Tag color="blue">● Pembacaan</Tag>
            <Tag color="orange">— Prediksi</Tag>
            <Tag color="red">- - Batas cabut</Tag>
          </Flex>
          <WearChart life={life} />
        </div>
      ) : null}
    </Flex>
  );
}

/** "Umur & Prediksi Ban" of the tire whose stock card is open. */
export function TireLifePanel({ tireId }: { tireId: number }) {
  const life = useEndpoint(
    API.getTireLife,
    { params: { id: tireId } },
    { staleTime: 0, meta: { silent: true } },
  );
  return (
    <section aria-label="Umur & Prediksi Ban" style={{ marginBottom: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Umur & Prediksi Ban
      </Typography.Title>
      {life.isError ? (
        <Typography.Text type="secondary">
          Umur & prediksi ban tidak dapat diambil: {life.error.message}
        </Typography.Text>
      ) : life.data ? (
        <Panel life={life.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
    </section>
  );
}
