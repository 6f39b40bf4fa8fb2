import type { Role } from '@itms/contracts/enums';
import { sql } from 'drizzle-orm';
import { type DbOrTx, pgArray, rowsOf } from '../../db/client';
import { AppError } from '../../lib/errors';
import { roleAllows, WORKSHOP } from '../../lib/roles';
import { isSafeKey } from '../../lib/storage';

/** A stored path's signed link is given only to whom may see the file; anyone else gets a 404. */
export const FILE_NOT_FOUND = 'File tidak ditemukan';

/**
 * Of the stored `paths`, those the user may not see. The office (admin, staff) reads every
 * document, every tire man's work and the content it manages, so it sees every stored file. A
 * tire man sees his own uploads, his own photo and signature, the SOP videos, and the files of his
 * own checks, replacements, BKB and new-tire requests (what the field app shows him; older
 * records cite files from before uploads recorded their owner).
 */
export async function hiddenPaths(
  db: DbOrTx,
  user: { id: number; role: Role },
  paths: readonly string[],
): Promise<string[]> {
  const stored = [...new Set(paths.filter(isSafeKey))];
  // the workshop reads the photos of the validated work it signs: the paths it can name come only
  // from the scoped reads (lib/scope.ts), and a path is 128 random bits, never guessed
  if (stored.length === 0 || roleAllows(WORKSHOP, user.role)) return [];
  const me = user.id;
  // cheapest first: an owned upload, the account, the SOP; his documents are read only for the rest
  const visible = rowsOf<{ path: string }>(
    await db.execute(sql`
      with wanted(path) as (select unnest(${pgArray(stored)}::text[])),
      rest as (
        select w.path from wanted w
         where not exists (select 1 from uploads u where u.path = w.path and u.user_id = ${me})
           and not exists (select 1 from users a where a.id = ${me} and w.path in (a.photo, a.signature))
           and not exists (select 1 from sop_entries s where s.video_path = w.path)
      ),
      mine(path) as (
        select unnest(array[c.plate_number_url, c.odometer_url, c.tireman_sign, c.driver_sign, c.pic_sign,
                            c.itms_sign, c.edp_sign, c.workshop_sign])
          from tire_checks c where c.tireman_id = ${me}
        union all
        select r.serial_number_url from tire_check_records r
          join tire_checks c on c.id = r.tire_check_id where c.tireman_id = ${me}
        union all
        select unnest(array[t.plate_number_url, t.odometer_url, t.tireman_sign, t.pic_sign, t.itms_sign,
                            t.edp_sign, t.workshop_sign])
          from tire_replacements t where t.tireman_id = ${me}
        union all
        select unnest(array[r.serial_number_img, r.tube_url, r.flap_url, r.inner_tube_url])
          from tire_replace_records r
          join tire_replacements t on t.id = r.tire_replacement_id where t.tireman_id = ${me}
        union all
        select unnest(array[m.driver_photo, m.image_url, m.signature_url])
          from mismatches m where m.tireman_id = ${me}
        union all
        select unnest(array[q.serial_number_img, q.tube_url, q.flap_url, q.inner_tube_url])
          from tire_requests q where q.requested_by = ${me}
      )
      select w.path from wanted w
       where w.path not in (select path from rest)
          or w.path in (select path from mine where path in (select path from rest))`),
  );
  const ok = new Set(visible.map((r) => r.path));
  return stored.filter((p) => !ok.has(p));
}

/** Refuses the whole signing call (404, nothing signed) when it names a file the user may not see. */
export async function assertVisiblePaths(
  db: DbOrTx,
  user: { id: number; role: Role },
  paths: readonly string[],
): Promise<void> {
  const hidden = await hiddenPaths(db, user, paths);
  if (hidden.length > 0) {
    // 404, not 403: whether someone else's file exists is not told either
    throw new AppError(
      404,
      'NOT_FOUND',
      FILE_NOT_FOUND,
      undefined,
      hidden.map((p) => ({ field: `paths.${paths.indexOf(p)}`, message: FILE_NOT_FOUND })),
    );
  }
}
