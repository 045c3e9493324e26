import type { ClickField } from '../../../domain/click-fields.js';
import type { ComboFilter } from '../repository.js';

/** How a read uses the sheets: which kind, which of them, and whether it must look at combinations. */
export interface Shape {
  kind: 'domain' | 'link';
  keys?: readonly string[];
  exclude: ReadonlySet<string> | null;
  /** Sheets are read by combination (a filter beyond the domain sheets' own, or a breakdown by field). */
  combos: boolean;
  /** A breakdown by domain read off the domain sheets' keys. */
  domainByKey: boolean;
  /** Links' counts from the domain sheets' per-link maps. */
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
