/** A small versioned value (the per-field limits keep their call times in one). */
export interface Versioned {
  version: number;
  value: string;
}

/** Shared counters: what the rate limiters need, correct under concurrent instances on both stores. */
export interface CountersRepository {
  get(key: string): Promise<Versioned | null>;
  /** Compare-and-set: writes when the stored version equals `expected` (null: absent) and bumps it; false when another writer won. */
  cas(key: string, expected: number | null, value: string): Promise<boolean>;

  /**
   * The shared plan limiter's claims (docs/adr/0018): insert one marker per time slot, (key, chain,
   * slot) unique, in the order given, stopping at the first slot already taken. Returns how many
   * were inserted (all of them: the claim holds). The ones inserted before a taken slot stay until
   * `dropSlots`.
   */
  claimSlots(key: string, chain: number, slots: readonly number[]): Promise<number>;
  /** Withdraw markers (only their maker does). */
  dropSlots(key: string, chain: number, slots: readonly number[]): Promise<void>;
  /** Delete every marker of a slot before `slot` (a sweep: FerretDB has no TTL index). */
  sweepSlots(before: number): Promise<void>;

  /** Insert a lasting marker once (a unique key): true for the one call that inserted it, false for every other. */
  mark(key: string): Promise<boolean>;
}
