import { z } from './zod.js';

/**
 * Characters no name or display text may hold: control (Cc), format (Cf: zero-width characters, bidi
 * overrides and isolates, soft hyphen...), private-use (Co) and unpaired surrogates (Cs). They render
 * as nothing or as something else, so two names that look alike could differ. The code points of
 * these categories (Unicode 17), spelled out so that the documented pattern reads the same in every
 * regex engine (JSON Schema validators, Python's `re`); the unit tests compare them with the engine's
 * `\p{Cc}\p{Cf}\p{Co}\p{Cs}`.
 */
export const HIDDEN_RANGES: readonly (readonly [number, number])[] = [
  [0x0, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x600, 0x605],
  [0x61c, 0x61c],
  [0x6dd, 0x6dd],
  [0x70f, 0x70f],
  [0x890, 0x891],
  [0x8e2, 0x8e2],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0xd800, 0xf8ff],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0001, 0xe0001],
  [0xe0020, 0xe007f],
  [0xf0000, 0xffffd],
  [0x100000, 0x10fffd],
];

/** White space that String.prototype.trim removes and that is not hidden (space, no-break spaces, ...). */
const VISIBLE_SPACES: readonly (readonly [number, number])[] = [
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];

/** BMP code points as \uXXXX escapes, astral ones as themselves (no escape for them reads alike in JavaScript and Python). */
const char = (cp: number) => (cp > 0xffff ? String.fromCodePoint(cp) : `\\u${cp.toString(16).padStart(4, '0')}`);
const members = (ranges: readonly (readonly [number, number])[]) => ranges.map(([a, b]) => (a === b ? char(a) : `${char(a)}-${char(b)}`)).join('');

const HIDDEN_CHAR = new RegExp(`[${members(HIDDEN_RANGES)}]`, 'u');

/**
 * The documented pattern names the hidden characters of the BMP in a negated class and the others
 * (astral: Cf and the private-use planes) in a lookahead: a negated class spanning the astral planes
 * makes test-data generators (Hypothesis, behind schemathesis) about 60 times slower. It leaves out
 * the surrogates: no Unicode text holds one (a lone surrogate exists only in UTF-16 strings) and regex
 * engines on Unicode scalars (Rust's, behind JSON Schema tools) cannot name them. The service still
 * refuses them.
 */
const BMP_HIDDEN = members(HIDDEN_RANGES.filter(([a]) => a <= 0xffff).map(([a, b]) => (a === 0xd800 ? ([0xe000, b] as const) : ([a, b] as const))));
const ASTRAL_HIDDEN = members(HIDDEN_RANGES.filter(([a]) => a > 0xffff));
const SPACES = members(VISIBLE_SPACES);

/**
 * The documented form of such text: one or more characters, none hidden, no white space at either
 * end. The service also accepts surrounding white space and trims it.
 */
export const VISIBLE_TEXT_PATTERN = `^(?![${SPACES}])(?:(?![${ASTRAL_HIDDEN}])[^${BMP_HIDDEN}])+(?<![${SPACES}])$`;

export const HIDDEN_CHARACTERS_MESSAGE = 'must not contain control, zero-width, bidi, private-use or unpaired surrogate characters';

/** Length in characters (code points), as JSON Schema's minLength/maxLength count. */
export function characters(v: string): number {
  let n = 0;
  for (const _ of v) n++;
  return n;
}

/**
 * Text as stored and returned: min..max characters, no hidden characters (what displayTextSchema
 * leaves after trimming and normalising).
 */
export function visibleTextSchema(min: number, max: number) {
  return z
    .string()
    .superRefine((text, ctx) => {
      const n = characters(text);
      if (n < min) ctx.addIssue({ code: 'custom', message: min === 1 ? 'must not be empty' : `must be at least ${min} characters` });
      if (n > max) ctx.addIssue({ code: 'custom', message: `must be at most ${max} characters` });
      if (HIDDEN_CHAR.test(text)) ctx.addIssue({ code: 'custom', message: HIDDEN_CHARACTERS_MESSAGE });
    })
    .meta({ minLength: min, maxLength: max, pattern: VISIBLE_TEXT_PATTERN });
}

/**
 * Names and display text (tags, key names, titles) as given: trimmed, then visibleTextSchema, then
 * NFC-normalised so that canonically equal spellings ("Café" composed or decomposed) are one value.
 * Lengths count the trimmed input.
 */
export function displayTextSchema(min: number, max: number) {
  return z
    .string()
    .transform((v) => v.trim())
    .pipe(visibleTextSchema(min, max))
    .transform((v) => v.normalize('NFC'))
    .meta({ minLength: min, maxLength: max, pattern: VISIBLE_TEXT_PATTERN });
}
