import { describe, expect, it } from 'vitest';
import { pdfFilename } from './pdf-filename';

describe('pdfFilename', () => {
  it('names the document by kind, plate without spaces and day', () => {
    expect(pdfFilename('pengecekan', 'B 9001 TR', '2025-01-31')).toBe('pengecekan-B9001TR-2025-01-31.pdf');
    expect(pdfFilename('pergantian', 'B 9001 TR', '2025-02-01')).toBe('pergantian-B9001TR-2025-02-01.pdf');
    expect(pdfFilename('bkb', 'KT 8123 AB', '2025-02-02')).toBe('bkb-KT8123AB-2025-02-02.pdf');
  });

  it('keeps nothing a header or a file system could trip on', () => {
    expect(pdfFilename('pengecekan', 'B/9001"TR', '2025-01-31')).toBe('pengecekan-B-9001-TR-2025-01-31.pdf');
    expect(pdfFilename('pengecekan', '  ', '2025-01-31')).toBe('pengecekan-unit-2025-01-31.pdf');
  });
});
