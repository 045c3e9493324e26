import type { Caller, LinkRestriction } from '../domain/caller.js';
import { type ErrorDetail, LskError } from '../domain/errors.js';
import { tagKey } from '../domain/field-rules.js';
import { SCOPES, type Scope } from '../domain/scopes.js';

/** What a new key asks for: its scopes and its restriction (absent: what its creator has). */
export interface KeyRequest {
  scopes?: Scope[] | null;
  domains?: string[] | null;
  tags?: string[] | null;
}

export interface KeyGrant {
  scopes: Scope[];
  domains: string[] | null;
  tags: string[] | null;
}

/** `wanted` within `allowed` (null: anything), compared by `key`; what is outside. */
const outside = (wanted: readonly string[], allowed: readonly string[], key: (v: string) => string) => {
  const ok = new Set(allowed.map(key));
  return wanted.filter((v) => !ok.has(key(v)));
};

/** What of `key`'s reach lies outside `mine` (empty: `key` is restricted at least as narrowly). */
function beyond(mine: LinkRestriction, key: LinkRestriction): string[] {
  return [
    ...(mine.domains ? outside(key.domains ?? ['(every domain)'], mine.domains, (v) => v) : []),
    ...(mine.tags ? outside(key.tags ?? ['(every tag)'], mine.tags, tagKey) : []),
  ];
}

/**
 * Whether `caller` may see and manage `key` (docs/adr/0233): an unrestricted caller every key of
 * its workspace; a restricted one only keys restricted at least as narrowly, the rule for the keys it
 * creates, so a campaign-tag key cannot list or revoke the owner's key.
 */
export function reachesKey(caller: Pick<Caller, 'restriction'>, key: LinkRestriction): boolean {
  return caller.restriction === null || beyond(caller.restriction, key).length === 0;
}

/**
 * What a key created by `caller` (holding `granter`'s scopes) gets: never a scope its creator lacks
 * (403 insufficient_scope), never a wider reach than its creator's restriction (403 forbidden; by
 * default it inherits it), and domains of the workspace only (400, each one named).
 */
export async function grantKey(
  caller: Pick<Caller, 'restriction'>,
  granter: ReadonlySet<Scope>,
  wanted: KeyRequest,
  domainUsable: (host: string) => Promise<boolean>,
): Promise<KeyGrant> {
  const scopes = wanted.scopes ?? SCOPES.filter((s) => granter.has(s));
  const lacking = scopes.filter((s) => !granter.has(s));
  if (lacking.length > 0) {
    throw new LskError('insufficient_scope', `A key cannot be given scopes its creator lacks: ${lacking.map((s) => `"${s}"`).join(', ')}.`);
  }
  const mine: LinkRestriction = caller.restriction ?? { domains: null, tags: null };
  const domains = wanted.domains ?? (mine.domains ? [...mine.domains] : null);
  const tags = wanted.tags ?? (mine.tags ? [...mine.tags] : null);
  const wider = beyond(mine, { domains, tags });
  if (wider.length > 0) {
    throw new LskError('forbidden', `A restricted key can only create keys restricted at least as narrowly; outside its restriction: ${wider.join(', ')}.`);
  }
  const details: ErrorDetail[] = [];
  for (const [i, host] of (wanted.domains ?? []).entries()) {
    if (!(await domainUsable(host))) details.push({ path: `domains.${i}`, message: `${host} is not a domain of this workspace` });
  }
  if (details.length > 0) throw LskError.validation(details);
  return { scopes, domains, tags };
}
