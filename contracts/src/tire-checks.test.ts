import { describe, expect, it } from 'vitest';
import { ZTireCheckRecords } from './tire-checks';

const record = (position: string, serial_number: string, groove_1: unknown = 8) => ({
  position,
  serial_number,
  serial_number_url: '',
  groove_1,
  groove_2: 8,
  groove_3: 8,
  groove_4: 8,
  pressure: 100,
});

const messagesAt = (input: unknown) => {
  const parsed = ZTireCheckRecords.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('ZTireCheckRecords', () => {
  it('names a serial used at two positions at the second one, folding case and spaces', () => {
    expect(messagesAt([record('1', 'GT2615K3470'), record('2', ' gt2615k3470 ')])).toEqual([
      '1.serial_number: Nomor seri gt2615k3470 dipakai di dua posisi',
    ]);
  });

  it('still names it while another record has a bad value (the field shows both at once)', () => {
    const messages = messagesAt([record('1', 'GT2615K3470', 'abc'), record('2', 'GT2615K3470')]);
    expect(messages).toContain('1.serial_number: Nomor seri GT2615K3470 dipakai di dua posisi');
    expect(messages.some((m) => m.startsWith('0.groove_1:'))).toBe(true);
  });

  it('accepts distinct serials', () => {
    expect(messagesAt([record('1', 'A1'), record('2', 'A2')])).toEqual([]);
  });
});
