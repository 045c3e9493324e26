/** A unique constraint refused a write. `field` names what collided. */
export class StoreConflict extends Error {
  constructor(readonly field: 'alias' | 'host' | 'slug' | 'kid' | 'id' | 'external_id' | 'email' | 'member' | 'name') {
    super(`conflict on ${field}`);
    this.name = 'StoreConflict';
  }
}

/**
 * What went wrong with a store call, in words an operator can act on: the database cannot be
 * reached or did not answer in time, is locked by another writer, refused a write on a constraint
 * nobody expected, or cannot read or write its files.
 */
export type StoreFailureKind = 'unavailable' | 'timeout' | 'busy' | 'constraint' | 'disk';

/**
 * A store call that failed, as the adapter that made it classified it (each adapter knows its own
 * driver's errors: storage/sqlite/failures.ts, storage/mongo/failures.ts). Nothing outside storage/
 * looks at driver errors; an error no adapter could classify passes as it was.
 */
export class StoreFailure extends Error {
  constructor(
    readonly kind: StoreFailureKind,
    cause?: unknown,
    message = cause instanceof Error ? cause.message : `store call failed (${kind})`,
  ) {
    super(message, { cause });
    this.name = 'StoreFailure';
  }

  /** The database could not be reached or did not answer in time (answered 503 unavailable). */
  get unreachable(): boolean {
    return this.kind === 'unavailable' || this.kind === 'timeout';
  }
}

/** The store cannot be reached, or (`timeout`) did not answer in time: mapped to 503 unavailable. */
export class StoreUnavailable extends StoreFailure {
  constructor(cause?: unknown, kind: 'unavailable' | 'timeout' = 'unavailable') {
    super(kind, cause, 'the database cannot be reached');
    this.name = 'StoreUnavailable';
  }
}

/** How an adapter names its driver's errors: a failure kind, or null when it is none of them. */
export type FailureKindOf = (e: unknown) => StoreFailureKind | null;

/** `e` as the StoreFailure it is (a StoreUnavailable when unreachable), or `e` itself when `kindOf` names no kind. */
export function asStoreFailure(e: unknown, kindOf: FailureKindOf): unknown {
  if (e instanceof StoreConflict || e instanceof StoreFailure) return e;
  const kind = kindOf(e);
  if (kind === null) return e;
  return kind === 'unavailable' || kind === 'timeout' ? new StoreUnavailable(e, kind) : new StoreFailure(kind, e);
}
