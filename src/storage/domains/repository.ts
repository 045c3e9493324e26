import type { Domain, DomainSettings } from '../../domain/model.js';

/** A domain to add: its settings start as the service's defaults. */
export type NewDomain = Omit<Domain, 'settings'>;

export interface DomainsRepository {
  /** StoreConflict('host') when any workspace has the host already. */
  add(domain: NewDomain): Promise<Domain>;
  get(host: string): Promise<Domain | null>;
  /** Oldest first. */
  list(workspaceId: string): Promise<Domain[]>;
  delete(workspaceId: string, host: string): Promise<boolean>;
  /** Sets the given settings (each field on its own, so concurrent changes of different fields both hold); null when not the workspace's. */
  updateSettings(workspaceId: string, host: string, patch: Partial<DomainSettings>): Promise<Domain | null>;
  /** Delete up to `limit` records of a deleted workspace (docs/adr/0177): how many went, 0 when none is left. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number>;
}
