import {
  AFTER_VS_BEFORE_COLOR,
  AFTER_VS_BEFORE_LABEL,
  type AfterVsBefore,
  compareAfterBefore,
} from '@itms/contracts/rules/after-vs-before';
import { InputNumber } from 'antd';
import { type CSSProperties, useCallback, useId, useMemo, useState } from 'react';
import { clampTo, type MeasureField } from './check-form-model';

/** The spec's colours (equal yellow, lower green, higher red), soft enough to read the number on. */
export const TONE_STYLE: Record<AfterVsBefore, CSSProperties> = {
  equal: { background: '#fff8d6', borderColor: '#e8c21c' },
  lower: { background: '#e6f6e1', borderColor: '#52b535' },
  higher: { background: '#fde7e7', borderColor: '#e5484d' },
};

export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** Text typed in the field as a number ('3,5' is 3.5); NaN when it is not one (yet). */
function parseTyped(text: string): number {
  const t = text.trim().replace(',', '.');
  return t === '' || t === '-' || t === '.' ? Number.NaN : Number(t);
}

export interface MeasureInputProps {
  field: MeasureField;
  value: number | null;
  /** The recorded value this one is compared with (colour). */
  before: number | null;
  onChange: (value: number | null) => void;
  /** Accessible name, e.g. 'RTD 1 After posisi 3'. */
  label: string;
  disabled?: boolean;
}

/**
 * An After field: a number clamped to the field's bounds WHILE TYPING (typing 30 into an RTD field
 * shows 24 at once, not on blur), coloured against the Before value, with the comparison also
 * given in words (aria-describedby) for screen readers.
 */
export function MeasureInput({ field, value, before, onChange, label, disabled }: MeasureInputProps) {
  const { min, max } = field;
  const statusId = useId();
  // a new formatter makes the input re-show the (clamped) value even when the value did not change
  // (typing 240 into a field that already holds 24)
  const [resync, setResync] = useState(0);

  // an empty or unfinished text ('', '-') is not a value: the field keeps its last one
  const parser = useCallback(
    (text: string | undefined) => {
      const n = parseTyped(text ?? '');
      return Number.isNaN(n) ? Number.NaN : clampTo(n, min, max);
    },
    [min, max],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `resync` renews the formatter on purpose
  const formatter = useMemo(
    () =>
      (shown: string | number | undefined, info: { userTyping: boolean; input: string }): string => {
        // keep what the user is typing ('3.' on the way to '3.5') unless it was clamped
        if (info.userTyping && parseTyped(info.input) === Number(shown)) return info.input;
        return shown === undefined || shown === '' ? '' : String(shown);
      },
    [resync],
  );

  const onInput = (text: string) => {
    const n = parseTyped(text);
    if (!Number.isNaN(n) && clampTo(n, min, max) !== n) setResync((x) => x + 1);
  };

  const outcome = compareAfterBefore(value, before);
  return (
    <>
      <InputNumber<number>
        value={value}
        min={min}
        max={max}
        step={field.step}
        precision={field.precision}
        parser={parser}
        formatter={formatter}
        onInput={onInput}
        onChange={(v) => onChange(v == null ? null : clampTo(v, min, max))}
        inputMode={field.step < 1 ? 'decimal' : 'numeric'}
        aria-label={label}
        aria-describedby={statusId}
        disabled={disabled}
        controls={false}
        status={value == null ? 'error' : undefined}
        style={{ width: '100%', ...(outcome ? TONE_STYLE[outcome] : null) }}
        data-tone={outcome ? AFTER_VS_BEFORE_COLOR[outcome] : undefined}
      />
      <span id={statusId} style={visuallyHidden}>
        {outcome ? AFTER_VS_BEFORE_LABEL[outcome] : 'belum diisi'}
      </span>
    </>
  );
}
