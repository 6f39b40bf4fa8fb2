import { describe, expect, it } from 'vitest';
import { formatKm, formatTon, whatsappLink } from './format';

describe('formatting', () => {
  it('writes km and tonnage the Indonesian way', () => {
    expect(formatKm(204358)).toBe('204.358 Km');
    expect(formatTon(20)).toBe('20 Ton');
    expect(formatKm(null)).toBe('-');
  });

  it('links an Indonesian mobile number to WhatsApp', () => {
    expect(whatsappLink('081314653339')).toBe('https://wa.me/6281314653339');
    expect(whatsappLink('+62 813-1465-3339')).toBe('https://wa.me/6281314653339');
    expect(whatsappLink('-')).toBeNull();
  });
});
