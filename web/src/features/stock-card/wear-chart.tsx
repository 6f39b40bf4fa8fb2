import type { TTireLife } from '@itms/contracts/tire-intelligence';

import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';

const PAD = { left: 40, right: 16, top: 12, bottom: 30 };

const kmLabel = (km: number) =>
  km >= 1000
    ? `${(km / 1000).toLocaleString('id-ID', { maximumFractionDigits: 0 })} rb`
    : String(Math.round(km));

/** About four round steps covering [min, max]. */
function ticks(min: number, max: number): number[] {
  const span = max - min;
  if (span <= 0) return [min];
  const raw = span / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((st) => st >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + 1e-9; v += step) out.push(v);
  return out;
}

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

  const clampKm = (km: number) => Math.min(maxKm, Math.max(minKm, km));
  const x = (km: number) =>
    PAD.left + ((clampKm(km) - minKm) / (maxKm - minKm || 1)) * (W - PAD.left - PAD.right);
  const y = (mm: number) =>
    PAD.top + (1 - Math.min(maxGroove, Math.max(0, mm)) / maxGroove) * (H - PAD.top - PAD.bottom);

  const line = ahead ? { x1: x(firstKm), y1: y(fitAt(firstKm)), x2: x(ahead.pullKm), y2: y(pull) } : null;
  const xTicks = ticks(minKm, maxKm);
  const yTicks = ticks(0, maxGroove);
  const fitted = ahead !== null;

  const label = `Grafik RTD terendah terhadap km: ${history.length} pembacaan, batas cabut ${pull} mm${
    fitted && f.pull_km !== null
      ? `, prediksi mencapai batas cabut pada ${Math.round(f.pull_km).toLocaleString('id-ID')} km`
      : ''
  }`;

  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={label}
      style={{ width: '100%', maxWidth: W * 1.25, height: 'auto', display: 'block' }}
    >
      <title>{label}</title>
      {yTicks.map((t) => (
        <g key={`y${t}`}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#f0f0f0" />
          <text x={PAD.left - 6} y={y(t) + 4} fontSize={11} textAnchor="end" fill="#8c8c8c">
            {t.toLocaleString('id-ID')}
          </text>
        </g>
      ))}
      {xTicks.map((t) => (
        <text key={`x${t}`} x={x(t)} y={H - 10} fontSize={11} textAnchor="middle" fill="#8c8c8c">
          {kmLabel(t)}
        </text>
      ))}
      <text x={W - PAD.right} y={H - 10} fontSize={11} textAnchor="end" fill="#8c8c8c" dy={-12}>
        km
      </text>
      <text x={4} y={PAD.top + 2} fontSize={11} fill="#8c8c8c">
        mm
      </text>
      {fitted && f.pull_km_early !== null && f.pull_km_late !== null && f.pull_km_late > firstKm ? (
        <rect
          x={x(f.pull_km_early)}
          width={Math.max(2, x(f.pull_km_late) - x(f.pull_km_early))}
          y={PAD.top}
          height={H - PAD.top - PAD.bottom}
          fill="#fa8c16"
          opacity={0.12}
        />
      ) : null}
      <line
        x1={PAD.left}
        x2={W - PAD.right}
        y1={y(pull)}
        y2={y(pull)}
        stroke="#cf1322"
        strokeDasharray="6 4"
        strokeWidth={1.5}
      />
      <text x={PAD.left + 4} y={y(pull) + 14} fontSize={11} textAnchor="start" fill="#cf1322">
        Batas cabut {pull.toLocaleString('id-ID')} mm
      </text>
      {line ? (
        <line {...line} stroke="#fa8c16" strokeWidth={2} strokeDasharray="2 0">
          <title>Prediksi keausan</title>
        </line>
      ) : null}
      <polyline
        points={history.map((h) => `${x(h.km)},${y(h.groove)}`).join(' ')}
        fill="none"
        stroke="#1f5fbf"
        strokeWidth={1.5}
      />
      {history.map((h) => (
        <circle key={`${h.date}-${h.km}`} cx={x(h.km)} cy={y(h.groove)} r={3.5} fill="#1f5fbf">
          <title>{`${h.date}: ${h.groove.toLocaleString('id-ID')} mm pada ${h.km.toLocaleString('id-ID')} km`}</title>
        </circle>
      ))}
    </svg>
  );
}
