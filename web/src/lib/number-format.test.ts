import { describe, expect, it } from 'vitest';
import { dash, formatKm, formatRupiah, formatTon, whatsappLink } from './number-format';

describe('number-format', () => {
  it('writes km, tonnage and rupiah the Indonesian way', () => {
    expect(formatKm(204358)).toBe('204.358 Km');
    expect(formatTon(20)).toBe('20 Ton');
    expect(formatKm(null)).toBe('-');
    expect(formatRupiah(1250000)).toBe('Rp 1.250.000');
    expect(formatRupiah(42.567)).toBe('Rp 42,57');
    expect(formatRupiah(null)).toBe('-');
  });

  it('writes a number given to dash with a decimal comma and grouped thousands', () => {
    expect(dash(12.5)).toBe('12,5');
    expect(dash(180732)).toBe('180.732');
    expect(dash('B 9001 TR')).toBe('B 9001 TR');
    expect(dash('-')).toBe('-');
    expect(dash(null)).toBe('-');
  });

  it('links an Indonesian mobile number to WhatsApp', () => {
    expect(whatsappLink('081314653339')).toBe('https://wa.me/6281314653339');
    expect(whatsappLink('+62 813-1465-3339')).toBe('https://wa.me/6281314653339');
    expect(whatsappLink('-')).toBeNull();
  });
});
