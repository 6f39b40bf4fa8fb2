import { describe, expect, it } from 'vitest';
import { countsAsWorkDone } from './work-done';

describe('countsAsWorkDone', () => {
  it.each([
    ['sent, waiting for the office', null, true],
    ['validated', null, true],
    ['returned to the tire man, not sent again', '2026-12-01T03:00:00.000Z', false],
    ['returned and sent again (the resubmit clears returned_at)', null, true],
  ])('%s: %s', (_case, returnedAt, counts) => {
    expect(countsAsWorkDone({ returned_at: returnedAt })).toBe(counts);
  });
});
