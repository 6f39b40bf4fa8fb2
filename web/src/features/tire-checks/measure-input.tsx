import {
  AFTER_VS_BEFORE_COLOR,
  AFTER_VS_BEFORE_LABEL,
  type AfterVsBefore,
  compareAfterBefore,
} from '@itms/contracts/rules/after-vs-before';
import { InputNumber } from 'antd';
import { type CSSProperties, useId } from 'react';
import { formatNumber } from '../../lib/number-format';
import { type MeasureField, outOfRange } from './check-form-model';

/** Lower green, higher red (spec), unchanged plain; soft enough to read the number on. */
export const TONE_STYLE: Record<AfterVsBefore, CSSProperties> = {
  equal: { background: '#fff', borderColor: '#d9d9d9' },
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

/**
 * Text typed in the field as a number ('3,5' is 3.5); NaN when it is not one (yet). A whole-number
 * field (odometer) reads dots as the thousands grouping it is shown with ('276.734').
 */
function parseTyped(text: string, field: MeasureField): number {
  const t = field.precision === 0 ? text.trim().replace(/\./g, '') : text.trim().replace(',', '.');
  return t === '' || t === '-' || t === '.' ? Number.NaN : Number(t);
}

/** What the user is typing stays as typed ('3,' on the way to '3,5'); a value is shown as id-ID writes it. */
function formatter(shown: string | number | undefined, info: { userTyping: boolean; input: string }): string {
  if (info.userTyping) return info.input;
  return shown === undefined || shown === '' ? '' : formatNumber(Number(shown));
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
 * An After field: a number (a comma or a dot for decimals), coloured against the Before value, with
 * the comparison also given in words (aria-describedby) for screen readers. A value outside the
 * field's bounds stays as typed and is refused at the field with the reason (PSI 250 is not turned
 * into 200 behind the user's back).
 */
export function MeasureInput({ field, value, before, onChange, label, disabled }: MeasureInputProps) {
  const statusId = useId();
  const problem = outOfRange(field, value);
  const outcome = problem ? null : compareAfterBefore(value, before);
  return (
    <div>
      <InputNumber<number>
        value={value}
        step={field.step}
        precision={field.precision}
        parser={(text) => parseTyped(text ?? '', field)}
        formatter={formatter}
        onChange={(v) => onChange(v ?? null)}
        inputMode={field.step < 1 ? 'decimal' : 'numeric'}
        aria-label={label}
        aria-describedby={statusId}
        aria-invalid={problem ? true : undefined}
        disabled={disabled}
        controls={false}
        status={value == null || problem ? 'error' : undefined}
        style={{ width: '100%', ...(outcome ? TONE_STYLE[outcome] : null) }}
        data-tone={outcome ? AFTER_VS_BEFORE_COLOR[outcome] : undefined}
      />
      {problem ? (
        <div
          id={statusId}
          role="alert"
          style={{ color: '#cf1322', fontSize: 12, lineHeight: 1.3, marginTop: 2 }}
        >
          {problem}
        </div>
      ) : (
        <span id={statusId} style={visuallyHidden}>
          {outcome ? AFTER_VS_BEFORE_LABEL[outcome] : 'belum diisi'}
        </span>
      )}
    </div>
  );
}
