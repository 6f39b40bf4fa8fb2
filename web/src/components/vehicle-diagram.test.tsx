import type { Position } from '@itms/contracts/enums';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VehicleDiagram } from './vehicle-diagram';

const card = (p: Position, ctx: { stacked: boolean }) => (
  <span>{`kartu ${p}${ctx.stacked ? ' (stack)' : ''}`}</span>
);
const positionsIn = (side: HTMLElement) =>
  within(side)
    .getAllByRole('group')
    .map((g) => g.getAttribute('aria-label'));

afterEach(() => vi.restoreAllMocks());

describe('VehicleDiagram', () => {
  it.each([
    ['ENGKEL', 'Engkel', ['1', '3', '5', 'ST'], ['2', '4', '6', 'ST2']],
    ['DUMP TRUCK', 'Tronton', ['1', '3', '5', '7', '9', 'ST'], ['2', '4', '6', '8', '10', 'ST2']],
    [
      'CAR CARRIER',
      'Trailer',
      ['1', '3', '5', '7', '9', '11', 'ST'],
      ['2', '4', '6', '8', '10', '12', 'ST2'],
    ],
  ])('%s: draws the %s diagram, odd + ST left, even + ST2 right', (unitType, label, left, right) => {
    render(<VehicleDiagram unitType={unitType} renderPosition={card} />);
    expect(screen.getByRole('img', { name: new RegExp(`^Diagram ${label}:`) })).toBeTruthy();
    expect(positionsIn(screen.getByRole('group', { name: 'Sisi kiri' }))).toEqual(
      left.map((p) => `Posisi ${p}`),
    );
    expect(positionsIn(screen.getByRole('group', { name: 'Sisi kanan' }))).toEqual(
      right.map((p) => `Posisi ${p}`),
    );
    // phones: the cards stack under the drawing
    expect(screen.getByText('kartu 1 (stack)')).toBeTruthy();
  });

  it('puts every card beside its wheel when the container is wide enough', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 1200 } as DOMRect);
    const { container } = render(<VehicleDiagram kind="trailer" renderPosition={card} />);
    expect(container.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('wide');
    expect(screen.getByText('kartu 12')).toBeTruthy();
    const left = screen.getByRole('group', { name: 'Sisi kiri' });
    expect(within(left).queryByRole('group', { name: 'Posisi 12' })).toBeNull();
    expect(within(left).getByRole('group', { name: 'Posisi 11' })).toBeTruthy();
  });

  it('colours each wheel by its tone', () => {
    const { container } = render(
      <VehicleDiagram
        kind="engkel"
        renderPosition={card}
        wheelTone={(p) => (p === '3' ? 'accent' : 'muted')}
      />,
    );
    const wheel3 = [...container.querySelectorAll('svg text')].find((t) => t.textContent === '3')!;
    expect(wheel3.previousElementSibling?.getAttribute('fill')).toBe('#f08c00');
  });
});
