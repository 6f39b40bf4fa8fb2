import { UNIT_TYPES, type UnitType } from '@itms/contracts/enums';
import { normalizePlate, parseHandledDate, type TImportPreviewRow } from '@itms/contracts/master-data';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { projects, units } from '../../db/schema';
import { addMissingSlots } from '../fleet/fitting';
import { bulkInsert } from './bulk-insert';
import { excelSerialDate, RowReader } from './import-values';
import type { ColumnSpec } from './spreadsheet';

export const UNIT_COLUMNS: readonly ColumnSpec[] = [
  {
    name: 'plate_number',
    required: true,
    aliases: ['nomor_polisi', 'no_polisi', 'nopol', 'plat_nomor', 'plate'],
  },
  { name: 'unit_type', required: true, aliases: ['tipe_unit', 'jenis_unit', 'tipe', 'type'] },
  { name: 'project', required: true, aliases: ['proyek', 'project_name', 'nama_project', 'project_id'] },
  { name: 'tonnage', required: true, aliases: ['tonase', 'tonase_ton', 'muatan'] },
  { name: 'handled_date', aliases: ['tanggal_handle', 'tgl_handle', 'tanggal'] },
  { name: 'plan_project', aliases: ['rencana_project'] },
];

export interface UnitRecord {
  plate_number: string;
  unit_type: UnitType;
  project_id: number;
  plan_project: string;
  tonnage: number;
  handled_date: string | null;
}

/** Checks every row: required values, known unit type and project, plates unique in the file and the database. */
export async function analyseUnits(
  db: DbOrTx,
  rows: { row: number; values: Record<string, string> }[],
): Promise<{ preview: TImportPreviewRow[]; records: UnitRecord[] }> {
  const allProjects = await db.select({ id: projects.id, name: projects.name }).from(projects);
  const byName = new Map<string, number[]>();
  for (const p of allProjects) {
    const k = p.name.trim().toLowerCase();
    byName.set(k, [...(byName.get(k) ?? []), p.id]);
  }
  const ids = new Set(allProjects.map((p) => p.id));

  const firstRowOfPlate = new Map<string, number>();
  const parsed = rows.map(({ row, values }) => {
    const r = new RowReader(values);
    const plate = normalizePlate(r.text('plate_number', 'Nomor polisi', { required: true, max: 20 }));
    if (plate) {
      const first = firstRowOfPlate.get(plate);
      if (first !== undefined)
        r.problems.push(`Nomor polisi ${plate} ganda di file (sama dengan baris ${first})`);
      else firstRowOfPlate.set(plate, row);
    }
    const unitType = r.oneOf('unit_type', 'Tipe unit', UNIT_TYPES, { required: true });
    const projectText = r.text('project', 'Project', { required: true });
    let projectId: number | null = null;
    if (projectText) {
      const named = byName.get(projectText.toLowerCase()) ?? [];
      if (named.length === 1) projectId = named[0]!;
      else if (named.length > 1)
        r.problems.push(`Nama project "${projectText}" tidak unik, tulis ID project`);
      else if (/^\d+$/.test(projectText) && ids.has(Number(projectText))) projectId = Number(projectText);
      else r.problems.push(`Project "${projectText}" tidak ditemukan`);
    }
    const tonnage = r.number('tonnage', 'Tonase', { min: 0, max: 1000, required: true });
    const dateText = r.text('handled_date', 'Tanggal handle', { max: 20 });
    let handledDate: string | null = null;
    if (dateText) {
      handledDate = parseHandledDate(dateText) ?? excelSerialDate(dateText);
      if (!handledDate) {
        r.problems.push(
          `Tanggal handle "${dateText}" tidak valid (gunakan dd/mm/yy, dd/mm/yyyy atau yyyy-mm-dd)`,
        );
      }
    }
    const planProject = r.text('plan_project', 'Plan project') || '-';
    const record: UnitRecord | null =
      r.problems.length === 0
        ? {
            plate_number: plate,
            unit_type: unitType as UnitType,
            project_id: projectId!,
            plan_project: planProject,
            tonnage: tonnage!,
            handled_date: handledDate,
          }
        : null;
    return { preview: { row, values, problems: r.problems }, plate, record };
  });

  // plates already in the database
  const plates = [...firstRowOfPlate.keys()];
  const found = await db
    .select({ plate: units.plate_number })
    .from(units)
    .where(
      inArray(units.plate_number, sql`(select json_array_elements_text(${JSON.stringify(plates)}::json))`),
    );
  const taken = new Set(found.map((f) => f.plate));
  for (const p of parsed) {
    if (p.plate && taken.has(p.plate)) {
      p.preview.problems.push(`Nomor polisi ${p.plate} sudah terdaftar`);
      p.record = null;
    }
  }
  return {
    preview: parsed.map((p) => p.preview),
    records: parsed.flatMap((p) => (p.record ? [p.record] : [])),
  };
}

/** Inserts the units in multi-row batches; returns their ids. */
export async function insertUnits(tx: Tx, records: UnitRecord[]): Promise<number[]> {
  const rows = await bulkInsert<{ id: number; unit_type: string }>(
    tx,
    'units',
    ['plate_number', 'unit_type', 'project_id', 'plan_project', 'tonnage', 'handled_date', 'status'],
    records.map((r) => ({ ...r, status: 'active' })),
    ['id', 'unit_type'],
  );
  // each unit gets the empty wheel slots of its type's diagram, as a unit made in the form does
  for (let i = 0; i < rows.length; i += 2000) await addMissingSlots(tx, rows.slice(i, i + 2000));
  return rows.map((r) => r.id);
}
