import type ExcelJS from 'exceljs';

/** exceljs on first use: about 20 MB of RSS that a server nobody exports from never needs. */
export async function loadExcelJS(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
