// Serial and plate numbers that only look alike are one identifier: a fullwidth `ＡＢ１２３`, an
// `AB\u200B123` with a zero-width space, a small capital `ᴀʙ123`, Arabic-Indic digits `AB١٢٣` or a
// U+2010 hyphen would otherwise pass the duplicate checks next to `AB123`. Every place a serial or
// a plate is written folds it here (NFKC, look-alikes to ASCII) and refuses what is left outside
// printable ASCII (a Cyrillic `А`, an emoji).

/**
 * Characters that show nothing or almost nothing: format characters (zero-width space and
 * joiners, direction marks, soft hyphen, word joiner, BOM), the combining grapheme joiner, the
 * Hangul and Khmer fillers.
 */
const INVISIBLE = /\p{Cf}|\u034F|[\u115F\u1160\u17B4\u17B5\u3164\uFFA0]/gu;

/**
 * Latin letters NFKC leaves alone that read as an ASCII letter: the dental click `ǀ`, the dotless
 * `ı`, and the small capitals of IPA and phonetic extensions.
 */
const CONFUSABLES: Readonly<Record<string, string>> = {
  ǀ: 'I',
  ı: 'i',
  ɪ: 'I',
  ʟ: 'L',
  ʀ: 'R',
  ʙ: 'B',
  ᴀ: 'A',
  ᴄ: 'C',
  ᴅ: 'D',
  ᴇ: 'E',
  ꜰ: 'F',
  ɢ: 'G',
  ʜ: 'H',
  ᴊ: 'J',
  ᴋ: 'K',
  ᴍ: 'M',
  ɴ: 'N',
  ᴏ: 'O',
  ᴘ: 'P',
  ꞯ: 'Q',
  ꜱ: 'S',
  ᴛ: 'T',
  ᴜ: 'U',
  ᴠ: 'V',
  ᴡ: 'W',
  ʏ: 'Y',
  ᴢ: 'Z',
};
const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');

/** A decimal digit of any script (Arabic-Indic, Devanagari, Thai...). */
const DIGIT = /\p{Nd}/u;
const NON_ASCII_DIGIT = /(?![0-9])\p{Nd}/gu;
/** Dashes and hyphens of every kind (U+2010 hyphen, en and em dash, minus sign...). */
const DASH = /[\p{Pd}\u2212\u2043\uFE63]/gu;
/** Accents: `É` is read as `E`. */
const MARK = /\p{M}/gu;

/**
 * The value of a decimal digit of any script: Unicode encodes each script's digits 0-9 as one
 * contiguous run of ten, so the digit is its distance from the run's start.
 */
function asciiDigit(d: string): string {
  let cp = d.codePointAt(0)!;
  let start = cp;
  while (DIGIT.test(String.fromCodePoint(start - 1))) start--;
  cp -= start;
  return String(cp % 10);
}

/**
 * A serial or plate as people mean it: NFKC (fullwidth and compatibility forms become plain letters
 * and digits), accents and invisible characters removed, look-alike letters, other scripts' digits
 * and dash variants turned to ASCII, trimmed.
 */
export function foldLookalikes(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .normalize('NFD')
    .replace(MARK, '')
    .replace(CONFUSABLE, (c) => CONFUSABLES[c]!)
    .replace(NON_ASCII_DIGIT, asciiDigit)
    .replace(DASH, '-')
    .normalize('NFC')
    .trim();
}

/** What a folded serial or plate may hold: printable ASCII (letters, digits, space, punctuation). */
const ALLOWED = /^[\x20-\x7E]*$/;

/**
 * Whether a folded serial or plate holds printable ASCII only: a letter of another script (a
 * Cyrillic `А` that looks like a Latin one), an emoji or a symbol is refused.
 */
export function latinLettersOnly(text: string): boolean {
  return ALLOWED.test(text);
}

/** The message for a serial or plate with a character outside that set (named when `text` is given). */
export const nonLatinMessage = (label: string, text?: string) => {
  const odd = text ? [...text].find((c) => !ALLOWED.test(c)) : undefined;
  return odd
    ? `${label} berisi "${odd}": huruf non-Latin atau tanda di luar A-Z, 0-9 dan tanda baca biasa; ketik dengan huruf A-Z`
    : `${label} berisi huruf non-Latin (mis. huruf Kiril yang mirip); ketik dengan huruf A-Z`;
};
