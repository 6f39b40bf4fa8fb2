import { PASSWORD_MESSAGES } from '@itms/contracts/password';
import { badRequest } from './errors';

let common: Promise<Set<string>> | undefined;

/**
 * Whether a password is on zxcvbn's list of commonly used passwords (49,233 entries, lower case,
 * from leaked password sets). Case does not make a common password safe: `Password123` counts.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  // loaded on first use: unpacking the list takes about 130 ms and a few MB, which neither the
  // boot nor a process that never sets a password should pay
  common ??= import('@zxcvbn-ts/language-common').then((m) => new Set(m.dictionary['passwords-common']));
  return (await common).has(password.toLowerCase());
}

/**
 * The part of the password policy that only the server applies (the length is the contracts' zod
 * rule, ZNewPassword): a common password is refused with 400 VALIDATION on the field. Call it
 * wherever a password is set; the demo seed writes its documented password directly.
 */
export async function assertPasswordAllowed(password: string, field = 'password'): Promise<void> {
  if (await isCommonPassword(password)) {
    throw badRequest(`Data tidak valid: ${field} (${PASSWORD_MESSAGES.common})`, [
      { field, message: PASSWORD_MESSAGES.common },
    ]);
  }
}
