import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { completeNumber, NumberInput, TreadFields } from './number-input';

describe('a complete number', () => {
  it('is one decimal typed, or a whole number one more digit would take over the largest value', () => {
    expect(completeNumber('7,5', 24)).toBe(true);
    expect(completeNumber('16.5', 24)).toBe(true);
    expect(completeNumber('7', 24)).toBe(true);
    expect(completeNumber('12', 24)).toBe(true);
    // 20 to 24 mm are still possible
    expect(completeNumber('2', 24)).toBe(false);
    expect(completeNumber('7,', 24)).toBe(false);
    expect(completeNumber('95', 200)).toBe(true);
    expect(completeNumber('12', 200)).toBe(false);
    expect(completeNumber('120', 200)).toBe(true);
    expect(completeNumber('', 24)).toBe(false);
    expect(completeNumber('abc', 24)).toBe(false);
  });
});

const EMPTY = { groove_1: '', groove_2: '', groove_3: '', groove_4: '', pressure: '' };

/** Two tires and a closing odometer, as a form lays them out. */
function TwoTires({ secondEmpty = false }: { secondEmpty?: boolean }) {
  const [a, setA] = useState(EMPTY);
  const [b, setB] = useState(EMPTY);
  const [odometer, setOdometer] = useState('');
  return (
    <>
      <fieldset aria-label="Ban A">
        <TreadFields values={a} errorOf={() => undefined} onChange={(p) => setA((v) => ({ ...v, ...p }))} />
      </fieldset>
      <fieldset aria-label="Ban B">
        <TreadFields
          values={b}
          errorOf={() => undefined}
          onChange={(p) => setB((v) => ({ ...v, ...p }))}
          skipped={secondEmpty}
        />
      </fieldset>
      <NumberInput aria-label="Odometer" inputMode="numeric" value={odometer} onChange={setOdometer} />
    </>
  );
}

const valuesOf = (name: string) =>
  [1, 2, 3, 4]
    .map(
      (n) => (screen.getByRole('group', { name }).querySelectorAll('input')[n - 1] as HTMLInputElement).value,
    )
    .concat((screen.getByRole('group', { name }).querySelectorAll('input')[4] as HTMLInputElement).value);

describe('typing the measurements of a form in one go', () => {
  it('goes to the next field on a complete value; a comma after an advance goes back', async () => {
    const user = userEvent.setup();
    render(<TwoTires />);
    await user.click(screen.getAllByLabelText('RTD 1')[0]!);
    // '7,5' reads 7 (complete at RTD's 24 mm), the comma goes back, '5' completes it
    await user.keyboard('7,51216,52');
    expect(valuesOf('Ban A')).toEqual(['7,5', '12', '16,5', '2', '']);
    // '2' may still be 20-24 mm: 'Lanjut' (Enter) moves on
    await user.keyboard('{Enter}95');
    expect(valuesOf('Ban A')).toEqual(['7,5', '12', '16,5', '2', '95']);
    expect(document.activeElement).toBe(screen.getAllByLabelText('RTD 1')[1]);
    await user.keyboard('88888');
    expect(valuesOf('Ban B')).toEqual(['8', '8', '8', '8', '8']);
    // PSI 8 may still grow to 80-200; '80' may not: the odometer takes what follows
    expect(document.activeElement).toBe(screen.getAllByLabelText('PSI')[1]);
    await user.keyboard('0123456');
    expect(valuesOf('Ban B')[4]).toBe('80');
    expect(screen.getByLabelText('Odometer')).toHaveProperty('value', '123456');
  });

  it('skips a position with no tire, and a correction never jumps away', async () => {
    const user = userEvent.setup();
    render(<TwoTires secondEmpty />);
    const psi = screen.getAllByLabelText('PSI')[0]!;
    await user.click(psi);
    await user.keyboard('95');
    expect(document.activeElement).toBe(screen.getByLabelText('Odometer'));
    await user.click(psi);
    await user.keyboard('{End}{Backspace}');
    expect(psi).toHaveProperty('value', '9');
    expect(document.activeElement).toBe(psi);
  });
});
