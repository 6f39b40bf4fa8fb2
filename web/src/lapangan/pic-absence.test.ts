import { ZTireCheckCreateBody } from '@itms/contracts/tire-checks';
import { describe, expect, it } from 'vitest';
import { PIC_PRESENT, picAbsenceBody } from './pic-absence';

// issue 36, item 2: what the phone puts in the entry's body for 'PIC tidak di tempat'
describe('picAbsenceBody', () => {
  it('sends the reason only while the box is ticked; a draft from before the choice sends nothing', () => {
    expect(picAbsenceBody({ absent: true, reason: 'PIC cuti' })).toEqual({ pic_absent_reason: 'PIC cuti' });
    expect(picAbsenceBody({ absent: false, reason: 'PIC cuti' })).toEqual({});
    expect(picAbsenceBody(PIC_PRESENT)).toEqual({});
    expect(picAbsenceBody(undefined)).toEqual({});
  });

  it('a ticked box with no reason fails the form at the reason, in Indonesian', () => {
    const body = {
      unit_id: 1,
      location_id: 1,
      odometer: 1000,
      records: [
        {
          position: '1',
          serial_number: 'A1',
          groove_1: 9,
          groove_2: 9,
          groove_3: 9,
          groove_4: 9,
          pressure: 100,
        },
      ],
      ...picAbsenceBody({ absent: true, reason: '  ' }),
    };
    const parsed = ZTireCheckCreateBody.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['pic_absent_reason', 'Alasan PIC tidak di tempat wajib diisi'],
    ]);
    expect(ZTireCheckCreateBody.safeParse({ ...body, pic_absent_reason: 'PIC rapat' }).success).toBe(true);
  });
});
