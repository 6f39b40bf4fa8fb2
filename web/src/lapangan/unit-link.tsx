import type { TFieldUnit } from '@itms/contracts/field';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type ListedUnit = Pick<TFieldUnit, 'id' | 'plate_number' | 'unit_type' | 'project'>;

/** A unit as every list shows it (Beranda, Tugas, 'Unit lain'): plate, type and project, a tag. */
export function UnitLine({ unit, tag }: { unit: Omit<ListedUnit, 'id'>; tag: ReactNode }) {
  return (
    <>
      <div className="lp-unit-main">
        <strong className="lp-plate">{unit.plate_number}</strong>
        <span className="lp-muted">
          {unit.unit_type} · {unit.project.name}
        </span>
      </div>
      {tag}
    </>
  );
}

/** A unit of a list that opens its page. */
export function UnitLink({ unit, tag }: { unit: ListedUnit; tag: ReactNode }) {
  return (
    <Link to={`/unit/${unit.id}`} className="lp-card lp-unit lp-unit-link">
      <UnitLine unit={unit} tag={tag} />
    </Link>
  );
}
