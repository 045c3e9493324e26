import type { Caller, LinkRestriction } from './caller.js';
import { LskError } from './errors.js';
import { tagKey } from './field-rules.js';

/** The store filter a restriction amounts to: links on one of these domains, carrying one of these tag keys. */
export interface RestrictionFilter {
  domainIn?: string[];
  tagIn?: string[];
}

export function restrictionFilter(r: LinkRestriction | null): RestrictionFilter {
  if (!r) return {};
  return { ...(r.domains ? { domainIn: [...r.domains] } : {}), ...(r.tags ? { tagIn: r.tags.map(tagKey) } : {}) };
}

/** Whether a link (as stored, or as it would be after a create or update) lies inside the restriction. */
export function withinRestriction(r: LinkRestriction | null, link: { domain: string; tags: readonly string[] }): boolean {
  if (!r) return true;
  if (r.domains && !r.domains.includes(link.domain)) return false;
  if (r.tags) {
    const allowed = new Set(r.tags.map(tagKey));
    if (!link.tags.some((t) => allowed.has(tagKey(t)))) return false;
  }
  return true;
}

/** 403 forbidden: a restricted key tried to make or leave a link outside what it may touch. */
export function outsideRestriction(r: LinkRestriction): LskError {
  const parts = [
    ...(r.domains ? [`on ${r.domains.join(', ')}`] : []),
    ...(r.tags ? [`carrying one of the tags ${r.tags.map((t) => `"${t}"`).join(', ')}`] : []),
  ];
  return new LskError('forbidden', `This API key may only create and change links ${parts.join(' and ')}.`);
}

/** A link a restricted caller may create or keep: else 403 forbidden. */
export function assertWithinRestriction(caller: Caller, link: { domain: string; tags: readonly string[] }): void {
  if (caller.restriction && !withinRestriction(caller.restriction, link)) throw outsideRestriction(caller.restriction);
}

/** Workspace-wide operations (tags, webhooks, the audit log) reach other links: refused to a restricted key. */
export function assertUnrestricted(caller: Caller, what: string): void {
  if (caller.restriction)
    throw new LskError('forbidden', `A restricted API key (domains or tags) cannot ${what}: it reaches links outside the key's restriction.`);
}
