// Excel exports, streamed with exceljs' WorkbookWriter: rows go to the response as they are written,
// so a large sheet never sits in memory as a whole workbook.
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { addTextSafeRow, loadExcelJS } from '../../lib/exceljs';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null;
}

export interface SheetSpec<T> {
  name: string;
  columns: SheetColumn<T>[];
  rows: Iterable<T>;
  /** Optional last row (totals), written bold. */
  footer?: (string | number | null)[];
}

/** Writes one sheet: bold header row, one line per row, frozen header. */
function writeSheet<T>(wb: ExcelJS.stream.xlsx.WorkbookWriter, spec: SheetSpec<T>): void {
  const ws = wb.addWorksheet(spec.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = spec.columns.map((c) => ({
    header: c.header,
    width: c.width ?? Math.max(10, c.header.length + 2),
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for (const row of spec.rows) {
    const values = spec.columns.map((c) => c.value(row));
    addTextSafeRow(ws, values).commit();
  }
  if (spec.footer) {
    const last = addTextSafeRow(ws, spec.footer);
    last.font = { bold: true };
    last.commit();
  }
  ws.commit();
}

/** A safe download name: letters, digits, dot, dash and underscore only. */
export function xlsxFilename(base: string): string {
  return `${base.replace(/[^A-Za-z0-9._-]+/g, '_')}.xlsx`;
}

/**
 * Streams a workbook as the reply. Call it after the data is loaded, so a database error is still
 * an ordinary error reply; once streaming starts, a failure aborts the download.
 */
export function sendXlsx<T>(reply: FastifyReply, filename: string, sheet: SheetSpec<T>) {
  const out = new PassThrough();
  reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="${xlsxFilename(filename)}"`)
    .header('cache-control', 'no-store');
  void (async () => {
    const wb = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    wb.creator = 'ITMS';
    wb.created = new Date();
    writeSheet(wb, sheet);
    await wb.commit();
  })().catch((err) => {
    reply.log.error({ err }, 'xlsx export failed');
    out.destroy(err as Error);
  });
  return reply.send(out);
}
