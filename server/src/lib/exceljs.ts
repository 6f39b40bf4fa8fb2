import type ExcelJS from 'exceljs';

/** exceljs on first use: about 20 MB of RSS that a server nobody exports from never needs. */
export async function loadExcelJS(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

/** How a text starts that a spreadsheet would take as a formula when typed: = + - @, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Adds one row of an export. exceljs writes a string as a string (never as a formula), but a
 * cell like `=HYPERLINK(...)` typed by a user would become a live formula as soon as someone
 * edits it in Excel or LibreOffice: such cells get the Text format ('@'), which keeps them text.
 */
export function addTextSafeRow(
  ws: Pick<ExcelJS.Worksheet, 'addRow'>,
  values: readonly (string | number | null)[],
): ExcelJS.Row {
  const row = ws.addRow([...values]);
  values.forEach((v, i) => {
    if (typeof v === 'string' && FORMULA_START.test(v)) row.getCell(i + 1).numFmt = '@';
  });
  return row;
}
