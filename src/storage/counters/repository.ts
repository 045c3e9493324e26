/** A small versioned value (the per-field limits keep their call times in one). */
export interface Versioned {
  version: number;
  value: string;
}

/**
 * One admission of the shared plan limiter (docs/adr/0010): generation `gen` of chain `chain` of the
 * limiter key `key`, made at `atMs`. (key, chain, gen) is unique.
 */
export interface RateClaim {
  key: string;
  chain: number;
  gen: number;
  atMs: number;
}

export type ClaimId = Pick<RateClaim, 'key' | 'chain' | 'gen'>;

/** Shared counters: what the rate limiters need, correct under concurrent instances on both stores. */
export interface CountersRepository {
  get(key: string): Promise<Versioned | null>;
  /** Compare-and-set: writes when the stored version equals `expected` (null: absent) and bumps it; false when another writer won. */
  cas(key: string, expected: number | null, value: string): Promise<boolean>;

  /** A unique insert: false when that (key, chain, gen) exists already. */
  insertClaim(claim: RateClaim): Promise<boolean>;
  /** The chain's claim with the highest generation, or null. */
  latestClaim(key: string, chain: number): Promise<RateClaim | null>;
  /** The time of the newest claim of the chain other than `claim` made after `sinceMs`, or null when there is none. */
  rivalClaim(claim: ClaimId, sinceMs: number): Promise<number | null>;
  /** Withdraw a claim (only its maker does). */
  deleteClaim(claim: ClaimId): Promise<void>;
  /** Delete every claim made before `beforeMs` (a sweep: FerretDB has no TTL index). */
  sweepClaims(beforeMs: number): Promise<void>;
}
