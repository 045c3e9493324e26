import type { ClickField } from '../../../domain/click-fields.js';
import type { ComboFilter } from '../repository.js';
import type { ClickSource } from './source.js';

/** How a read uses the sheets: which kind, which of them, and whether it must look at combinations. */
export interface Shape {
  kind: 'domain' | 'link' | 'tag';
  keys?: readonly string[];
  /** Tag sheets: the tag's links (their open hours, and their hours by link at the window's ends). */
  linkKeys?: readonly string[];
  exclude: ReadonlySet<string> | null;
  /** Sheets are read by combination (a filter beyond the domain sheets' own, or a breakdown by field). */
  combos: boolean;
  /** A breakdown by domain read off the domain sheets' keys. */
  domainByKey: boolean;
  /** Links' counts from the domain (or tag) sheets' per-link maps. */
  linksFromDomain: boolean;
}

/** The shape of a read of these links (undefined: every link of the workspace). */
export function shapeOf(linkIds: readonly string[] | undefined, filter: ComboFilter | null, fields: readonly ClickField[], byLink: boolean): Shape {
  if (linkIds) return { kind: 'link', keys: linkIds, exclude: null, combos: filter !== null || fields.length > 0, domainByKey: false, linksFromDomain: false };
  const { domain, ...rest } = filter ?? {};
  const beyond = Object.keys(rest).length > 0;
  // Clicks by link under a filter: every link's own sheets (the domain sheets know links only in total).
  if (byLink && filter !== null) return { kind: 'link', exclude: null, combos: true, domainByKey: false, linksFromDomain: false };
  const keys = domain?.in ? domain.in.filter((d) => !domain.not_in?.includes(d)) : undefined;
  const domainByKey = !beyond && fields.length === 1 && fields[0] === 'domain';
  return {
    kind: 'domain',
    ...(keys ? { keys } : {}),
    exclude: domain?.not_in ? new Set(domain.not_in) : null,
    combos: beyond || (fields.length > 0 && !domainByKey),
    domainByKey,
    linksFromDomain: byLink,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
};

/**
 * The shape of a read of exactly the links carrying one tag, through the tag's own sheets
 * (docs/adr/0098), or null when they cannot answer it: the store keeps none, the store's record of
 * the tag's links differs from `linkIds` (a tag change not synced yet: the links' sheets answer) or a
 * link's sheets are being moved into or out of the tag's (docs/adr/0103), or
 * clicks by link under a filter (tag sheets know links only in total).
 */
export async function tagShape(
  src: Pick<ClickSource, 'tagLinks'>,
  workspaceId: string,
  tag: string | undefined,
  linkIds: readonly string[],
  filter: ComboFilter | null,
  fields: readonly ClickField[],
  byLink: boolean,
): Promise<Shape | null> {
  if (tag === undefined || !src.tagLinks || (byLink && filter !== null)) return null;
  const recorded = await src.tagLinks(workspaceId, tag, linkIds);
  if (recorded === null || !sameSet(recorded, linkIds)) return null;
  return {
    kind: 'tag',
    keys: [tag],
    linkKeys: linkIds,
    exclude: null,
    combos: filter !== null || fields.length > 0,
    domainByKey: false,
    linksFromDomain: byLink,
  };
}
