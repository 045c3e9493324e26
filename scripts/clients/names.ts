/** Identifier helpers shared by the client generators. */

export const pascal = (s: string): string => s.replace(/(^|[^a-zA-Z0-9]+)([a-zA-Z0-9])/g, (_m, _sep, c: string) => c.toUpperCase());

export const camel = (s: string): string => {
  const p = pascal(s);
  return p.charAt(0).toLowerCase() + p.slice(1);
};

/** `links:read` -> `LINKS_READ`, `2xx` -> `V_2XX` (a constant name in Java and Kotlin). */
export const constant = (v: string): string => {
  const c = v
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  return /^[A-Z_]/.test(c) ? c : `V_${c}`;
};

/**
 * Component names that would shadow a type every client language uses (java.lang.Error, Swift's
 * Error protocol and Foundation's Data/Date/URL, Kotlin's Any/Unit...). `Error` is the error envelope.
 */
const SHADOWING = new Set(
  'Any Array Bool Boolean Class Data Date Decoder Dictionary Double Encoder Float Int Integer JSONValue List Long LskClient LskError LskErrorDetail LskException LskHttp LskQueryValue LskRawResponse Map Nothing Nullable Number Object Optional Params Protocol Result Set String Type URL Unit Void'.split(
    ' ',
  ),
);

export function modelName(component: string): string {
  const n = pascal(component);
  if (n === 'Error') return 'ErrorResponse';
  return SHADOWING.has(n) ? `${n}Model` : n;
}

/** A string literal valid in Java, Kotlin and Swift (JSON escapes, plus `$` for Kotlin templates when asked). */
export const str = (s: string): string => JSON.stringify(s);

/** A `/** … *\/` comment block (Java, Kotlin). */
export function blockDoc(text: string, indent: string): string {
  if (!text) return '';
  const lines = text.replace(/\*\//g, '*&#47;').split('\n');
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n`;
}

/** `///` doc lines (Swift). */
export const lineDoc = (text: string, indent: string): string =>
  text
    ? text
        .split('\n')
        .map((l) => `${indent}///${l ? ` ${l}` : ''}\n`)
        .join('')
    : '';
