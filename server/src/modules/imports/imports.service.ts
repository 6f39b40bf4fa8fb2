import {
  CASING_STATUSES,
  FLAP_STATUSES,
  TUBE_STATUSES,
  UNIT_TYPES,
  VELG_STATUSES,
} from '@itms/contracts/enums';
import {
  IMPORT_MAX_ROWS,
  type ImportKind,
  type TImportPreview,
  type TImportPreviewRow,
  TIRE_IMPORT_COLUMNS,
  UNIT_IMPORT_COLUMNS,
} from '@itms/contracts/master-data';
import { asc } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { projects } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, conflict, pgCode } from '../../lib/errors';
import { type ColumnSpec, mapColumns, readTable, templateXlsx } from './spreadsheet';
import { analyseTires, IMPORT_TIRE_STATUSES, insertTires, TIRE_COLUMNS } from './tires-import';
import { analyseUnits, insertUnits, UNIT_COLUMNS } from './units-import';

const SPECS: Record<ImportKind, readonly ColumnSpec[]> = { units: UNIT_COLUMNS, tires: TIRE_COLUMNS };
const LABEL: Record<ImportKind, string> = { units: 'unit', tires: 'ban' };

interface Analysis {
  preview: TImportPreview;
  commit: (tx: Tx, userId: number) => Promise<number[]>;
}

async function analyse(db: DbOrTx, kind: ImportKind, file: Buffer): Promise<Analysis> {
  const table = await readTable(file, IMPORT_MAX_ROWS);
  const { index, columns, ignored } = mapColumns(table.headers, SPECS[kind]);
  const rows = table.rows.map(({ row, cells }) => ({
    row,
    values: Object.fromEntries([...index].map(([name, i]) => [name, cells[i] ?? ''])),
  }));
  const summary = (preview: TImportPreviewRow[]): TImportPreview => {
    const invalid = preview.filter((r) => r.problems.length > 0).length;
    return {
      kind,
      rows: preview,
      valid: preview.length - invalid,
      invalid,
      columns,
      ignoredColumns: ignored,
    };
  };
  if (kind === 'units') {
    const { preview, records } = await analyseUnits(db, rows);
    return { preview: summary(preview), commit: (tx) => insertUnits(tx, records) };
  }
  const { preview, records } = await analyseTires(db, rows);
  return { preview: summary(preview), commit: (tx, userId) => insertTires(tx, records, userId) };
}

/** Every row of the file with its problems; nothing is written. */
export async function previewImport(db: Db, kind: ImportKind, file: Buffer): Promise<TImportPreview> {
  return (await analyse(db, kind, file)).preview;
}

/**
 * Imports the whole file in one transaction, or nothing: a file with any problem row is refused
 * (the rows are checked again here, against the database as it is now).
 */
export async function commitImport(
  db: Db,
  actorId: number,
  kind: ImportKind,
  file: Buffer,
  fileName: string,
): Promise<{ inserted: number; ms: number }> {
  const started = performance.now();
  try {
    const inserted = await db.transaction(async (tx) => {
      const { preview, commit } = await analyse(tx, kind, file);
      if (preview.invalid > 0) {
        const bad = preview.rows.filter((r) => r.problems.length > 0);
        throw new AppError(
          400,
          'VALIDATION',
          `Import dibatalkan: ${preview.invalid} baris bermasalah. Perbaiki file lalu unggah lagi.`,
          undefined,
          bad.slice(0, 100).map((r) => ({ field: `baris ${r.row}`, message: r.problems.join('; ') })),
        );
      }
      const ids = await commit(tx, actorId);
      await audit(tx, {
        userId: actorId,
        action: 'import',
        entity: kind === 'units' ? 'unit' : 'tire',
        entityId: null,
        detail: { file: fileName, count: ids.length, firstId: ids[0] ?? null, lastId: ids.at(-1) ?? null },
      });
      return ids.length;
    });
    return { inserted, ms: Math.round(performance.now() - started) };
  } catch (err) {
    // another import or form added the same plate or serial while this one ran
    if (pgCode(err) === '23505') {
      throw conflict(
        `Sebagian ${LABEL[kind]} sudah ditambahkan oleh pengguna lain selama import; ulangi pratinjau lalu import lagi`,
        'IMPORT_ROW_ADDED_MEANWHILE',
      );
    }
    throw err;
  }
}

/** An empty XLSX with the import headers and sheets of the allowed values. */
export async function importTemplate(db: Db, kind: ImportKind): Promise<Buffer> {
  if (kind === 'units') {
    const list = await db
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .orderBy(asc(projects.name));
    return templateXlsx('Unit', UNIT_IMPORT_COLUMNS, [
      { name: 'Tipe Unit', header: ['unit_type'], rows: UNIT_TYPES.map((t) => [t]) },
      { name: 'Project', header: ['id', 'project'], rows: list.map((p) => [p.id, p.name]) },
      {
        name: 'Petunjuk',
        header: ['kolom', 'keterangan'],
        rows: [
          ['plate_number', 'Wajib. Nomor polisi, unik (disimpan huruf besar)'],
          ['unit_type', 'Wajib. Salah satu nilai di sheet Tipe Unit'],
          ['project', 'Wajib. Nama project (atau ID) dari sheet Project'],
          ['tonnage', 'Wajib. Angka >= 0 (ton)'],
          ['handled_date', 'Opsional. dd/mm/yy, dd/mm/yyyy atau yyyy-mm-dd'],
          ['plan_project', "Opsional. Kosong berarti '-'"],
        ],
      },
    ]);
  }
  const statuses = (name: string, values: readonly string[]) => ({
    name,
    header: ['nilai'],
    rows: values.map((v) => [v]),
  });
  return templateXlsx('Ban', TIRE_IMPORT_COLUMNS, [
    statuses('Status Casing', CASING_STATUSES),
    statuses('Status Tube', TUBE_STATUSES),
    statuses('Status Flap', FLAP_STATUSES),
    statuses('Status Velg', VELG_STATUSES),
    {
      name: 'Petunjuk',
      header: ['kolom', 'keterangan'],
      rows: [
        ['serial_number', 'Wajib. Nomor seri, unik'],
        ['is_original', 'ORI atau RET (kosong: ORI)'],
        [
          'groove_1..groove_4, groove_lowest',
          'RTD 0-24 mm; groove_lowest kosong dihitung dari groove terendah',
        ],
        ['pressure', 'PSI 0-200'],
        ['odometer', 'Bilangan bulat >= 0'],
        ['casing_status, tube_status, flap_status, velg_status', 'Kosong atau nilai dari sheet status'],
        ['status', `${IMPORT_TIRE_STATUSES.join(', ')} (kosong: UNINSTALLED)`],
      ],
    },
  ]);
}
