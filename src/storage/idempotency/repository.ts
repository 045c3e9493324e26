/** The answer a request with an Idempotency-Key got, kept for its replays. */
export interface StoredResponse {
  status: number;
  /** The Location header of a 201, if any. */
  location: string | null;
  /** The JSON body as sent. */
  body: string;
}

/** One claimed key (docs/adr/0061): who holds it (token), what request it was (fingerprint), and its answer once done. */
export interface IdempotencyRecord {
  workspaceId: string;
  key: string;
  /** Random per claim: only the claim's holder completes or releases it. */
  token: string;
  /** sha256 of method, path and body. */
  fingerprint: string;
  createdAt: Date;
  expiresAt: Date;
  /** null while the first request is still running. */
  response: StoredResponse | null;
}

/**
 * Idempotency keys, per workspace. Correct across instances on both stores and on FerretDB: a key
 * is claimed by a unique-key insert (never read-then-write), and only the claim's holder writes
 * the record afterwards (a single-writer document). Expired records are ignored by the service
 * and removed by `sweep` (FerretDB and SQLite have no TTL index; real MongoDB's TTL index only helps).
 */
export interface IdempotencyRepository {
  /** Insert the record; false when (workspace, key) already has one. */
  claim(record: Omit<IdempotencyRecord, 'response'>): Promise<boolean>;
  get(workspaceId: string, key: string): Promise<IdempotencyRecord | null>;
  /** Store the answer; only the holder of `token` does. */
  complete(workspaceId: string, key: string, token: string, response: StoredResponse): Promise<void>;
  /** Remove the record claimed with `token` (a failed first request, or an expired record); a newer claim is left alone. */
  release(workspaceId: string, key: string, token: string): Promise<void>;
  /** Remove every record expired at `now`; returns how many. */
  sweep(now: Date): Promise<number>;
  /** Delete up to `limit` records of a deleted workspace (docs/adr/0177): how many went, 0 when none is left. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number>;
}
