import { z } from './zod.js';

/**
 * Characters no name or display text may hold: control (Cc), format (Cf: zero-width characters, bidi
 * overrides and isolates, soft hyphen...), private-use (Co) and unpaired surrogates (Cs). They render
 * as nothing or as something else, so two names that look alike could differ.
 */
const HIDDEN = '\\p{Cc}\\p{Cf}\\p{Co}\\p{Cs}';
const HIDDEN_CHAR = new RegExp(`[${HIDDEN}]`, 'u');

/**
 * The documented form of such text (ECMA-262 with Unicode property escapes): no hidden characters and
 * no surrounding white space. The service also accepts surrounding white space and trims it.
 */
export const VISIBLE_TEXT_PATTERN = `^[^\\s${HIDDEN}](?:[^${HIDDEN}]*[^\\s${HIDDEN}])?$`;

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
