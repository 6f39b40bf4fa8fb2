import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { addTextSafeRow, loadExcelJS } from '../../lib/exceljs';

export interface XlsxColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null;
}

export interface XlsxExport<T> {
  /** File name offered to the browser, e.g. `list-data-ban.xlsx`. */
  filename: string;
  sheet: string;
  columns: XlsxColumn<T>[];
  /** One batch of rows in export order; fewer than `limit` rows ends the export. */
  fetch: (offset: number, limit: number) => Promise<T[]>;
  batch?: number;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams a one-sheet workbook to the reply: rows are read from the database batch by batch and
 * committed to the zip stream as they come, so a large export never sits whole in memory.
 */
export function sendXlsx<T>(reply: FastifyReply, x: XlsxExport<T>): FastifyReply {
  const out = new PassThrough();
  const batch = x.batch ?? 1000;
  const produce = async () => {
    const ExcelJS = await loadExcelJS();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const ws = wb.addWorksheet(x.sheet);
    ws.columns = x.columns.map((c) => ({ header: c.header, width: c.width ?? 16 }));
    ws.getRow(1).font = { bold: true };
    for (let offset = 0; ; offset += batch) {
      const rows = await x.fetch(offset, batch);
      for (const r of rows) {
        const values = x.columns.map((c) => c.value(r));
        addTextSafeRow(ws, values).commit();
      }
      if (rows.length < batch) break;
    }
    ws.commit();
    await wb.commit();
  };
  produce().catch((err) => {
    reply.log.error({ err }, 'xlsx export failed');
    out.destroy(err as Error);
  });
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="${x.filename}"`)
    .send(out);
}
