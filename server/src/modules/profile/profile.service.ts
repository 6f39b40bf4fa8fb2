import type { Role } from '@itms/contracts/enums';
import {
  PROFILE_MESSAGES,
  type TPasswordChangeBody,
  type TProfile,
  type TProfileUpdateInput,
} from '@itms/contracts/profile';
import { and, eq, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest, notFound, pgCode } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { assertPasswordAllowed } from '../../lib/password-policy';
import { normalizePhone } from '../../lib/phone';
import { assertOwnUploads } from '../../lib/uploads';
import { type AuthService, cancelPasswordResetsInTx, revokeOtherSessionsInTx } from '../auth/auth.service';

const profileColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  phone: users.phone,
  nik: users.nik,
  department: users.department,
  photo: users.photo,
  signature: users.signature,
  created_at: users.created_at,
};

export async function getProfile(db: DbOrTx, userId: number): Promise<TProfile> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User');
  const { created_at, ...rest } = row;
  return { ...rest, role: rest.role as Role, createdAt: created_at.toISOString() };
}

const phoneTaken = () =>
  new AppError(409, 'USER_CONTACT_TAKEN', PROFILE_MESSAGES.duplicatePhone, undefined, [
    { field: 'phone', message: PROFILE_MESSAGES.duplicatePhone },
  ]);

/**
 * Profil saya: name, phone, photo and stored signature of one's own account. A photo or signature
 * must be a file this user uploaded (or the one already stored); the edit and its audit line
 * commit together.
 */
export async function updateProfile(db: Db, userId: number, input: TProfileUpdateInput): Promise<TProfile> {
  const phone = normalizePhone(input.phone);
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!current) throw notFound('User');
      await assertOwnUploads(tx, userId, [
        { field: 'photo', path: input.photo },
        { field: 'signature', path: input.signature },
      ]);
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phone, phone), ne(users.id, userId)));
      if (other) throw phoneTaken();
      const next = {
        name: input.name,
        phone,
        ...(input.photo !== undefined ? { photo: input.photo } : {}),
        ...(input.signature !== undefined ? { signature: input.signature } : {}),
      };
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => next[k] !== current[k]);
      if (changed.length) {
        await tx.update(users).set(next).where(eq(users.id, userId));
        await audit(tx, {
          userId,
          action: 'update-profile',
          entity: 'user',
          entityId: userId,
          detail: {
            changed,
            before: Object.fromEntries(changed.map((k) => [k, current[k]])),
            after: Object.fromEntries(changed.map((k) => [k, next[k]])),
          },
        });
      }
      return getProfile(tx, userId);
    });
  } catch (err) {
    // the same number saved by someone else at the same moment
    if (pgCode(err) === '23505') throw phoneTaken();
    throw err;
  }
}

/**
 * Changes one's own password after checking the current one (under the login's attempt limit, per
 * account and per address: `ip`). The user's other sessions end in the same transaction (with one
 * active session per account there are none besides this one, but rows of any other kind are
 * revoked all the same); this session stays.
 */
export async function changePassword(
  db: Db,
  auth: AuthService,
  { userId, sessionId, ip }: { userId: number; sessionId: string; ip: string },
  body: TPasswordChangeBody,
): Promise<{ ended: number }> {
  const [row] = await db
    .select({
      password_hash: users.password_hash,
      name: users.name,
      email: users.email,
      phone: users.phone,
      nik: users.nik,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound('User');
  if (!(await auth.verifyCurrentPassword(userId, ip, body.current_password, row.password_hash))) {
    throw badRequest(PROFILE_MESSAGES.wrongPassword, [
      { field: 'current_password', message: PROFILE_MESSAGES.wrongPassword },
    ]);
  }
  await assertPasswordAllowed(body.new_password, row, 'new_password');
  const password_hash = await hashPassword(body.new_password);
  return db.transaction(async (tx) => {
    // the hash checked above is still the stored one (no change in between)
    const [locked] = await tx
      .select({ password_hash: users.password_hash })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (locked?.password_hash !== row.password_hash) {
      throw badRequest(PROFILE_MESSAGES.wrongPassword, [
        { field: 'current_password', message: PROFILE_MESSAGES.wrongPassword },
      ]);
    }
    await tx.update(users).set({ password_hash }).where(eq(users.id, userId));
    // reset links sent before the change no longer work
    await cancelPasswordResetsInTx(tx, userId);
    const ended = await revokeOtherSessionsInTx(tx, userId, sessionId);
    // never the password itself
    await audit(tx, {
      userId,
      action: 'change-password',
      entity: 'user',
      entityId: userId,
      detail: { ended_sessions: ended },
    });
    return { ended };
  });
}
