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
 * Names and display text (tags, key names, titles): trimmed, min..max characters, no hidden
 * characters, then NFC-normalised so that canonically equal spellings ("Café" composed or decomposed)
 * are one value. Lengths count the trimmed input.
 */
export function displayTextSchema(min: number, max: number) {
  return z
    .string()
    .transform((v, ctx) => {
      const text = v.trim();
      const n = characters(text);
      if (n < min) ctx.addIssue({ code: 'custom', message: min === 1 ? 'must not be empty' : `must be at least ${min} characters`, input: v });
      if (n > max) ctx.addIssue({ code: 'custom', message: `must be at most ${max} characters`, input: v });
      if (HIDDEN_CHAR.test(text)) ctx.addIssue({ code: 'custom', message: HIDDEN_CHARACTERS_MESSAGE, input: v });
      return text.normalize('NFC');
    })
    .meta({ minLength: min, maxLength: max, pattern: VISIBLE_TEXT_PATTERN });
}
