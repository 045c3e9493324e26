/**
 * Updates per bulk write. FerretDB 1.24 keeps one of a database's 100 SQLite connections for every
 * update of a bulk write that found a document, until the whole command ends: a bulk write of 100
 * such updates waits for ever, and every command on that database behind it (docs/adr/0231, "A
 * closing that never answered"). 32 leaves room for three such writers at once. MongoDB has no such
 * limit; the cost there is more round trips.
 */
export const UPDATES_PER_BULK_WRITE = 32;

/** `items` in consecutive parts of at most `size`. */
export function* partsOf<T>(items: readonly T[], size = UPDATES_PER_BULK_WRITE): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
