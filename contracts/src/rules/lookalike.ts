// Serial and plate numbers that only look alike are one identifier: a fullwidth `ＡＢ１２３` or an
// `AB\u200B123` with a zero-width space would otherwise pass the duplicate checks next to `AB123`.

/**
 * Characters that show nothing or almost nothing: format characters (zero-width space and
 * joiners, direction marks, soft hyphen, word joiner, BOM), the combining grapheme joiner, the
 * Hangul and Khmer fillers.
 */
const INVISIBLE = /\p{Cf}|\u034F|[\u115F\u1160\u17B4\u17B5\u3164\uFFA0]/gu;

/** NFKC (fullwidth and compatibility forms become plain letters and digits), invisibles removed. */
export function foldLookalikes(raw: string): string {
  return raw.normalize('NFKC').replace(INVISIBLE, '').trim();
}

/** A letter of another script than Latin (a Cyrillic `А` or a Greek `Β` that looks like a Latin one). */
const NON_LATIN_LETTER = /[^\P{L}\p{Script=Latin}]/u;

/** Whether a text has letters of the Latin script only (digits, spaces and punctuation are fine). */
export function latinLettersOnly(text: string): boolean {
  return !NON_LATIN_LETTER.test(text);
}

/** The message for a serial or plate with a letter of another script. */
export const nonLatinMessage = (label: string) =>
  `${label} berisi huruf non-Latin (mis. huruf Kiril yang mirip); ketik dengan huruf A-Z`;
