/**
 * Records that may be written once: the first insert of a key wins on every store and across
 * instances (a unique key, never a read-modify-write, so it holds on FerretDB too). Sign-in uses
 * them for whatever must happen at most once or at most N times: a TOTP time step or a recovery code
 * used, a challenge taken, the tries of a challenge (`…:try:1` … `…:try:5`), a device seen.
 * A record may carry a small value (a pending challenge's data). Expired records are ignored by
 * reads and deleted by `sweep` (no TTL index on FerretDB).
 */
export interface OneTimeRepository {
  /** Insert the record unless its key exists (expired or not); true when this call inserted it. */
  claim(key: string, expiresAt: Date, value?: string): Promise<boolean>;
  /** The value of a record unexpired at `now` ('' when it has none), or null. */
  get(key: string, now: Date): Promise<string | null>;
  /** Delete a record (idempotent). */
  release(key: string): Promise<void>;
  /** Delete every record expired at `now`. */
  sweep(now: Date): Promise<void>;
}
