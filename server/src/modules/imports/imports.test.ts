import { readFileSync } from 'node:fs';
import { TIRE_IMPORT_COLUMNS, UNIT_IMPORT_COLUMNS } from '@itms/contracts/master-data';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { TINY_PNG } from '../../../test/multipart';
import { rowsOf } from '../../db/client';
import { countRows, importer, XLSX, xlsx } from './imports.test-kit';
import { parseCsv } from './spreadsheet';

let t: TestApp;
let staff: string;
let tireman: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login(FX.staff.email);
  tireman = await t.login(FX.tireman.email);
});
afterAll(() => t.close());
const send = importer(
  () => t,
  () => staff,
);
const count = (table: 'units' | 'tires' | 'tire_events') => countRows(t, table);

describe('CSV reader', () => {
  it('handles quotes, doubled quotes, line breaks inside quotes, semicolons and a BOM', () => {
    const rows = parseCsv('\uFEFFa;b;c\r\n"x; y";"say ""hi""";"two\nlines"\r\n;;\n');
    expect(rows).toEqual([
      ['a', 'b', 'c'],
      ['x; y', 'say "hi"', 'two\nlines'],
      ['', '', ''],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describe('unit import', () => {
  const header = [
    'Nomor Polisi',
    'unit_type',
    'project',
    'Tonase',
    'handled_date',
    'plan_project',
    'catatan',
  ];

  it('previews every row with its problems and writes nothing', async () => {
    const file = await xlsx(header, [
      ['b 5001 ok', 'tronton', FX.project, 10, '05/03/25', ''],
      ['B 5002 XX', 'TRONTON', 'Project Hantu', 10, '2025-03-05', ''],
      ['B 5001 OK', 'ENGKEL', FX.project, 8, '', ''],
      [FX.tronton, 'TRONTON', FX.project, 8, '', ''],
      ['B 5003 XX', 'BUS', FX.project, 'sepuluh', '31/02/25', ''],
      ['B 5004 OK', 'cdd', FX.project, '7,5', new Date(Date.UTC(2024, 11, 31)), 'Plan B'],
    ]);
    const before = await count('units');
    const res = await send('/api/import/units/preview', file);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ kind: 'units', valid: 2, invalid: 4, ignoredColumns: ['catatan'] });
    expect(body.columns).toEqual([...UNIT_IMPORT_COLUMNS]);
    const byRow = Object.fromEntries(
      body.rows.map((r: { row: number; problems: string[] }) => [r.row, r.problems]),
    );
    expect(byRow[2]).toEqual([]);
    expect(byRow[3]).toEqual(['Project "Project Hantu" tidak ditemukan']);
    expect(byRow[4]).toEqual(['Nomor polisi B 5001 OK ganda di file (sama dengan baris 2)']);
    expect(byRow[5]).toEqual([`Nomor polisi ${FX.tronton} sudah terdaftar`]);
    expect(byRow[6]).toEqual([
      'Tipe unit "BUS" tidak dikenal',
      'Tonase "sepuluh" bukan angka',
      'Tanggal handle "31/02/25" tidak valid (gunakan dd/mm/yy, dd/mm/yyyy atau yyyy-mm-dd)',
    ]);
    expect(byRow[7]).toEqual([]);
    expect(body.rows[5].values).toMatchObject({
      plate_number: 'B 5004 OK',
      handled_date: '2024-12-31',
      tonnage: '7,5',
    });
    expect(await count('units')).toBe(before);

    // committing the same file is refused as a whole
    const commit = await send('/api/import/units/commit', file);
    expect(commit.statusCode).toBe(400);
    expect(commit.json().message).toContain('4 baris bermasalah');
    expect(commit.json().fields[0]).toEqual({
      field: 'baris 3',
      message: 'Project "Project Hantu" tidak ditemukan',
    });
    expect(await count('units')).toBe(before);
  });

  it('imports a clean CSV (semicolons, quotes) in one go and writes the audit log', async () => {
    const csv = [
      'plate_number;unit_type;project;tonnage;handled_date;plan_project',
      `"B 6001 CSV";TRONTON;"${FX.project}";10;01/02/25;"Plan, A"`,
      `b 6002 csv;engkel;${FX.project};8,5;2025-02-02;`,
    ].join('\r\n');
    const preview = await send('/api/import/units/preview', Buffer.from(csv), 'units.csv');
    expect(preview.json()).toMatchObject({ valid: 2, invalid: 0 });
    const res = await send('/api/import/units/commit', Buffer.from(csv), 'units.csv');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Import berhasil: 2 unit ditambahkan',
      data: { inserted: 2 },
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/unit?q=csv&sort=plate_number',
      headers: { access_token: staff },
    });
    expect(listed.json().data).toMatchObject([
      { plate_number: 'B 6001 CSV', plan_project: 'Plan, A', handled_date: '2025-02-01', tonnage: 10 },
      { plate_number: 'B 6002 CSV', unit_type: 'ENGKEL', plan_project: '-', tonnage: 8.5 },
    ]);
    const [audited] = rowsOf<{ detail: { count: number; file: string } }>(
      await t.database.db.execute(
        sql`select detail from audit_log where action = 'import' and entity = 'unit'`,
      ),
    );
    expect(audited!.detail).toMatchObject({ count: 2, file: 'units.csv' });
    // the same file again: every plate is now taken
    const again = await send('/api/import/units/preview', Buffer.from(csv), 'units.csv');
    expect(again.json()).toMatchObject({ valid: 0, invalid: 2 });
  });

  it('refuses files that are not XLSX or CSV, and files without the required columns', async () => {
    const png = await send('/api/import/units/preview', TINY_PNG, 'foto.csv');
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toContain('XLSX atau CSV');
    const broken = await send(
      '/api/import/units/preview',
      Buffer.concat([Buffer.from('PK\x03\x04'), TINY_PNG]),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/XLSX tidak dapat dibaca|tidak berisi/);
    const missing = await send(
      '/api/import/units/preview',
      Buffer.from('plate_number,tonnage\nB 1 X,3\n'),
      'x.csv',
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Kolom wajib tidak ada: unit_type, project');
    const empty = await send(
      '/api/import/units/preview',
      Buffer.from('plate_number,unit_type,project,tonnage\n'),
      'x.csv',
    );
    expect(empty.json().message).toBe('File tidak berisi data');
  });

  it('serves an XLSX template with the headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/import/units/template',
      headers: { access_token: staff },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...UNIT_IMPORT_COLUMNS]);
    expect(wb.getWorksheet('Project')!.getRow(2).getCell(2).value).toBe(FX.project);
    const tires = await t.app.inject({
      method: 'GET',
      url: '/api/import/tires/template',
      headers: { access_token: staff },
    });
    const twb = new ExcelJS.Workbook();
    await twb.xlsx.load(tires.rawPayload as unknown as ExcelJS.Buffer);
    expect((twb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...TIRE_IMPORT_COLUMNS]);
  });

  it('is closed to tire men', async () => {
    const file = Buffer.from('plate_number,unit_type,project,tonnage\nB 1 X,TRONTON,x,1\n');
    for (const url of [
      '/api/import/units/preview',
      '/api/import/units/commit',
      '/api/import/tires/preview',
      '/api/import/tires/commit',
    ]) {
      expect((await send(url, file, 'x.csv', tireman)).statusCode).toBe(403);
    }
    const tpl = await t.app.inject({
      method: 'GET',
      url: '/api/import/units/template',
      headers: { access_token: tireman },
    });
    expect(tpl.statusCode).toBe(403);
  });
});

describe('tire import', () => {
  const header = [
    'Nomor Seri',
    'ir_brand',
    'ori_brand',
    'pattern',
    'size',
    'is_original',
    'RTD 1',
    'RTD 2',
    'RTD 3',
    'RTD 4',
    'PSI',
    'casing_status',
    'velg_holes',
  ];

  it('flags bad rows, then imports a clean file to stock with a ledger entry per tire', async () => {
    const bad = await xlsx(header, [
      ['N-0001', 'gt', 'bridgestone', 'R150', '11.00-20', 'ori', 12, 11, 12, 10, 110, 'new original', 10],
      [FX.installedSerial(1).toLowerCase(), 'GT', 'GT', 'X', '10.00-20', 'RET', 8, 8, 8, 8, 100, '', ''],
      ['N-0003', 'GT', 'GT', 'X', '10.00-20', 'XYZ', 30, 8, 8, 8, 'keras', 'BARU SEKALI', 2.5],
      ['n-0001', 'GT', 'GT', 'X', '10.00-20', '', '', '', '', '', '', '', ''],
      // look-alikes: fullwidth and zero-width forms of N-0001 are N-0001; a Cyrillic letter is refused
      ['Ｎ-０００１', 'GT', 'GT', 'X', '10.00-20', '', '', '', '', '', '', '', ''],
      ['N-\u200B0001', 'GT', 'GT', 'X', '10.00-20', '', '', '', '', '', '', '', ''],
      ['\u041D-0009', 'GT', 'GT', 'X', '10.00-20', '', '', '', '', '', '', '', ''],
    ]);
    const preview = (await send('/api/import/tires/preview', bad)).json();
    expect(preview).toMatchObject({ kind: 'tires', valid: 1, invalid: 6 });
    expect(preview.rows.map((r: { problems: string[] }) => r.problems)).toEqual([
      [],
      [`Nomor seri ${FX.installedSerial(1).toLowerCase()} sudah terdaftar`],
      [
        'RTD 1 30 di luar batas (0 sampai 24)',
        'Kondisi (ORI/RET) "XYZ" tidak dikenal',
        'PSI "keras" bukan angka',
        'Status casing "BARU SEKALI" tidak dikenal',
        'Jumlah lubang velg harus bilangan bulat',
      ],
      ['Nomor seri n-0001 ganda di file (sama dengan baris 2)'],
      ['Nomor seri N-0001 ganda di file (sama dengan baris 2)'],
      ['Nomor seri N-0001 ganda di file (sama dengan baris 2)'],
      ['Nomor seri berisi huruf non-Latin (mis. huruf Kiril yang mirip); ketik dengan huruf A-Z'],
    ]);

    const tiresBefore = await count('tires');
    const good = await xlsx(header, [
      ['N-0101', 'gt', 'bridgestone', 'R150', '11.00-20', 'ori', 12, 11, 12, 10, 110, 'new original', 10],
      ['N-0102', 'GT', 'GT', 'X', '10.00-20', 'RET', '', '', '', '', '', '', ''],
    ]);
    const res = await send('/api/import/tires/commit', good);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Import berhasil: 2 ban ditambahkan');
    expect(await count('tires')).toBe(tiresBefore + 2);
    const rows = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`select t.serial_number, t.status, t.ir_brand, t.is_original, t.casing_status,
          t.groove_lowest, t.velg_holes, e.kind, e.to_status
        from tires t join tire_events e on e.tire_id = t.id where t.serial_number like 'N-01%' order by t.serial_number`),
    );
    expect(rows).toEqual([
      {
        serial_number: 'N-0101',
        status: 'UNINSTALLED',
        ir_brand: 'GT',
        is_original: 'ORI',
        casing_status: 'NEW ORIGINAL',
        groove_lowest: 10,
        velg_holes: 10,
        kind: 'received',
        to_status: 'UNINSTALLED',
      },
      {
        serial_number: 'N-0102',
        status: 'UNINSTALLED',
        ir_brand: 'GT',
        is_original: 'RET',
        casing_status: '',
        groove_lowest: null,
        velg_holes: null,
        kind: 'received',
        to_status: 'UNINSTALLED',
      },
    ]);
  });
});

describe('the import templates the product hands out', () => {
  const template = async (kind: 'units' | 'tires') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/import/${kind}/template`,
      headers: { access_token: staff },
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  /** The downloaded template with rows typed into its first sheet, every other sheet kept. */
  const filled = async (kind: 'units' | 'tires', rows: (string | number | Date)[][]) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await template(kind)) as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.length).toBeGreaterThan(3);
    for (const r of rows) wb.worksheets[0]!.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };

  it('import as downloaded, filled in (every sheet kept: the tires template has six)', async () => {
    const tires = await filled('tires', [
      ['TPL-0001', 'GT', 'BRIDGESTONE', 'R150', '11.00-20', 'ORI', 12, 11.5, 12, 12, '', 110, 0],
      ['TPL-0002', 'GT', 'GT', 'X', '10.00-20', 'RET', 8, 8, 8, 8, '', 100, 1200],
    ]);
    const preview = await send('/api/import/tires/preview', tires, 'template-import-ban.xlsx');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ valid: 2, invalid: 0 });
    expect(preview.json().rows[0].values).toMatchObject({ serial_number: 'TPL-0001', groove_2: '11.5' });
    const commit = await send('/api/import/tires/commit', tires, 'template-import-ban.xlsx');
    expect(commit.statusCode, commit.body).toBe(201);
    expect(commit.json().message).toBe('Import berhasil: 2 ban ditambahkan');

    const units = await filled('units', [
      ['B 7201 TPL', 'TRONTON', FX.project, 10, new Date(Date.UTC(2025, 2, 5)), '-'],
      ['B 7202 TPL', 'ENGKEL', FX.project, 7.5, '', ''],
    ]);
    const unitCommit = await send('/api/import/units/commit', units, 'template-import-unit.xlsx');
    expect(unitCommit.statusCode, unitCommit.body).toBe(201);
    expect(unitCommit.json().message).toBe('Import berhasil: 2 unit ditambahkan');
    const [unit] = rowsOf<{ handled_date: string }>(
      await t.database.db.execute(
        sql`select handled_date::text from units where plate_number = 'B 7201 TPL'`,
      ),
    );
    expect(unit!.handled_date).toBe('2025-03-05');
  });

  it('import after LibreOffice Calc saved them (its own zip order, styles and shared strings)', async () => {
    // fixtures/: the templates filled as above, then opened and saved by LibreOffice 7 (soffice
    // --convert-to xlsx); their date cell is a number with a date style
    const dir = new URL('./fixtures/', import.meta.url);
    const tires = readFileSync(new URL('template-ban-libreoffice.xlsx', dir));
    const preview = await send('/api/import/tires/preview', tires, 'template-ban-libreoffice.xlsx');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ valid: 2, invalid: 0 });
    expect(
      preview.json().rows.map((r: { values: { serial_number: string } }) => r.values.serial_number),
    ).toEqual(['LO-0001', 'LO-0002']);
    expect((await send('/api/import/tires/commit', tires)).statusCode).toBe(201);
    const units = readFileSync(new URL('template-unit-libreoffice.xlsx', dir));
    const unitPreview = await send('/api/import/units/preview', units, 'template-unit-libreoffice.xlsx');
    expect(unitPreview.statusCode, unitPreview.body).toBe(200);
    expect(unitPreview.json()).toMatchObject({ valid: 2, invalid: 0 });
    expect(unitPreview.json().rows[0].values).toMatchObject({
      plate_number: 'B 7101 LO',
      tonnage: '10',
      handled_date: '2025-03-05',
    });
    expect(unitPreview.json().rows[1].values.tonnage).toBe('7.5');
  });
});

describe('limits of a file', () => {
  it('refuses a value past column 100 and a cell over 1,000 characters, CSV and XLSX, saying where', async () => {
    const wide = ['plate_number', 'unit_type', ...Array.from({ length: 99 }, (_, i) => `x${i}`)];
    const tooWide = 'File berisi lebih dari 100 kolom; maksimal 100 kolom per file';
    const csvWide = Buffer.from(`${wide.join(',')}\nB 1 X,TRONTON\n`);
    const xlsxWide = await xlsx(wide, [['B 1 X', 'TRONTON']]);
    for (const [name, file] of [
      ['wide.csv', csvWide],
      ['wide.xlsx', xlsxWide],
    ] as const) {
      const res = await send('/api/import/units/preview', file, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: tooWide });
    }
    const long = 'x'.repeat(1001);
    const tooLong = 'Isi sel C3 lebih dari 1000 karakter; maksimal 1000 karakter per sel';
    const header = ['plate_number', 'unit_type', 'project', 'tonnage'];
    const rows = [
      ['B 1 X', 'TRONTON', FX.project, '1'],
      ['B 2 X', 'TRONTON', long, '1'],
    ];
    for (const [name, file] of [
      ['long.csv', Buffer.from([header, ...rows].map((r) => r.join(',')).join('\n'))],
      ['long.xlsx', await xlsx(header, rows)],
    ] as const) {
      const res = await send('/api/import/units/preview', file, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe(tooLong);
    }
    // 100 columns and 1,000 characters are still read
    const atLimit = await send(
      '/api/import/units/preview',
      Buffer.from(
        `${[...header, ...Array.from({ length: 96 }, (_, i) => `x${i}`)].join(',')}\nB 3 X,TRONTON,${FX.project},1\n`,
      ),
      'ok.csv',
    );
    expect(atLimit.statusCode, atLimit.body).toBe(200);
  });
});
