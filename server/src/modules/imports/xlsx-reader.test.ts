import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { xlsx } from './imports.test-kit';
import { readTable } from './spreadsheet';

/** A zip of these parts, deflated (as Excel writes them) or stored (as some tools do). */
function zip(parts: Record<string, string>, method: 'deflate' | 'store'): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(parts)) {
    const raw = Buffer.from(text);
    const data = method === 'deflate' ? deflateRawSync(raw) : raw;
    const crc = crc32(raw);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method === 'deflate' ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method === 'deflate' ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A one-sheet workbook with this sheet data and these shared strings, its parts in Excel's order
 * (or with workbook.xml last, as exceljs writes it).
 */
function book(
  sheetData: string,
  shared: string[],
  method: 'deflate' | 'store' = 'deflate',
  opts: { workbookLast?: boolean; styles?: string } = {},
): Buffer {
  const workbook = {
    'xl/workbook.xml': `<?xml version="1.0"?><workbook ${NS} xmlns:r="${REL}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/><sheet name="Petunjuk" sheetId="2" r:id="rId3"/></sheets></workbook>`,
  };
  return zip(
    {
      '[Content_Types].xml': `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
      '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ...(opts.workbookLast ? {} : workbook),
      'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId3" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      // the second sheet is stored first: the first is the workbook's first tab, not the zip's
      'xl/worksheets/sheet2.xml': `<?xml version="1.0"?><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>bukan ini</t></is></c></row></sheetData></worksheet>`,
      'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet ${NS}><sheetData>${sheetData}</sheetData></worksheet>`,
      'xl/sharedStrings.xml': `<?xml version="1.0"?><sst ${NS} count="${shared.length}">${shared.join('')}</sst>`,
      ...(opts.styles ? { 'xl/styles.xml': opts.styles } : {}),
      ...(opts.workbookLast ? workbook : {}),
    },
    method,
  );
}

describe('XLSX reader', () => {
  // every kind of cell a spreadsheet holds
  const shared = [
    '<si><t>unit_type</t></si>',
    '<si><t>B 1 X</t></si>',
    '<si><t xml:space="preserve">   </t></si>',
    '<si><r><rPr><b/></rPr><t xml:space="preserve"> </t></r><r><t xml:space="preserve">  </t></r></si>',
    '<si><t>&#160;</t></si>',
    '<si><r><t>TRON</t></r><r><rPr><i/></rPr><t>TON</t></r></si>',
  ];
  const sheet = [
    '<row r="1"><c r="A1" t="inlineStr"><is><t>plate_number</t></is></c><c r="B1" t="s"><v>0</v></c></row>',
    '<row r="2"><c r="A2" t="s"><v>1</v></c></row>', // a shared string
    '<row r="3"><c r="A3" t="s"><v>2</v></c><c r="B3" t="inlineStr"><is><t> </t></is></c></row>', // blanks
    '<row r="4"><c r="A4" t="e"><v>#N/A</v></c></row>', // an error shows nothing
    '<row r="5"><c r="A5"><f>1+1</f></c><c r="B5" s="1"/></row>', // a formula never calculated
    '<row r="6"><c r="D6"><v>5</v></c></row>', // past the header's columns
    '<row r="7"><c r="B7"><v>42</v></c></row>', // a number
    '<row r="8"><c r="A8" t="s"><v>3</v></c><c r="B8" t="s"><v>4</v></c></row>', // rich and NBSP blanks
    '<row r="9"><c r="A9" t="str"><f>"o"&amp;"k"</f><v>ok</v></c></row>', // a formula's text
    '<row r="10"><c r="B10" t="b"><v>0</v></c></row>', // a boolean
    '<row r="11"/>',
    '<row r="12" spans="1:2"><c r="B12" t="s"><v>5</v></c></row>', // rich text
  ].join('');
  const file = book(sheet, shared);

  it('reads each kind of cell as a person sees it; blanks, errors and cells past the header do not count', async () => {
    const table = await readTable(file, 100);
    expect(table.headers).toEqual(['plate_number', 'unit_type']);
    expect(table.rows.map((r) => r.row)).toEqual([2, 7, 9, 10, 12]);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['B 1 X', ''],
      ['', '42'],
      ['ok', ''],
      ['', 'false'],
      ['', 'TRONTON'],
    ]);
    await expect(readTable(file, 4)).rejects.toThrow(
      'File berisi lebih dari 4 baris; maksimal 4 baris per file',
    );
    // the same parts stored uncompressed, or with workbook.xml stored last, read the same
    for (const same of [
      book(sheet, shared, 'store'),
      book(sheet, shared, 'deflate', { workbookLast: true }),
    ]) {
      expect((await readTable(same, 100)).rows.map((r) => r.cells)).toEqual(
        (await readTable(file, 100)).rows.map((r) => r.cells),
      );
    }
  });

  it('writes a number in a date style as its day (built-in and custom formats, 1904 dates too)', async () => {
    const styles = `<?xml version="1.0"?><styleSheet ${NS}><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy;@"/></numFmts><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="4"/></cellXfs></styleSheet>`;
    const sheet =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="B1" t="inlineStr"><is><t>b</t></is></c><c r="C1" t="inlineStr"><is><t>c</t></is></c></row>' +
      '<row r="2"><c r="A2" s="1"><v>45721</v></c><c r="B2" s="2"><v>45721</v></c><c r="C2" s="3"><v>45721.5</v></c></row>';
    const table = await readTable(book(sheet, [], 'deflate', { styles }), 10);
    expect(table.rows[0]!.cells).toEqual(['2025-03-05', '2025-03-05', '45721.5']);
  });

  it('reads a compressed workbook as written by Excel and exceljs', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => (i % 3 === 2 ? [' ', ''] : [`B ${i} X`, 'TRONTON']));
    const written = await xlsx(['plate_number', 'unit_type'], rows);
    expect((await readTable(written, 20)).rows).toHaveLength(20);
    await expect(readTable(written, 19)).rejects.toThrow('File berisi lebih dari 19 baris');
  });

  it('refuses a damaged zip as unreadable', async () => {
    const written = await xlsx(['plate_number'], [['B 1 X']]);
    const cut = written.subarray(0, written.length - 30);
    await expect(readTable(cut, 1)).rejects.toThrow('File XLSX tidak dapat dibaca');
  });
});
