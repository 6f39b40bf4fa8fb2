/** What is printed: a check (Pengecekan), a replacement (Pergantian) or a BKB. */
export type PdfKind = 'pengecekan' | 'pergantian' | 'bkb';

/**
 * The file name of a printed document: `<kind>-<plate>-<yyyy-mm-dd>.pdf`, e.g.
 * `pengecekan-B9001TR-2025-01-31.pdf`. The plate loses its spaces and keeps only letters, digits
 * and dashes, so the name is safe in a Content-Disposition header and on any file system.
 */
export function pdfFilename(kind: PdfKind, plate: string, day: string): string {
  const safePlate = plate.replace(/\s+/g, '').replace(/[^A-Za-z0-9-]+/g, '-') || 'unit';
  return `${kind}-${safePlate}-${day}.pdf`;
}
