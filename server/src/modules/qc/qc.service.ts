import type { TQcCheckCreateBody } from '@itms/contracts/qc';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, qcChecks, units } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { unitPerformedAt } from '../../lib/performed-at';

/** Stores a tire man's QC check; each item's 14 positions become one 'true,false,...' text. */
export async function createQcCheck(
  db: Db,
  body: TQcCheckCreateBody,
  user: { id: number },
  maxAgeDays: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const performedAt = await unitPerformedAt(tx, body.performed_at, body.unit_id, maxAgeDays);
    const [unit] = await tx.select({ id: units.id }).from(units).where(eq(units.id, body.unit_id));
    if (!unit)
      throw badRequest('Unit tidak ditemukan', [{ field: 'unit_id', message: 'Unit tidak ditemukan' }]);
    if (body.location_id !== undefined) {
      const [loc] = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.id, body.location_id));
      if (!loc) {
        throw badRequest('Lokasi tidak ditemukan', [
          { field: 'location_id', message: 'Lokasi tidak ditemukan' },
        ]);
      }
    }
    const texts = Object.fromEntries(body.matrix.map((row, i) => [`check${i + 1}`, row.join(',')])) as Record<
      `check${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14}`,
      string
    >;
    const [row] = await tx
      .insert(qcChecks)
      .values({
        tireman_id: user.id,
        unit_id: body.unit_id,
        location_id: body.location_id ?? null,
        name_qc: body.name_qc,
        ...texts,
        ...(performedAt ? { performed_at: performedAt } : {}),
      })
      .returning({ id: qcChecks.id });
    await audit(tx, {
      userId: user.id,
      action: 'qc-check.create',
      entity: 'qc_check',
      entityId: row!.id,
      detail: {
        unit_id: body.unit_id,
        location_id: body.location_id ?? null,
        name_qc: body.name_qc,
        ...(performedAt ? { performed_at: performedAt.toISOString() } : {}),
        ...texts,
      },
    });
    return row!.id;
  });
}
