import type { UnitType } from '@itms/contracts/enums';
import { normalizePlate, type TUnitBody, type TUnitRow } from '@itms/contracts/master-data';
import { dayjs } from '../../lib/dayjs';

/** The unit form's values (antd Form). */
export interface UnitFormValues {
  plate_number?: string;
  unit_type?: UnitType;
  tonnage?: number | null;
  project_id?: number;
  plan_project?: string;
  handled_date?: dayjs.Dayjs | null;
}

/** Fields the add/update button waits for (spec section 5): their labels, in form order. */
export function unitMissing(v: Partial<UnitFormValues>): string[] {
  const missing: string[] = [];
  if (!v.plate_number?.trim()) missing.push('nomor polisi');
  if (!v.unit_type) missing.push('tipe unit');
  if (v.tonnage === undefined || v.tonnage === null) missing.push('tonase');
  if (!v.project_id) missing.push('project');
  if (!v.handled_date) missing.push('tanggal handle');
  return missing;
}

export function unitValues(u: TUnitRow): UnitFormValues {
  return {
    plate_number: u.plate_number,
    unit_type: u.unit_type,
    tonnage: u.tonnage,
    project_id: u.project_id,
    plan_project: u.plan_project === '-' ? '' : u.plan_project,
    handled_date: u.handled_date ? dayjs(u.handled_date) : null,
  };
}

/** The createUnit and updateUnit body: plate upper-cased, plan_project '-' when empty, handled date dd/mm/yy. */
export function unitBody(v: UnitFormValues): TUnitBody {
  return {
    plate_number: normalizePlate(v.plate_number ?? ''),
    unit_type: v.unit_type!,
    tonnage: v.tonnage ?? '',
    project_id: v.project_id!,
    plan_project: v.plan_project?.trim() || '-',
    handled_date: v.handled_date ? v.handled_date.format('DD/MM/YY') : '',
    status: 'active',
  } as TUnitBody;
}
