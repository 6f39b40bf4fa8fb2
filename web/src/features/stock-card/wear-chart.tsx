import type { TTireLife } from '@itms/contracts/tire-intelligence';
import { LineChart } from '../../components/line-chart';
import { formatDate } from '../../lib/dayjs';
import { formatDecimal, formatKm, formatNumber } from '../../lib/number-format';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';

const kmLabel = (km: number) => (km >= 1000 ? `${formatDecimal(km / 1000, 0)} rb` : formatDecimal(km, 0));

/**
 * The tire's lowest groove against its km (current life), the pull point as a dashed line, and
 * the fitted wear line extended to where it reaches the pull point, with the early-late band.
 * Plain SVG: no chart library.
 */
export function WearChart({ life }: { life: TTireLife }) {
  // a narrower drawing on phones keeps the labels at their real size
  const wide = useMediaQuery(DESKTOP_QUERY);
  const W = wide ? 640 : 360;
  const H = wide ? 220 : 200;
  const { history, forecast: f, pull_point_mm: pull } = life;
  if (history.length === 0) return null;
  const firstKm = history[0].km;
  const lastKm = history[history.length - 1].km;
  // the forecast is drawn when the fitted line reaches the pull point ahead of the first reading
  const ahead =
    f.state === 'ok' && f.wear_rate !== null && f.pull_km !== null && f.pull_km > firstKm
      ? { rate: f.wear_rate, pullKm: f.pull_km }
      : null;
  const lastFitKm = Math.max(lastKm, ahead ? (f.pull_km_late ?? ahead.pullKm) : lastKm);
  const margin = Math.max(1, (lastFitKm - firstKm) * 0.04);
  const minKm = Math.max(0, firstKm - margin);
  const maxKm = lastFitKm + margin;
  // the fitted line: groove(km) = pull + rate/1000 x (pull_km - km)
  const fitAt = (km: number) => (ahead ? pull + (ahead.rate / 1000) * (ahead.pullKm - km) : pull);
  const maxGroove =
    Math.max(pull + 1, ...history.map((h) => h.groove), ahead ? Math.min(fitAt(firstKm), 30) : 0) + 1;

  // the fitted line: from the first reading down to the pull point
  const line = ahead ? { x1: firstKm, y1: fitAt(firstKm), x2: ahead.pullKm, y2: pull } : null;
  const fitted = ahead !== null;

  const label = `Grafik RTD terendah terhadap km: ${history.length} pembacaan, batas cabut ${formatNumber(pull)} mm${
    fitted && f.pull_km !== null
      ? `, prediksi mencapai batas cabut pada ${formatKm(Math.round(f.pull_km))}`
      : ''
  }`;

  return (
    <LineChart
      label={label}
      width={W}
      height={H}
      x={{ min: minKm, max: maxKm, format: kmLabel, unit: 'km' }}
      y={{ min: 0, max: maxGroove, unit: 'mm' }}
      rules={[{ y: pull, label: `Batas cabut ${formatNumber(pull)} mm`, color: '#cf1322' }]}
      points={history.map((h) => ({
        x: h.km,
        y: h.groove,
        title: `${formatDate(h.date)}: ${formatNumber(h.groove)} mm pada ${formatKm(h.km)}`,
      }))}
      under={(sc) => (
        <>
          {fitted && f.pull_km_early !== null && f.pull_km_late !== null && f.pull_km_late > firstKm ? (
            <rect
              x={sc.x(f.pull_km_early)}
              width={Math.max(2, sc.x(f.pull_km_late) - sc.x(f.pull_km_early))}
              y={sc.top}
              height={sc.bottom - sc.top}
              fill="#fa8c16"
              opacity={0.12}
            />
          ) : null}
          {line ? (
            <line
              x1={sc.x(line.x1)}
              y1={sc.y(line.y1)}
              x2={sc.x(line.x2)}
              y2={sc.y(line.y2)}
              stroke="#fa8c16"
              strokeWidth={2}
            >
              <title>Prediksi keausan</title>
            </line>
          ) : null}
        </>
      )}
    />
  );
}
