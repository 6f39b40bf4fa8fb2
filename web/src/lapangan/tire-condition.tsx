import {
  defectLabel,
  NORMAL_CODE,
  NOT_CHECKED_CODE,
  type TDefectCode,
  ZONES,
} from '@itms/contracts/defect-codes';
import { memo, useRef, useState } from 'react';
import './tire-condition.css';

/** Five zones normal: the one-tap default of a tire's condition. */
export const ALL_NORMAL: readonly number[] = [99, 99, 99, 99, 99];
export const allNormal = (codes: readonly number[]) => codes.every((c) => c === NORMAL_CODE);
/** No defect recorded: every zone normal or not checked. */
export const allNormalOrUnchecked = (codes: readonly number[]) =>
  codes.every((c) => c === NORMAL_CODE || c === NOT_CHECKED_CODE);

/**
 * The codes a picker lists after Normal and Tidak dicek: the named ones first (the seed names the
 * common defects), then the rest by number; a search matches the number or the name.
 */
export function pickerCodes(catalogue: readonly TDefectCode[], search: string): TDefectCode[] {
  const q = search.trim().toLowerCase();
  const hits = q
    ? catalogue.filter(
        (d) => String(d.code) === q || defectLabel(d.code, catalogue).toLowerCase().includes(q),
      )
    : catalogue;
  return [...hits].sort((a, b) => Number(!a.name) - Number(!b.name) || a.code - b.code);
}

/**
 * A tire's condition: 'Semua normal', the five zones side by side (a tap opens the zone's list),
 * and the defects named under them. A defect is two taps: the zone, then the code.
 */
export const TireCondition = memo(function TireCondition({
  codes,
  catalogue,
  onChange,
}: {
  codes: readonly number[];
  catalogue: readonly TDefectCode[];
  onChange: (codes: number[]) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [zone, setZone] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const open = (i: number) => {
    setZone(i);
    setSearch('');
    dialog.current?.showModal();
  };
  const current = zone === null ? undefined : codes[zone];
  /** A list entry: the zone's current code marked. */
  const choice = (code: number) => ({
    'aria-current': code === current ? ('true' as const) : undefined,
    onClick: () => pick(code),
  });
  const pick = (code: number) => {
    if (zone !== null) onChange(codes.map((c, i) => (i === zone ? code : c)));
    dialog.current?.close();
  };
  const defects = codes.flatMap((code, i) =>
    code === NORMAL_CODE || code === NOT_CHECKED_CODE ? [] : [{ zone: ZONES[i]!, code }],
  );
  return (
    <div className="lp-condition">
      <div className="lp-condition-head">
        <strong>Kondisi</strong>
        <button
          type="button"
          className={`lp-button lp-small ${allNormal(codes) ? 'lp-normal-on' : ''}`}
          aria-pressed={allNormal(codes)}
          onClick={() => onChange([...ALL_NORMAL])}
        >
          {allNormal(codes) ? '✓ Semua normal' : 'Semua normal'}
        </button>
      </div>
      <div className="lp-zones">
        {ZONES.map((z, i) => {
          const code = codes[i] ?? NOT_CHECKED_CODE;
          const state = code === NORMAL_CODE ? 'normal' : code === NOT_CHECKED_CODE ? 'unchecked' : 'defect';
          return (
            <button
              key={z.part}
              type="button"
              className={`lp-zone lp-zone-${state}`}
              aria-label={`${z.label}: ${defectLabel(code, catalogue)}`}
              onClick={() => open(i)}
            >
              <span>{z.short}</span>
              <strong>{state === 'normal' ? '✓' : state === 'unchecked' ? '–' : code}</strong>
            </button>
          );
        })}
      </div>
      {defects.map((d) => (
        <div key={d.zone.part} className="lp-defect-line">
          {d.zone.label}: {d.code} {defectLabel(d.code, catalogue)}
        </div>
      ))}
      <dialog ref={dialog} className="lp-defect-picker" aria-label={`Kondisi ${ZONES[zone ?? 0]!.label}`}>
        {zone !== null && (
          <>
            <div className="lp-picker-head">
              <strong>{ZONES[zone]!.label}</strong>
              <button type="button" className="lp-button lp-small" onClick={() => dialog.current?.close()}>
                Batal
              </button>
            </div>
            <input
              className="lp-search"
              type="search"
              placeholder="Cari kode atau nama"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <div className="lp-picker-list">
              {search.trim() === '' && (
                <>
                  <button type="button" className="lp-pick" {...choice(NORMAL_CODE)}>
                    Normal
                  </button>
                  <button type="button" className="lp-pick" {...choice(NOT_CHECKED_CODE)}>
                    Tidak dicek
                  </button>
                </>
              )}
              {pickerCodes(catalogue, search).map((d) => (
                <button
                  key={d.code}
                  type="button"
                  className={`lp-pick ${d.name ? '' : 'lp-pick-unnamed'}`}
                  {...choice(d.code)}
                >
                  <b>{d.code}</b> {defectLabel(d.code, catalogue)}
                  {d.unsafe && <small> · tidak aman</small>}
                </button>
              ))}
            </div>
          </>
        )}
      </dialog>
    </div>
  );
});
