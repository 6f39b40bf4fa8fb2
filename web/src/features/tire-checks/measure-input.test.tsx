import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MEASURE_FIELDS, type MeasureKey } from './check-form-model';
import { MeasureInput } from './measure-input';

const field = (key: MeasureKey) => MEASURE_FIELDS.find((f) => f.key === key)!;

function Harness({ k, initial, before }: { k: MeasureKey; initial: number | null; before: number | null }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MeasureInput field={field(k)} value={value} before={before} onChange={setValue} label="Nilai" />
      <output aria-label="nilai tersimpan">{String(value)}</output>
    </>
  );
}

async function setup(k: MeasureKey, initial: number | null, before: number | null = initial) {
  render(<Harness k={k} initial={initial} before={before} />);
  const input = screen.getByRole('spinbutton', { name: 'Nilai' }) as HTMLInputElement;
  const user = userEvent.setup({ delay: null });
  await user.tripleClick(input);
  return { input, user, stored: () => screen.getByLabelText('nilai tersimpan').textContent };
}

describe('MeasureInput', () => {
  it('keeps an RTD of 30 as typed and refuses it at the field with the bounds', async () => {
    const { input, user, stored } = await setup('groove_1', 3.5);
    await user.keyboard('30');
    await user.tab();
    expect(input.value).toBe('30');
    expect(stored()).toBe('30');
    expect(screen.getByRole('alert').textContent).toBe('RTD 1 harus 0 sampai 24 mm');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // back inside the bounds: the message goes
    await user.tripleClick(input);
    await user.keyboard('24');
    expect(stored()).toBe('24');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('never turns PSI 250 into 200, nor -5 into 0', async () => {
    const psi = await setup('pressure', 100);
    await psi.user.keyboard('250');
    await psi.user.tab();
    expect(psi.input.value).toBe('250');
    expect(psi.stored()).toBe('250');
    expect(screen.getByRole('alert').textContent).toBe('PSI harus 0 sampai 200 PSI');
    await psi.user.tripleClick(psi.input);
    await psi.user.keyboard('-5');
    await psi.user.tab();
    expect(psi.stored()).toBe('-5');
    expect(screen.getByRole('alert').textContent).toBe('PSI harus 0 sampai 200 PSI');
  });

  it('lets decimals be typed (3.5 and 3,5) and odometer grow without an upper bound', async () => {
    const rtd = await setup('groove_3', 8);
    await rtd.user.keyboard('3.');
    expect(rtd.input.value).toBe('3.');
    await rtd.user.keyboard('5');
    expect(rtd.stored()).toBe('3.5');
    await rtd.user.tripleClick(rtd.input);
    await rtd.user.keyboard('7,5');
    expect(rtd.stored()).toBe('7.5');
    // shown the Indonesian way once typed
    await rtd.user.tab();
    expect(rtd.input.value).toBe('7,5');
  });

  it('shows the odometer with grouped thousands and reads the grouping back', async () => {
    const km = await setup('odometer', 276734);
    await km.user.tab();
    expect(km.input.value).toBe('276.734');
    await km.user.tripleClick(km.input);
    await km.user.keyboard('276.800');
    await km.user.tab();
    expect(km.stored()).toBe('276800');
    expect(km.input.value).toBe('276.800');
  });

  it('tells the comparison with the Before value in words: sama, lebih rendah, lebih tinggi', async () => {
    const { input, user } = await setup('groove_4', 10, 10);
    const status = () => document.getElementById(input.getAttribute('aria-describedby')!)?.textContent;
    expect(status()).toBe('sama');
    await user.keyboard('7');
    expect(status()).toBe('lebih rendah');
    await user.tripleClick(input);
    await user.keyboard('12');
    expect(status()).toBe('lebih tinggi');
  });
});
