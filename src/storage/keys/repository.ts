import type { ApiKey, SigningKey } from '../../domain/model.js';

/** API key records (never their secrets: a key's token proves itself by its signature). */
export interface ApiKeysRepository {
  insert(key: ApiKey): Promise<ApiKey>;
  get(id: string): Promise<ApiKey | null>;
  /** Newest first. */
  list(workspaceId: string): Promise<ApiKey[]>;
  /** Keeps the first revocation time; null for an unknown key or another workspace's. */
  revoke(workspaceId: string, id: string, at: Date): Promise<ApiKey | null>;
  /** Record last-used times in one batch (called periodically, not per request); never moves one back. */
  touch(lastUsed: ReadonlyMap<string, Date>): Promise<void>;
  /** Set `successorId` only if none is set yet; true when this call set it. */
  claimSuccessor(id: string, successorId: string): Promise<boolean>;
  /** Delete up to `limit` records of a deleted workspace (docs/adr/0177): how many went, 0 when none is left. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number>;
}

/** The service's own signing keys (shared by every instance). */
export interface SigningKeysRepository {
  /** Oldest first. */
  list(): Promise<SigningKey[]>;
  /** Insert unless a key with that kid exists; returns the stored key either way. */
  insert(key: SigningKey): Promise<SigningKey>;
  delete(kid: string): Promise<void>;
}
