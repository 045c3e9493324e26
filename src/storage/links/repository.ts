import type { Link } from '../../domain/model.js';
import type { StoreConflict } from '../errors.js';

/** A stored link: the domain link without its click count (that belongs to the clicks aggregate). */
export type LinkRow = Omit<Link, 'clicks' | 'status' | 'health'>;

/** A link to insert: `updatedAt` starts as `createdAt`. */
export type NewLink = Omit<LinkRow, 'updatedAt'>;

/** The fields an update may change; `updatedAt` always moves. */
export type LinkPatch = Partial<Omit<LinkRow, 'id' | 'workspaceId' | 'createdAt' | 'updatedAt'>> & Pick<LinkRow, 'updatedAt'>;

/** Just what a redirect needs, read in one indexed lookup. */
export type RedirectTarget = Pick<
  LinkRow,
  | 'id'
  | 'workspaceId'
  | 'domain'
  | 'alias'
  | 'title'
  | 'destination'
  | 'geoTargeting'
  | 'deviceTargeting'
  | 'expiresAt'
  | 'expiredUrl'
  | 'maxClicks'
  | 'passwordHash'
  | 'rules'
  | 'variants'
  | 'utm'
  | 'preview'
>;

/** Position in the newest-first link order: (createdAt desc, id desc). */
export type LinkPosition = Pick<LinkRow, 'createdAt' | 'id'>;

/** The orders a list can come in: by creation (either way), or by alias (A-Z, byte order; then id). */
export type LinkOrder = 'newest' | 'oldest' | 'alias';

/** Position in the alias order. */
export type AliasPosition = Pick<LinkRow, 'alias' | 'id'>;

export interface LinkFilter {
  /** Tag key (lower-cased). */
  tag?: string;
  domain?: string;
  externalId?: string;
  /** Only links whose expiresAt is at or before this time (true) or not (false): the status filters' store part. */
  expiredAt?: { now: Date; expired: boolean };
  /** Only links with a click cap. */
  capped?: boolean;
  /** Case-insensitive substring of alias, destination or title. */
  q?: string;
  /** A restricted key's links (domain/link-access.ts): on one of these domains... */
  domainIn?: readonly string[];
  /** ...and carrying one of these tag keys. */
  tagIn?: readonly string[];
  /** Only links among these ids (the health=broken filter: the ids come from the health states). */
  ids?: readonly string[];
}

export interface LinkQuery extends LinkFilter {
  limit: number;
  /** Default newest. */
  order?: LinkOrder;
  /** After this position of the order (an AliasPosition for `alias`). */
  after?: LinkPosition | AliasPosition;
}

/** Links, with their tags (tags are created implicitly by the links that use them). */
export interface LinksRepository {
  /**
   * A new link and its tags. Where the store keeps tag sheets (SQLite, docs/adr/0098), the link is
   * recorded there as carrying its tags in the same write (it has no clicks yet), so creating a link
   * needs no tag sync (docs/adr/0175); the same holds for insertMany.
   */
  insert(link: NewLink): Promise<LinkRow>;
  /** By id, or by external id when `id` is `ext_<external id>` (domain/link-ref.ts). */
  get(workspaceId: string, id: string): Promise<LinkRow | null>;
  /** For redirects (any workspace). */
  findRedirect(domain: string, alias: string): Promise<RedirectTarget | null>;
  /**
   * For wildcard redirects (any workspace): the links among these aliases of one domain, in one
   * indexed read (one probe of the (domain, alias) index per alias).
   */
  findRedirects(domain: string, aliases: readonly string[]): Promise<RedirectTarget[]>;
  update(workspaceId: string, id: string, patch: LinkPatch): Promise<LinkRow | null>;
  delete(workspaceId: string, id: string): Promise<boolean>;
  list(workspaceId: string, query: LinkQuery): Promise<LinkRow[]>;
  /**
   * Every link of the workspace matching the filter, newest first, in pages of `size` (an export,
   * docs/adr/0062): SQLite by keyset pages on its index; MongoDB through one cursor, so a store that
   * sorts per find does it once for the whole walk. The caller pulls the next page when it is ready.
   */
  pages(workspaceId: string, filter: LinkFilter, size: number): AsyncIterable<LinkRow[]>;
  countOnDomain(workspaceId: string, domain: string): Promise<number>;
  /** How many of the workspace's links match the filter. */
  count(workspaceId: string, filter: LinkFilter): Promise<number>;
  /** Ids of the workspace's links matching the filter (scopes analytics by tag or domain). */
  ids(workspaceId: string, filter: LinkFilter): Promise<string[]>;
  /** The workspace's links among these ids, in no particular order (unknown ids and other workspaces' are left out). */
  byIds(workspaceId: string, ids: readonly string[]): Promise<LinkRow[]>;
  /**
   * Bulk create (docs/adr/0060): the links of one workspace in one store round trip (one SQLite
   * transaction; one unordered insertMany on MongoDB). Each is inserted or fails alone, with its
   * StoreConflict, in the order given.
   */
  insertMany(workspaceId: string, links: readonly NewLink[]): Promise<(LinkRow | StoreConflict)[]>;
  /** Bulk delete: the ids among these that were the workspace's links and are now gone. */
  deleteMany(workspaceId: string, ids: readonly string[]): Promise<string[]>;
  /** Delete up to `limit` records of a deleted workspace (docs/adr/0177): how many went, 0 when none is left. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number>;
}
