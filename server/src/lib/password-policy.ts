import { PASSWORD_MESSAGES } from '@itms/contracts/password';
import type { MatchExtended, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { badRequest } from './errors';

/**
 * zxcvbn's score (0-4) a new password must reach: 3 is its "safely unguessable" (about 10^8
 * guesses), the level it advises for passwords stored under a slow hash (scrypt, here).
 */
const MIN_SCORE = 3;
/** Words that name the product: a password holding one is refused whatever its score. */
const PRODUCT_WORDS = ['itms'];

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn (@zxcvbn-ts) with its common dictionaries (49,233 leaked passwords, the diceware words)
 * and the product's name. Loaded on first use: unpacking the lists takes about 200 ms and tens of
 * MB, which neither the boot nor a process that never sets a password should pay.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, common]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, product: PRODUCT_WORDS },
        graphs: common.adjacencyGraphs,
        // the matchers' work grows fast with the length and the l33t variants tried: the first 64
        // characters are judged (a longer password is not weaker for its tail), and a 200-character
        // one costs tens of ms of the server's thread instead of a second
        maxLength: 64,
        l33tMaxSubstitutions: 10,
      }),
  );
  return estimator;
}

/** What a password may not hold of its account: the name, the e-mail, the phone number, the NIK. */
export interface PasswordOwner {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  nik?: string | null;
}

/** The owner's data as zxcvbn's user inputs: whole values, and their words of 4+ characters. */
function ownerInputs({ name, email, phone, nik }: PasswordOwner): string[] {
  const words = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4);
  const inputs: string[] = [];
  if (name) inputs.push(name, name.replace(/[^\p{L}\p{N}]+/gu, ''), ...words(name));
  if (email) {
    const local = email.split('@')[0] ?? '';
    inputs.push(email, local, ...words(local));
  }
  const digits = phone?.replace(/\D/g, '') ?? '';
  if (digits.length >= 6) {
    // 0812..., 62812..., 812...: the ways one number is written
    const national = digits.replace(/^(62|0)/, '');
    inputs.push(digits, `0${national}`, `62${national}`, national);
  }
  if (nik && nik !== '-') inputs.push(nik);
  return [...new Set(inputs.map((i) => i.toLowerCase()).filter((i) => i.length >= 4))];
}

const isDictionary = (m: MatchExtended, name: string) =>
  m.pattern === 'dictionary' && m.dictionaryName === name;

/** Why a password is refused (PASSWORD_MESSAGES), or null when it may be set. */
export async function passwordProblem(password: string, owner: PasswordOwner = {}): Promise<string | null> {
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password, ownerInputs(owner));
  // the owner's data and the product's name are refused wherever they stand
  const personal = result.sequence.find((m) => isDictionary(m, 'userInputs'));
  if (personal) return PASSWORD_MESSAGES.personal(personal.token);
  if (result.sequence.some((m) => isDictionary(m, 'product'))) return PASSWORD_MESSAGES.product;
  if (result.score >= MIN_SCORE) return null;
  // too easy to guess: said by the longest part zxcvbn found
  const main = result.sequence.reduce((a, b) => (b.token.length > a.token.length ? b : a));
  if (main.pattern === 'repeat') return PASSWORD_MESSAGES.repeated;
  if (main.pattern === 'sequence') return PASSWORD_MESSAGES.sequence;
  if (main.pattern === 'spatial') return PASSWORD_MESSAGES.keyboard;
  if (main.pattern === 'dictionary') return PASSWORD_MESSAGES.common;
  return PASSWORD_MESSAGES.guessable;
}

/**
 * The part of the password policy that only the server applies (the length is the contracts' zod
 * rule, ZNewPassword): a password that is easy to guess (common, a repeat, a sequence, a keyboard
 * row, a common word with a few characters around it), or that holds the product's name or the
 * account's own data, is refused with 400 VALIDATION on the field. Every path that sets a password
 * calls it (registration and `npm run create-admin`, the admin's edit, the reset link, Profil); the
 * demo seed writes its documented password directly. Checked on the server only: the lists would
 * weigh more than the whole login page in the web bundle; the forms show the message at the field.
 */
export async function assertPasswordAllowed(
  password: string,
  owner: PasswordOwner,
  field = 'password',
): Promise<void> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw badRequest(`Data tidak valid: ${field} (${problem})`, [{ field, message: problem }]);
}
