/**
 * The import key `lsk import` hashes for a row without a readable one (src/import/check.ts,
 * `importKey`): the tool's name and the first 40 hex digits of the SHA-256 of the row's short link,
 * or of its draft when it had none. With the same key, a second import of the same file (from the
 * dashboard or the CLI) finds the links the first one made instead of making them again.
 */

/** What a row's key is hashed from. */
export interface KeySeed {
  source: string;
  seed: string;
}

/**
 * The key, or null where the browser has no SubtleCrypto (a page served over plain http from a
 * host other than localhost): such rows are sent without a key, as before.
 */
export async function hashedImportKey({ source, seed }: KeySeed): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(seed)));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${source}:${hex.slice(0, 40)}`;
}
