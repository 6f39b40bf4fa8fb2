import { PSI_MAX, RTD_MAX } from '@itms/contracts/constants';
import { GROOVES } from '@itms/contracts/rules/grooves';
import type { InputHTMLAttributes } from 'react';
import { Field } from './form-kit';

// The measurements of a form are typed in one go (issue 37, 'Fewer taps'): a field whose value is
// complete hands the keyboard to the next one, and the keyboard's 'Lanjut' key does it for a value
// that could still grow. The chain is every visible `[data-advance]` field in the page's order.

/**
 * Whether a typed number is complete: one decimal typed ('7,5'), or a whole number that one more
 * digit would take over `max` ('7' RTD of 24 mm at most, '95' PSI of 200). A separator typed right
 * after an automatic advance goes back to the field it left, so '7,5' is typed as it reads.
 */
export function completeNumber(text: string, max: number): boolean {
  const m = /^(\d+)(?:[.,](\d*))?$/.exec(text);
  if (!m) return false;
  if (m[2] !== undefined) return m[2].length >= 1;
  return Number(m[1]) * 10 > max;
}

/** The field the last automatic advance left, and how to add to its value. */
let advancedFrom: { input: HTMLInputElement; append: (text: string) => void } | null = null;

/** Moves the keyboard to the chain's field after `from` (a shown one); the last one closes the keyboard. */
function focusNext(from: HTMLInputElement): HTMLInputElement | undefined {
  const chain = [...document.querySelectorAll<HTMLInputElement>('input[data-advance]')].filter(
    (el) => el === from || (!el.disabled && !el.closest('details:not([open]), [hidden]')),
  );
  const next = chain[chain.indexOf(from) + 1];
  if (next) {
    next.focus();
    next.select();
  } else from.blur();
  return next;
}

/** Puts the caret at the end once React has written the value. */
const caretToEnd = (input: HTMLInputElement) =>
  requestAnimationFrame(() => input.setSelectionRange(input.value.length, input.value.length));

type NumberInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onChange: (text: string) => void;
  /** The field's largest value: a complete value advances. None: only 'Lanjut' advances. */
  max?: number;
  /** Out of the chain (a position with no tire is not measured). */
  skipped?: boolean;
};

/** A number field of the chain (decimal comma kept as typed). */
export function NumberInput({
  value,
  onChange,
  max,
  skipped,
  inputMode = 'decimal',
  ...rest
}: NumberInputProps) {
  return (
    <input
      {...rest}
      inputMode={inputMode}
      enterKeyHint="next"
      data-advance={skipped ? undefined : ''}
      autoComplete="off"
      value={value}
      onFocus={() => {
        advancedFrom = null;
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        advancedFrom = null;
        focusNext(e.currentTarget);
      }}
      onChange={(e) => {
        const input = e.currentTarget;
        const text = input.value;
        const from = advancedFrom;
        advancedFrom = null;
        if (from && from.input !== input && /^[.,]$/.test(text)) {
          from.input.focus();
          from.append(text);
          caretToEnd(from.input);
          return;
        }
        onChange(text);
        // a deletion never advances: the tire man is correcting this field
        const deleting = (e.nativeEvent as InputEvent).inputType?.startsWith('delete');
        if (max === undefined || deleting || !completeNumber(text, max)) return;
        if (focusNext(input)) advancedFrom = { input, append: (s) => onChange(text + s) };
      }}
    />
  );
}

type Measured = (typeof GROOVES)[number] | 'pressure';

/** RTD 1-4 and PSI of one tire, typed in one go; every form that measures a tire shows these. */
export function TreadFields({
  values,
  errorOf,
  onChange,
  skipped,
}: {
  values: Record<Measured, string>;
  errorOf: (field: Measured) => string | undefined;
  onChange: (patch: Partial<Record<Measured, string>>) => void;
  skipped?: boolean;
}) {
  return (
    <>
      <div className="lp-grid-4">
        {GROOVES.map((g, n) => (
          <Field key={g} label={`RTD ${n + 1}`} error={errorOf(g)}>
            <NumberInput
              max={RTD_MAX}
              skipped={skipped}
              value={values[g]}
              onChange={(text) => onChange({ [g]: text })}
            />
          </Field>
        ))}
      </div>
      <Field label="PSI" error={errorOf('pressure')}>
        <NumberInput
          max={PSI_MAX}
          skipped={skipped}
          value={values.pressure}
          onChange={(text) => onChange({ pressure: text })}
        />
      </Field>
    </>
  );
}
