// Shared by the import tests (imports.test.ts and the 5,000-row imports.timed.test.ts).
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { TestApp } from '../../../test/helpers';
import { multipartFile } from '../../../test/multipart';
import { rowsOf } from '../../db/client';

export async function xlsx(header: string[], rows: (string | number | Date)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Uploads a file to an import endpoint as `token`; the type follows the name (.csv or XLSX). */
export function importer(app: () => TestApp, defaultToken: () => string) {
  return (url: string, file: Buffer, name = 'data.xlsx', token = defaultToken()) => {
    const { payload, headers } = multipartFile('file', name, file, name.endsWith('.csv') ? 'text/csv' : XLSX);
    return app().app.inject({ method: 'POST', url, payload, headers: { ...headers, access_token: token } });
  };
}

export async function countRows(t: TestApp, table: 'units' | 'tires' | 'tire_events'): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
  );
  return row!.n;
}
