// What the phone is told by Web Push about the office's decisions (issue 39).
import type { TPushPayload } from '@itms/contracts/push';
import { BREAKDOWN_CAUSE_LABELS, type TCallRow } from '@itms/contracts/storing';
import type { TReturnKind } from '@itms/contracts/submission-returns';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';

const DOCUMENT_NAME: Record<TReturnKind, string> = {
  'tire-check': 'Pengecekan',
  'tire-replacement': 'Pergantian',
};

/** The plate a returned document is known by (the unit's current one; a check's own when it has none). */
async function plateOf(db: DbOrTx, kind: TReturnKind, id: number): Promise<string> {
  const [row] = rowsOf<{ plate: string | null }>(
    await db.execute(
      kind === 'tire-check'
        ? sql`select coalesce(nullif(un.plate_number, ''), d.plate_number) as plate
                from tire_checks d left join units un on un.id = d.unit_id where d.id = ${id}`
        : sql`select un.plate_number as plate
                from tire_replacements d left join units un on un.id = d.unit_id where d.id = ${id}`,
    ),
  );
  return row?.plate?.trim() || '-';
}

/** 'Pengecekan B 1234 XX dikembalikan', the office's reason, and the entry in the phone's returned list. */
export async function returnedNotice(
  db: DbOrTx,
  kind: TReturnKind,
  id: number,
  reason: string | undefined,
): Promise<TPushPayload> {
  const plate = await plateOf(db, kind, id);
  return {
    kind: 'returned',
    title: `${DOCUMENT_NAME[kind]} ${plate} dikembalikan`,
    body: reason ? `Alasan: ${reason}` : 'Dikembalikan kantor, mohon diperbaiki',
    url: `/lapangan/riwayat?status=returned&buka=${kind}-${id}`,
  };
}

/** The serial a tire request names: from the request, or from its tombstone once deleted. */
async function requestSerial(db: DbOrTx, id: number): Promise<string> {
  const [row] = rowsOf<{ serial: string | null }>(
    await db.execute(sql`select coalesce(
        (select serial_number from tire_requests where id = ${id}),
        (select plate_number from deleted_submissions where kind = 'tire-request' and record_id = ${id})
      ) as serial`),
  );
  return row?.serial?.trim() || '-';
}

/** 'Permintaan ban X disetujui' (the tire is in stock) or 'ditolak' (the office deleted it). */
export async function tireRequestNotice(
  db: DbOrTx,
  id: number,
  decision: 'validate' | 'delete',
): Promise<TPushPayload> {
  const serial = await requestSerial(db, id);
  return decision === 'validate'
    ? {
        kind: 'tire-request',
        title: `Permintaan ban ${serial} disetujui`,
        body: 'Ban sudah tercatat di stok',
        url: `/lapangan/riwayat?buka=tire-request-${id}`,
      }
    : {
        kind: 'tire-request',
        title: `Permintaan ban ${serial} ditolak`,
        body: 'Kantor menghapus permintaan ini',
        url: `/lapangan/riwayat?buka=tire-request-${id}`,
      };
}

/** 'Storing B 1234 XX: Ban pecah', where, and the app (its Storing screen comes with the phone slice). */
export function callAssignedNotice(call: TCallRow): TPushPayload {
  return {
    kind: 'storing',
    title: `Storing ${call.plate_number}: ${BREAKDOWN_CAUSE_LABELS[call.cause]}`,
    body: `${call.location_text} · ${call.caller_name} ${call.caller_phone}`,
    // Beranda brings the call's card into view
    url: `/lapangan/?panggilan=${call.id}`,
  };
}

/** To a phone whose session was ended from elsewhere: it is signed out, and where to sign in again. */
export function sessionEndedNotice(): TPushPayload {
  return {
    kind: 'session-ended',
    title: 'Sesi ITMS Lapangan berakhir',
    body: 'Akun Anda masuk di perangkat lain atau dikeluarkan oleh admin. Masuk lagi untuk melanjutkan.',
    url: '/lapangan/login',
  };
}
