import type { ReactNode } from 'react';
import { formatDecimal } from '../lib/number-format';

// A small hand-written SVG line chart (no chart library): the stock card's wear chart and the unit
// page's tread and pressure trends draw with it.

const PAD = { left: 40, right: 16, top: 12, bottom: 30 };

/** About four round steps covering [min, max]. */
export function ticks(min: number, max: number): number[] {
  const span = max - min;
  if (span <= 0) return [min];
  const raw = span / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((st) => st >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + 1e-9; v += step) out.push(v);
  return out;
}

export interface ChartAxis {
  min: number;
  max: number;
  /** Tick label; the default is the number in Indonesian format. */
  format?: (v: number) => string;
  /** Unit written at the axis' end ('km', 'mm', 'PSI'). */
  unit: string;
  /** Tick values; the default is about four round steps. */
  ticks?: number[];
}

export interface ChartPoint {
  x: number;
  y: number;
  /** Hover text of the point. */
  title: string;
  /** Fill of this point (the series colour unless given). */
  color?: string;
}

export interface LineChartProps {
  /** Accessible name of the chart (also its SVG title). */
  label: string;
  width: number;
  height: number;
  x: ChartAxis;
  y: ChartAxis;
  points: ChartPoint[];
  color?: string;
  /** Horizontal dashed lines (pull point, reference pressure) with their label. */
  rules?: { y: number; label: string; color: string }[];
  /** Extra drawing under the series, given the scales (the wear forecast). */
  under?: (scale: {
    x: (v: number) => number;
    y: (v: number) => number;
    top: number;
    bottom: number;
  }) => ReactNode;
  /** CSS max width; the chart scales down to its container. */
  maxWidth?: number;
}

const numberLabel = (v: number) => formatDecimal(v, 1);

export function LineChart({
  label,
  width: W,
  height: H,
  x: xAxis,
  y: yAxis,
  points,
  color = '#1f5fbf',
  rules = [],
  under,
  maxWidth,
}: LineChartProps) {
  const clamp = (v: number, a: ChartAxis) => Math.min(a.max, Math.max(a.min, v));
  const x = (v: number) =>
    PAD.left + ((clamp(v, xAxis) - xAxis.min) / (xAxis.max - xAxis.min || 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) =>
    PAD.top + (1 - (clamp(v, yAxis) - yAxis.min) / (yAxis.max - yAxis.min || 1)) * (H - PAD.top - PAD.bottom);
  const xFormat = xAxis.format ?? numberLabel;
  const yFormat = yAxis.format ?? numberLabel;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={label}
      style={{ width: '100%', maxWidth: maxWidth ?? W * 1.25, height: 'auto', display: 'block' }}
    >
      <title>{label}</title>
      {(yAxis.ticks ?? ticks(yAxis.min, yAxis.max)).map((t) => (
        <g key={`y${t}`}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#f0f0f0" />
          <text x={PAD.left - 6} y={y(t) + 4} fontSize={11} textAnchor="end" fill="#8c8c8c">
            {yFormat(t)}
          </text>
        </g>
      ))}
      {(xAxis.ticks ?? ticks(xAxis.min, xAxis.max)).map((t) => (
        <text key={`x${t}`} x={x(t)} y={H - 10} fontSize={11} textAnchor="middle" fill="#8c8c8c">
          {xFormat(t)}
        </text>
      ))}
      <text x={W - PAD.right} y={H - 10} fontSize={11} textAnchor="end" fill="#8c8c8c" dy={-12}>
        {xAxis.unit}
      </text>
      <text x={4} y={PAD.top + 2} fontSize={11} fill="#8c8c8c">
        {yAxis.unit}
      </text>
      {under?.({ x, y, top: PAD.top, bottom: H - PAD.bottom })}
      {rules.map((r) => (
        <g key={`rule-${r.label}`}>
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={y(r.y)}
            y2={y(r.y)}
            stroke={r.color}
            strokeDasharray="6 4"
            strokeWidth={1.5}
          />
          <text x={PAD.left + 4} y={y(r.y) + 14} fontSize={11} textAnchor="start" fill={r.color}>
            {r.label}
          </text>
        </g>
      ))}
      <polyline
        points={points.map((p) => `${x(p.x)},${y(p.y)}`).join(' ')}
        fill="none"
        stroke={color}
        strokeWidth={1.5}
      />
      {points.map((p) => (
        <circle key={`${p.x}-${p.y}-${p.title}`} cx={x(p.x)} cy={y(p.y)} r={3.5} fill={p.color ?? color}>
          <title>{p.title}</title>
        </circle>
      ))}
    </svg>
  );
}
