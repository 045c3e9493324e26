/** A unique constraint refused a write. `field` names what collided. */
export class StoreConflict extends Error {
  constructor(readonly field: 'alias' | 'host' | 'slug' | 'kid' | 'id' | 'external_id' | 'email' | 'member' | 'name') {
    super(`conflict on ${field}`);
    this.name = 'StoreConflict';
  }
}

/** The store cannot be reached (mapped to 503 unavailable). */
export class StoreUnavailable extends Error {
  constructor(cause?: unknown) {
    super('the database cannot be reached', { cause });
    this.name = 'StoreUnavailable';
  }
}
