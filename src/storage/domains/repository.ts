import type { Domain } from '../../domain/model.js';

export interface DomainsRepository {
  /** StoreConflict('host') when any workspace has the host already. */
  add(domain: Domain): Promise<Domain>;
  get(host: string): Promise<Domain | null>;
  /** Oldest first. */
  list(workspaceId: string): Promise<Domain[]>;
  delete(workspaceId: string, host: string): Promise<boolean>;
}
