import { describe, expect, it } from 'vitest';
import { countsAsWorkDone, signatureAwaited } from './work-done';

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

describe("signatureAwaited (the summary's PIC / EDP / WS columns)", () => {
  it.each([
    ['sent without the PIC, not validated', '-', '-', '-', 'pic'],
    ['validated before the PIC signed: PIC only, not also WS', '-', 'edp.png', '-', 'pic'],
    ['PIC signed, waiting for the EDP', 'pic.png', '-', '-', 'edp'],
    ['validated, waiting for the workshop', 'pic.png', 'edp.png', '-', 'workshop'],
    ['signed by everyone', 'pic.png', 'edp.png', 'ws.png', null],
    ['the workshop signed a check the PIC has not (legacy row)', '-', 'edp.png', 'ws.png', 'pic'],
  ])('%s', (_case, pic_sign, edp_sign, workshop_sign, awaited) => {
    expect(signatureAwaited({ pic_sign, edp_sign, workshop_sign })).toBe(awaited);
  });
});
