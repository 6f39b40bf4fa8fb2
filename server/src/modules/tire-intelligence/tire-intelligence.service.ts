import type { TAlertSummary, TSizePressure, TSizePressureUpdate } from '@itms/contracts/tire-intelligence';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../db/client';
import { tireSizePressures } from '../../db/schema';
import { audit } from '../../lib/audit';
import {
  type CriticalTire,
  createTireIntelligenceQueries,
  type ForecastSettings,
  type UnitTireCounts,
} from './tire-intelligence.queries';

type Actor = { id: number };

/** Ban Kritis' counts now: installed tires with at least one alert, by kind (other modules read it here). */
export function alertSummary(db: DbOrTx, settings: ForecastSettings): Promise<TAlertSummary> {
  return createTireIntelligenceQueries(db, settings).summary();
}

/**
 * Mounted, critical and due tires of `units` (a select of unit ids), per unit or (perUnit false) in
 * one row: the customer portal.
 */
export function unitTireCounts(
  db: DbOrTx,
  settings: ForecastSettings,
  units: SQL,
  perUnit = true,
): Promise<UnitTireCounts[]> {
  return createTireIntelligenceQueries(db, settings).unitTireCounts(units, perUnit);
}

/** The tires validated checks left critical (the office inbox announces them, issue 39). */
export function criticalTiresOfChecks(
  db: DbOrTx,
  settings: ForecastSettings,
  checkIds: readonly number[],
): Promise<CriticalTire[]> {
  return createTireIntelligenceQueries(db, settings).criticalOfChecks(checkIds);
}

/** PUT /tire-intelligence/size-pressures: sets (or, with null, removes) a size's reference pressure. */
export async function updateSizePressure(
  db: Db,
  actor: Actor,
  body: TSizePressureUpdate,
): Promise<TSizePressure> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ reference_psi: tireSizePressures.reference_psi })
      .from(tireSizePressures)
      .where(eq(tireSizePressures.size, body.size))
      .for('update');
    if (body.reference_psi == null) {
      await tx.delete(tireSizePressures).where(eq(tireSizePressures.size, body.size));
    } else {
      await tx
        .insert(tireSizePressures)
        .values({ size: body.size, reference_psi: body.reference_psi })
        .onConflictDoUpdate({
          target: tireSizePressures.size,
          set: { reference_psi: body.reference_psi, updated_at: new Date() },
        });
    }
    const changed = (before?.reference_psi ?? null) !== body.reference_psi;
    if (changed) {
      await audit(tx, {
        userId: actor.id,
        action: 'size-pressure.update',
        entity: 'tire-size-pressure',
        entityId: body.size,
        detail: {
          before: { reference_psi: before?.reference_psi ?? null },
          after: { reference_psi: body.reference_psi },
        },
      });
    }
    const [n] = rowsOf<{ n: number | string }>(
      await tx.execute(sql`select count(*) as n from tires t
        join active_unit_tires a on a.tire_id = t.id and a.status = 'INSTALLED' where t.size = ${body.size}`),
    );
    return { size: body.size, tires: Number(n?.n ?? 0), reference_psi: body.reference_psi };
  });
}
