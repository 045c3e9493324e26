import type { ApiKey, Click, Domain, Link, SigningKey, Tag, Workspace } from '../domain/model.js';
import type { Plan } from '../domain/resource-schemas.js';

/** A unique constraint refused a write. `field` names what collided. */
export class StoreConflict extends Error {
  constructor(readonly field: 'alias' | 'host' | 'slug' | 'kid' | 'id') {
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

export interface NewLink {
  id: string;
  workspaceId: string;
  domain: string;
  alias: string;
  destination: string;
  geoTargeting: Record<string, string>;
  tags: string[];
  createdAt: Date;
}

export interface RedirectTarget {
  id: string;
  workspaceId: string;
  destination: string;
  geoTargeting: Record<string, string>;
}

export interface LinkPatch {
  destination?: string;
  domain?: string;
  alias?: string;
  geoTargeting?: Record<string, string>;
  tags?: string[];
  updatedAt: Date;
}

/** Position in the newest-first link order: (createdAt desc, id desc). */
export interface LinkPosition {
  createdAt: Date;
  id: string;
}

export interface LinkQuery {
  limit: number;
  after?: LinkPosition;
  /** Tag key (lower-cased). */
  tag?: string;
  domain?: string;
  /** Case-insensitive substring of alias or destination. */
  q?: string;
}

export interface StatsRange {
  from: Date;
  /** Exclusive. */
  to: Date;
}

export interface LinkStats {
  clicks: number;
  bots: number;
  byDay: { date: string; clicks: number }[];
  byCountry: { country: string; clicks: number }[];
  byReferrer: { host: string; clicks: number }[];
  byDevice: { device: string; clicks: number }[];
}

/** Small versioned documents for shared counters (rate limits); opaque values. */
export interface CounterStore {
  getCounter(key: string): Promise<{ version: number; value: string } | null>;
  /** Compare-and-set: writes when the stored version equals `expected` (null: absent) and bumps it; false when another writer won. */
  casCounter(key: string, expected: number | null, value: string): Promise<boolean>;
}

/**
 * The storage seam. SQLite (embedded default) and MongoDB implement it and pass one contract suite.
 * Every workspace-owned read or write takes the workspace id: nothing crosses workspaces.
 */
export interface Store extends CounterStore {
  readonly kind: 'sqlite' | 'mongodb';
  init(): Promise<void>;
  close(): Promise<void>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;

  createWorkspace(ws: Workspace): Promise<Workspace>;
  getWorkspace(id: string): Promise<Workspace | null>;
  getWorkspaceBySlug(slug: string): Promise<Workspace | null>;
  /** Every workspace, oldest first (an operator's listing; the API never lists across workspaces). */
  listWorkspaces(): Promise<Workspace[]>;
  setWorkspacePlan(id: string, plan: Plan, rateLimitRpm: number): Promise<Workspace | null>;

  insertLink(link: NewLink): Promise<Link>;
  getLink(workspaceId: string, id: string): Promise<Link | null>;
  /** For redirects (any workspace): just what a redirect needs, in one indexed read. */
  findRedirect(domain: string, alias: string): Promise<RedirectTarget | null>;
  updateLink(workspaceId: string, id: string, patch: LinkPatch): Promise<Link | null>;
  deleteLink(workspaceId: string, id: string): Promise<boolean>;
  listLinks(workspaceId: string, query: LinkQuery): Promise<Link[]>;
  countLinksOnDomain(workspaceId: string, domain: string): Promise<number>;

  listTags(workspaceId: string): Promise<Tag[]>;
  /** Rename a tag, or merge it into the tag already named `to` (case-insensitively). Null when absent. */
  renameTag(workspaceId: string, fromKey: string, to: string): Promise<Tag | null>;
  deleteTag(workspaceId: string, key: string): Promise<boolean>;

  addDomain(domain: Domain): Promise<Domain>;
  getDomain(host: string): Promise<Domain | null>;
  listDomains(workspaceId: string): Promise<Domain[]>;
  deleteDomain(workspaceId: string, host: string): Promise<boolean>;

  insertApiKey(key: ApiKey): Promise<ApiKey>;
  getApiKey(id: string): Promise<ApiKey | null>;
  listApiKeys(workspaceId: string): Promise<ApiKey[]>;
  revokeApiKey(workspaceId: string, id: string, at: Date): Promise<ApiKey | null>;
  /** Record last-used times in one batch (called periodically, not per request). */
  touchApiKeys(lastUsed: ReadonlyMap<string, Date>): Promise<void>;
  /** Set `successorId` only if none is set yet; true when this call set it. */
  claimSuccessor(id: string, successorId: string): Promise<boolean>;

  listSigningKeys(): Promise<SigningKey[]>;
  /** Insert unless a key with that kid exists; returns the stored key either way. */
  insertSigningKey(key: SigningKey): Promise<SigningKey>;
  deleteSigningKey(kid: string): Promise<void>;

  /** Append clicks and bump each counted link's `clicks` (bots are not counted). */
  recordClicks(clicks: readonly Click[]): Promise<void>;
  linkStats(workspaceId: string, linkId: string, range: StatsRange): Promise<LinkStats>;
}
