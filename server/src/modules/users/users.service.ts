import type { Role } from '@itms/contracts/enums';
import { type TRegisterInput, type TTireManUpdateInput, USER_MESSAGES } from '@itms/contracts/users';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf, type Tx } from '../../db/client';
import { customers, projects, tiremanProjects, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest, conflict, notFound, pgCode } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { assertPasswordAllowed } from '../../lib/password-policy';
import { normalizePhone } from '../../lib/phone';
import { assertOwnUploads } from '../../lib/uploads';
import { cancelPasswordResetsInTx, revokeSessionsInTx } from '../auth/auth.service';
import { projectIdsOf } from './users.queries';

/** 409 naming the field when the email or the phone number belongs to another account. */
async function assertUnique(db: DbOrTx, email: string, phone: string, exceptId?: number): Promise<void> {
  const taken = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(
      and(
        or(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.phone, phone)),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    );
  const fields: { field: string; message: string }[] = [];
  if (taken.some((u) => u.email.toLowerCase() === email.toLowerCase())) {
    fields.push({ field: 'email', message: USER_MESSAGES.duplicateEmail });
  }
  if (taken.some((u) => u.phone === phone))
    fields.push({ field: 'phone', message: USER_MESSAGES.duplicatePhone });
  if (fields.length) {
    throw new AppError(409, 'USER_CONTACT_TAKEN', fields.map((f) => f.message).join('; '), undefined, fields);
  }
}

/** A unique violation that slipped past the check (two requests at once) gets the same clear answer. */
async function explainUniqueViolation(db: Db, err: unknown, email: string, phone: string, exceptId?: number) {
  if (pgCode(err) !== '23505') return err;
  try {
    await assertUnique(db, email, phone, exceptId);
  } catch (explained) {
    return explained;
  }
  return conflict('Email atau nomor HP sudah terdaftar', 'USER_CONTACT_TAKEN');
}

/** Locks every admin row, always in the same order, so that two demotions cannot both pass. */
async function lockAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

export interface RegisteredUser {
  id: number;
  name: string;
  email: string;
  phone: string;
  role: Role;
}

/** The customer a new or edited account belongs to: a customer account's, none for any other role. */
const customerOf = (input: { role: Role; customer_id?: number | undefined }): number | null =>
  input.role === 'customer' ? (input.customer_id ?? null) : null;

const unknownCustomer = () =>
  badRequest(USER_MESSAGES.unknownCustomer, [
    { field: 'customer_id', message: USER_MESSAGES.unknownCustomer },
  ]);

/** `actorId` null: `npm run create-admin`, where nobody is signed in. */
export async function registerUser(
  db: Db,
  actorId: number | null,
  input: TRegisterInput,
): Promise<RegisteredUser> {
  const phone = normalizePhone(input.phone);
  await assertPasswordAllowed(input.password, input);
  const password_hash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await assertUnique(tx, input.email, phone);
      // the admin sets images he uploaded himself (the CLI, with no one signed in, sets none)
      await assertOwnUploads(tx, actorId ?? 0, [
        { field: 'photo', path: input.photo },
        { field: 'signature', path: input.signature },
      ]);
      const [row] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          phone,
          nik: input.nik,
          role: input.role,
          photo: input.photo,
          signature: input.signature,
          department: input.department,
          customer_id: customerOf(input),
          password_hash,
        })
        .returning({
          id: users.id,
          name: users.name,
          email: users.email,
          phone: users.phone,
          role: users.role,
        });
      const created = { ...row!, role: row!.role as Role };
      await audit(tx, {
        userId: actorId,
        action: 'create',
        entity: 'user',
        entityId: created.id,
        detail: {
          name: created.name,
          email: created.email,
          role: created.role,
          ...(created.role === 'customer' ? { customer_id: customerOf(input) } : {}),
        },
      });
      return created;
    });
  } catch (err) {
    if (pgCode(err) === '23503') throw unknownCustomer();
    throw await explainUniqueViolation(db, err, input.email, phone);
  }
}

/**
 * Saves the edit modal. A password or role changed by someone else ends the user's sessions in the
 * same transaction (they sign in again with the new password or rights); the reply says whether it did.
 */
export async function updateUser(
  db: Db,
  actorId: number,
  id: number,
  input: TTireManUpdateInput,
): Promise<{ revokeSessions: boolean }> {
  const phone = normalizePhone(input.phone);
  if (input.password) {
    // the account's data as it will be saved: a NIK left out of the form keeps the stored one
    const [stored] = await db.select({ nik: users.nik }).from(users).where(eq(users.id, id));
    await assertPasswordAllowed(input.password, { ...input, nik: input.nik ?? stored?.nik });
  }
  const password_hash = input.password ? await hashPassword(input.password) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const admins = await lockAdmins(tx);
      const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!current) throw notFound('User');
      if (current.role === 'admin' && input.role !== 'admin' && admins.length <= 1) {
        throw conflict(USER_MESSAGES.lastAdmin, 'LAST_ADMIN');
      }
      await assertUnique(tx, input.email, phone, id);
      // images the admin uploaded himself, or the ones the account already has
      await assertOwnUploads(
        tx,
        actorId,
        [
          { field: 'photo', path: input.photo },
          { field: 'signature', path: input.signature },
        ],
        [current.photo, current.signature],
      );
      const next = {
        name: input.name,
        email: input.email,
        phone,
        role: input.role,
        customer_id: customerOf(input),
        ...(input.nik !== undefined ? { nik: input.nik } : {}),
        ...(input.photo !== undefined ? { photo: input.photo || '-' } : {}),
        ...(input.signature !== undefined ? { signature: input.signature || '-' } : {}),
        ...(input.department !== undefined ? { department: input.department } : {}),
      };
      const changed = Object.keys(next).filter(
        (k) => next[k as keyof typeof next] !== current[k as keyof typeof current],
      );
      if (password_hash) {
        changed.push('password');
        // a new password ends the reset links sent before it
        await cancelPasswordResetsInTx(tx, id);
      }
      await tx
        .update(users)
        .set({ ...next, ...(password_hash ? { password_hash } : {}) })
        .where(eq(users.id, id));
      const projects = input.project_ids ? await replaceProjects(tx, id, input.project_ids) : null;
      if (projects) changed.push('project_ids');
      const shown = changed.filter((k) => k !== 'password' && k !== 'project_ids');
      await audit(tx, {
        userId: actorId,
        action: 'update',
        entity: 'user',
        entityId: id,
        detail: {
          changed,
          // the values replaced and written (never the password itself)
          before: {
            ...Object.fromEntries(shown.map((k) => [k, current[k as keyof typeof current]])),
            ...(projects ? { project_ids: projects.before } : {}),
          },
          after: {
            ...Object.fromEntries(shown.map((k) => [k, next[k as keyof typeof next]])),
            ...(projects ? { project_ids: projects.after } : {}),
          },
        },
      });
      const revokeSessions =
        id !== actorId &&
        (Boolean(password_hash) || current.role !== input.role || current.customer_id !== next.customer_id);
      if (revokeSessions) await revokeSessionsInTx(tx, id, actorId);
      return { revokeSessions };
    });
  } catch (err) {
    if (pgCode(err) === '23503' && input.customer_id != null && input.role === 'customer') {
      const [known] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, input.customer_id));
      if (!known) throw unknownCustomer();
    }
    // a project deleted while the modal was open
    if (pgCode(err) === '23503' && input.project_ids?.length) {
      throw badRequest(USER_MESSAGES.unknownProject, [
        { field: 'project_ids', message: USER_MESSAGES.unknownProject },
      ]);
    }
    throw await explainUniqueViolation(db, err, input.email, phone, id);
  }
}

/**
 * Replaces the projects a tire man is linked to (the Proyek field); null when the set is unchanged.
 * An unknown project id is refused with 400 naming the field.
 */
async function replaceProjects(
  tx: Tx,
  userId: number,
  ids: number[],
): Promise<{ before: number[]; after: number[] } | null> {
  if (ids.length) {
    const known = await tx.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids));
    if (known.length !== ids.length) {
      throw badRequest(USER_MESSAGES.unknownProject, [
        { field: 'project_ids', message: USER_MESSAGES.unknownProject },
      ]);
    }
  }
  const before = await projectIdsOf(tx, userId);
  if (before.length === ids.length && before.every((p, i) => p === ids[i])) return null;
  await tx.delete(tiremanProjects).where(eq(tiremanProjects.user_id, userId));
  if (ids.length) {
    await tx.insert(tiremanProjects).values(ids.map((project_id) => ({ user_id: userId, project_id })));
  }
  return { before, after: ids };
}

/** Deletes an account that has no history; the last admin and one's own account stay. */
export async function deleteUser(db: Db, actorId: number, id: number): Promise<void> {
  if (id === actorId) throw conflict(USER_MESSAGES.deleteSelf, 'USER_DELETE_SELF');
  try {
    await db.transaction(async (tx) => {
      const admins = await lockAdmins(tx);
      const [current] = await tx
        .select({ id: users.id, role: users.role, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      if (!current) throw notFound('User');
      if (current.role === 'admin' && admins.length <= 1)
        throw conflict(USER_MESSAGES.lastAdmin, 'LAST_ADMIN');
      const [used] = rowsOf<{ used: boolean }>(
        await tx.execute(sql`select (
          exists (select 1 from tire_checks where tireman_id = ${id} or validated_by = ${id})
          or exists (select 1 from tire_replacements where tireman_id = ${id} or validated_by = ${id})
          or exists (select 1 from mismatches where tireman_id = ${id} or itms_id = ${id})
          or exists (select 1 from qc_checks where tireman_id = ${id})
        ) as used`),
      );
      if (used?.used) throw conflict(USER_MESSAGES.hasHistory, 'USER_HAS_HISTORY');
      await tx.delete(users).where(eq(users.id, id));
      await audit(tx, {
        userId: actorId,
        action: 'delete',
        entity: 'user',
        entityId: id,
        detail: { name: current.name, email: current.email, role: current.role },
      });
    });
  } catch (err) {
    if (pgCode(err) === '23503') throw conflict(USER_MESSAGES.hasHistory, 'USER_HAS_HISTORY');
    throw err;
  }
}

/** Any signed-in user stores their own signature (validation screens sign with it). */
export async function setOwnSignature(db: Db, userId: number, signature: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ signature: users.signature })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    await assertOwnUploads(tx, userId, [{ field: 'signature', path: signature }]);
    await tx.update(users).set({ signature }).where(eq(users.id, userId));
    await audit(tx, {
      userId,
      action: 'update-signature',
      entity: 'user',
      entityId: userId,
      detail: { before: { signature: current?.signature ?? null }, after: { signature } },
    });
  });
}
