import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMPORT_MAX_ROWS, UNIT_IMPORT_COLUMNS } from '@itms/contracts/master-data';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { multipartFile } from '../../../test/multipart';
import { countRows, XLSX, xlsx } from './imports.test-kit';
import { csvRecords, parseCsv, readTable } from './spreadsheet';

// A file far past the row limit is refused after reading the limit, not after reading the file:
// before rows were streamed, a 300,000-row file grew the server by about 100 MB (and the issue's
// measurement by 290 MB); now it costs no more than a file at the limit. An XLSX is read straight
// from the zip (xlsx-reader.ts), its shared strings packed before the first row (exceljs's reader,
// which held each as a string, grew the server by 11 to 62 MB from run to run). A timed file (run
// alone, vitest.config.ts): disk and CPU contention.
const HUGE = 300_000;
const MB = 1024 * 1024;

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login(FX.staff.email);
});
afterAll(() => t.close());

// The files are built in a child process: the garbage of building them here would be reused by
// the reader and hide its growth (a full GC does not give it back to the system).
const BUILD = `
const fs = require('node:fs');
const ExcelJS = require('exceljs');
const [dir, rows, limit, header, project] = JSON.parse(process.argv[1]);
const row = (i) => ['B ' + i + ' MEM', 'TRONTON', project, 10, '01/01/25', '-'];
const csv = fs.createWriteStream(dir + '/units.csv');
csv.write(header.join(',') + '\\n');
for (let i = 0; i < rows; i++) csv.write(row(i).join(',') + '\\n');
csv.end();
// as Excel writes it: shared strings, stored after the sheet; once at the limit, once far past it
for (const [name, n] of [['limit.xlsx', limit], ['units.xlsx', rows]]) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: dir + '/' + name, useSharedStrings: true });
  const ws = wb.addWorksheet('Unit');
  ws.addRow(header).commit();
  // three cells a row (the rest blank) keep the build short; the plates are as many shared strings
  for (let i = 0; i < n; i++) ws.addRow(row(i).slice(0, 3)).commit();
  ws.commit();
  wb.commit();
}
`;

function buildHugeFiles(): { csv: Buffer; book: Buffer; limitBook: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'itms-import-memory-'));
  try {
    execFileSync(
      process.execPath,
      ['-e', BUILD, JSON.stringify([dir, HUGE, IMPORT_MAX_ROWS, [...UNIT_IMPORT_COLUMNS], FX.project])],
      { cwd: fileURLToPath(new URL('.', import.meta.url)), stdio: 'inherit' },
    );
    return {
      csv: readFileSync(join(dir, 'units.csv')),
      book: readFileSync(join(dir, 'units.xlsx')),
      limitBook: readFileSync(join(dir, 'limit.xlsx')),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Temporary copies of sheets on disk belonging to this process (exceljs's reader made them; none now). */
const spooledSheets = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`tmp-${process.pid}-`)).length;

/**
 * The preview's answer and how far the process's RSS rose above where it was before it. The
 * request body is built first: the client's copy of the file is not the server's memory.
 */
async function previewRss(file: Buffer, name: string) {
  const { payload, headers } = multipartFile('file', name, file, name.endsWith('.csv') ? 'text/csv' : XLSX);
  const before = process.memoryUsage.rss();
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/import/units/preview',
      payload,
      headers: { ...headers, access_token: staff },
    });
    peak = Math.max(peak, process.memoryUsage.rss());
    return { res, growthMb: Math.round((peak - before) / MB) };
  } finally {
    clearInterval(sample);
  }
}

describe('import of a file past the row limit', () => {
  it(`refuses ${HUGE.toLocaleString('en')} rows (CSV and XLSX) with RSS growing under 50 MB`, async () => {
    const started = performance.now();
    const { csv, book, limitBook } = buildHugeFiles();
    // A server that has read a file of the limit's size (its heap grown for that work) is the
    // baseline: what the huge file adds on top of that is what grows with the file.
    const atLimit = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => [`B ${i} LIM`, 'TRONTON', FX.project]);
    const header = [...UNIT_IMPORT_COLUMNS];
    expect((await readTable(await xlsx(header, atLimit), IMPORT_MAX_ROWS)).rows).toHaveLength(
      IMPORT_MAX_ROWS,
    );
    const limitCsv = Buffer.from([header, ...atLimit].map((r) => r.join(',')).join('\n'));
    expect((await readTable(limitCsv, IMPORT_MAX_ROWS)).rows).toHaveLength(IMPORT_MAX_ROWS);
    // ... and of the same make as the huge one (shared strings after the sheet, read from a spooled
    // copy), through the same route: its heap holds a shared-strings table of the limit's size
    const warm = await previewRss(limitBook, 'limit.xlsx');
    expect(warm.res.statusCode).toBe(200);
    const buildMs = Math.round(performance.now() - started);
    const unitsBefore = await countRows(t, 'units');
    const spooledBefore = spooledSheets();

    const growth: Record<string, number> = {};
    const answers: Record<string, { statusCode: number; json(): { message: string } }> = {};
    for (const [label, file, name] of [
      ['xlsx', book, 'units.xlsx'],
      ['csv', csv, 'units.csv'],
    ] as const) {
      const { res, growthMb } = await previewRss(file, name);
      growth[label] = growthMb;
      answers[label] = res;
    }
    console.log(
      `[import memory] ${HUGE} rows: csv ${Math.round(csv.length / 1024)} KB +${growth.csv} MB RSS, ` +
        `xlsx ${Math.round(book.length / 1024)} KB +${growth.xlsx} MB RSS (files built in ${buildMs} ms)`,
    );
    for (const [label, res] of Object.entries(answers)) {
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toBe(
        `File berisi lebih dari ${IMPORT_MAX_ROWS} baris; maksimal ${IMPORT_MAX_ROWS} baris per file`,
      );
    }
    for (const [label, mb] of Object.entries(growth)) expect(mb, label).toBeLessThan(50);
    expect(await countRows(t, 'units')).toBe(unitsBefore);
    // the refused sheet's temporary copy on disk is gone too
    await vi.waitFor(() => expect(spooledSheets()).toBeLessThanOrEqual(spooledBefore));
  }, 120_000);
});

// The shapes of issue 35: a 230 KB CSV of 16,000 columns and 20,000 rows grew the server by
// 1.77 GB (every row was widened to the header's 16,000 cells); a sheet as wide; a sheet whose XML
// nests a million levels deep. Built in a child process, like the files above.
const BUILD_SHAPES = `
const fs = require('node:fs');
const ExcelJS = require('exceljs');
const JSZip = require('jszip');
const [dir, cols, rows] = JSON.parse(process.argv[1]);
// the issue's CSV: a header of 16,000 names, then 20,000 short rows
fs.writeFileSync(dir + '/wide.csv', 'k,'.repeat(cols - 1) + 'k\\n' + 'B 1,TRONT\\n'.repeat(rows));
// the same with a blank header past the second column (trailing separators): read, not refused
fs.writeFileSync(dir + '/trailing.csv', 'plate_number,unit_type' + ','.repeat(cols) + '\\n' + ('B 1 W,TRONTON' + ','.repeat(cols) + '\\n').repeat(1000));
(async () => {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: dir + '/wide.xlsx', useSharedStrings: true });
  const ws = wb.addWorksheet('Unit');
  ws.addRow(Array.from({ length: cols }, (_, i) => 'k' + i)).commit();
  for (let i = 0; i < rows; i++) ws.addRow(['B ' + i + ' W', 'TRONTON']).commit();
  ws.commit();
  await wb.commit();
  // a workbook whose sheet nests a million elements before its rows
  const small = new ExcelJS.Workbook();
  small.addWorksheet('Unit').addRows([['plate_number', 'unit_type'], ['B 1 D', 'TRONTON']]);
  const zip = await JSZip.loadAsync(await small.xlsx.writeBuffer());
  const depth = 1000000;
  const sheet = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    '<x>'.repeat(depth) + '</x>'.repeat(depth) +
    '<row r="1"><c r="A1" t="inlineStr"><is><t>plate_number</t></is></c><c r="B1" t="inlineStr"><is><t>unit_type</t></is></c></row>' +
    '<row r="2"><c r="A2" t="inlineStr"><is><t>B 1 D</t></is></c><c r="B2" t="inlineStr"><is><t>TRONTON</t></is></c></row>' +
    '</sheetData></worksheet>';
  zip.file('xl/worksheets/sheet1.xml', sheet);
  fs.writeFileSync(dir + '/deep.xlsx', await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
})();
`;

describe('import of a file of any shape', () => {
  it('refuses 16,000 columns (CSV, XLSX) and reads a million-deep XML sheet with RSS growing under 50 MB', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'itms-import-shapes-'));
    let files: Record<'wide.csv' | 'trailing.csv' | 'wide.xlsx' | 'deep.xlsx', Buffer>;
    try {
      execFileSync(process.execPath, ['-e', BUILD_SHAPES, JSON.stringify([dir, 16_000, 20_000])], {
        cwd: fileURLToPath(new URL('.', import.meta.url)),
        stdio: 'inherit',
      });
      files = Object.fromEntries(
        (['wide.csv', 'trailing.csv', 'wide.xlsx', 'deep.xlsx'] as const).map((n) => [
          n,
          readFileSync(join(dir, n)),
        ]),
      ) as typeof files;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // the issue's file: about 230 KB
    expect(files['wide.csv'].length).toBeGreaterThan(200 * 1024);
    expect(files['wide.csv'].length).toBeLessThan(260 * 1024);
    const unitsBefore = await countRows(t, 'units');
    const growth: Record<string, number> = {};
    const tooWide = 'File berisi lebih dari 100 kolom; maksimal 100 kolom per file';
    for (const name of ['wide.csv', 'wide.xlsx'] as const) {
      const { res, growthMb } = await previewRss(files[name], name);
      growth[name] = growthMb;
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: tooWide });
    }
    const trailing = await previewRss(files['trailing.csv'], 'trailing.csv');
    growth['trailing.csv'] = trailing.growthMb;
    expect(trailing.res.statusCode).toBe(400);
    expect(trailing.res.json().message).toBe('Kolom wajib tidak ada: project, tonnage');
    const deep = await previewRss(files['deep.xlsx'], 'deep.xlsx');
    growth['deep.xlsx'] = deep.growthMb;
    expect(deep.res.statusCode, deep.res.body).toBe(400);
    expect(deep.res.json().message).toBe('Kolom wajib tidak ada: project, tonnage');
    console.log(`[import memory] shapes: ${JSON.stringify(growth)} MB RSS`);
    for (const [name, mb] of Object.entries(growth)) expect(mb, name).toBeLessThan(50);
    expect(await countRows(t, 'units')).toBe(unitsBefore);
  }, 120_000);
});

describe('row limit', () => {
  const header = ['plate_number', 'unit_type'];
  const rows = (n: number) => Array.from({ length: n }, (_, i) => [`B ${i} X`, 'TRONTON']);
  const csv = (n: number, blankLines = 0) =>
    Buffer.from([header, ...rows(n)].map((r) => r.join(',')).join('\n') + '\n,\n'.repeat(blankLines));

  it('takes exactly the limit and refuses one row more; blank rows do not count', async () => {
    const spooledBefore = spooledSheets();
    expect((await readTable(csv(3, 5), 3)).rows).toHaveLength(3);
    await expect(readTable(csv(4), 3)).rejects.toThrow(
      'File berisi lebih dari 3 baris; maksimal 3 baris per file',
    );
    expect((await readTable(await xlsx(header, [...rows(3), ['', ''], ['', '']]), 3)).rows).toHaveLength(3);
    await expect(readTable(await xlsx(header, rows(4)), 3)).rejects.toThrow('File berisi lebih dari 3 baris');
    // a workbook of several sheets (the template has five): only the first is read, none stays on disk
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Unit').addRows([header, ...rows(2)]);
    book.addWorksheet('Petunjuk').addRows(rows(5));
    const table = await readTable(Buffer.from(await book.xlsx.writeBuffer()), 3);
    expect(table.rows.map((r) => r.cells)).toEqual(rows(2));
    await vi.waitFor(() => expect(spooledSheets()).toBeLessThanOrEqual(spooledBefore));
  });

  it('reads a CSV fed in pieces the same as whole (quotes, CRLF and multi-byte text across the piece edges)', async () => {
    const record = ['"Plan, ""A"""', 'Jalan Raya — Km 5', '"two\r\nlines"', 'é'].join(';');
    const text = `plate_number;unit_type;project;tonnage\r\n${`${record}\r\n`.repeat(20_000)}`;
    const table = await readTable(Buffer.from(text), 20_000);
    expect(table.headers).toEqual(['plate_number', 'unit_type', 'project', 'tonnage']);
    expect(table.rows).toHaveLength(20_000);
    for (const r of [table.rows[0]!, table.rows[7_777]!, table.rows.at(-1)!]) {
      expect(r.cells).toEqual(['Plan, "A"', 'Jalan Raya — Km 5', 'two\r\nlines', 'é']);
    }
    expect(table.rows.at(-1)!.row).toBe(20_001);
    // every state of the reader carried over a piece edge: one character per piece
    const sample = '\uFEFFa;b;c\r\n"x; y";"say ""hi""";"two\r\nlines"\r\n;;\n"";"q"\r"a""",\r';
    expect([...csvRecords([...sample])]).toEqual(parseCsv(sample));
    expect(parseCsv(sample)).toEqual([
      ['a', 'b', 'c'],
      ['x; y', 'say "hi"', 'two\r\nlines'],
      ['', '', ''],
      ['', 'q'],
      ['a",'],
    ]);
  });
});
