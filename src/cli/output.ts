import type { Domain as DomainRecord, ApiKey as KeyRecord, Workspace as WorkspaceRecord } from '../domain/model.js';
import type { ApiKey, Domain, Workspace } from '../generated/graphql.js';

// The machine-readable results use the API's wire shapes (types generated from the GraphQL schema).

export const workspaceJson = (w: WorkspaceRecord): Workspace => ({
  id: w.id,
  slug: w.slug,
  plan: w.plan,
  rate_limit_rpm: w.rateLimitRpm,
  require_2fa: w.require2fa,
});

export const domainJson = (d: DomainRecord): Domain => ({
  host: d.host,
  created_at: d.createdAt.toISOString(),
  root_url: d.settings.rootUrl,
  not_found_url: d.settings.notFoundUrl,
  expired_url: d.settings.expiredUrl,
  crawlable: d.settings.crawlable,
  apple_app_site_association: d.settings.appleAppSiteAssociation,
  assetlinks: d.settings.assetlinks,
});

export const keyJson = (k: KeyRecord): ApiKey => ({
  id: k.id,
  name: k.name,
  created_at: k.createdAt.toISOString(),
  expires_at: k.expiresAt.toISOString(),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  revoked_at: k.revokedAt?.toISOString() ?? null,
  scopes: k.scopes,
  domains: k.domains,
  tags: k.tags,
});

/** Rows as aligned columns for people (the JSON line after them is for programs). */
export function table(header: string[], rows: string[][]): string[] {
  if (rows.length === 0) return ['(none)'];
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  return all.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '));
}

/** A time for people: ISO to the second, or "-". */
export const when = (d: Date | null) => (d ? `${d.toISOString().slice(0, 19)}Z` : '-');
