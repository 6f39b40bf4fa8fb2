import { lowestGroove } from '@itms/contracts/rules/grooves';
import type { TTireCheckRecord } from '@itms/contracts/tire-checks';
import type { CSSProperties } from 'react';
import { formatDate } from '../../lib/dayjs';
import { formatNumber } from '../../lib/number-format';
import { sortByPosition } from './check-form-model';

const cell: CSSProperties = { padding: '4px 8px', borderBottom: '1px solid #f0f0f0', textAlign: 'left' };
const num: CSSProperties = { ...cell, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

/** 'sebelumnya → sekarang', or only the value now when the tire has no earlier validated check. */
function Change({
  previous,
  now,
  riseIsBad,
}: {
  previous: number | null;
  now: number | null;
  riseIsBad: boolean;
}) {
  if (previous == null) return <>{formatNumber(now)}</>;
  const rose = riseIsBad && now != null && now > previous + 1e-6;
  return (
    <span style={rose ? { color: '#cf1322', fontWeight: 600 } : undefined}>
      {formatNumber(previous)} → {formatNumber(now)}
      {rose ? ' (naik)' : null}
    </span>
  );
}

/**
 * The last look before validating: each tire's lowest RTD and PSI at its previous validated check
 * next to what the tire man measured now, so the EDP judges the change, not the number alone.
 */
export function ReadingChanges({ records }: { records: readonly TTireCheckRecord[] }) {
  if (records.length === 0) return null;
  return (
    <section
      aria-label="Perubahan dari pengecekan sebelumnya"
      style={{ marginBottom: 16, overflowX: 'auto' }}
    >
      <div style={{ fontWeight: 600, fontSize: 13, marginBottom: 6 }}>
        Perubahan dari pengecekan sebelumnya
      </div>
      <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 13 }}>
        <thead>
          <tr style={{ background: '#fafafa' }}>
            <th style={cell}>Posisi</th>
            <th style={cell}>No. Seri</th>
            <th style={cell}>RTD terendah (mm)</th>
            <th style={cell}>PSI</th>
            <th style={cell}>Cek lalu</th>
          </tr>
        </thead>
        <tbody>
          {sortByPosition(records).map((r) => {
            const p = r.previous_reading;
            return (
              <tr key={r.id}>
                <td style={cell}>{r.position}</td>
                <td style={{ ...cell, wordBreak: 'break-all' }}>{r.serial_number}</td>
                <td style={num}>
                  <Change previous={p ? lowestGroove(p) : null} now={lowestGroove(r)} riseIsBad />
                </td>
                <td style={num}>
                  <Change previous={p?.pressure ?? null} now={r.pressure} riseIsBad={false} />
                </td>
                <td style={{ ...cell, color: 'rgba(0,0,0,0.55)', whiteSpace: 'nowrap' }}>
                  {p ? formatDate(p.performed_at) : 'belum ada'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
