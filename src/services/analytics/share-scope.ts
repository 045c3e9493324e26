import type { ClickFilter, FieldFilter } from '../../domain/click-fields.js';
import { tagKey } from '../../domain/field-rules.js';
import type { AnalyticsShare } from '../../storage/analytics-shares/repository.js';
import type { LinksRepository } from '../../storage/links/repository.js';

type Keep = (v: string) => boolean;

/** One field's filter ANDed with the share's one value: IN keeps only that value (none left: nothing matches). */
function within(f: FieldFilter | undefined, value: string, same: (a: string, b: string) => boolean): FieldFilter {
  const out: FieldFilter = { in: f?.in ? f.in.filter((v) => same(v, value)) : [value] };
  if (f?.not_in) out.not_in = f.not_in;
  return out;
}

/** Keep the values of a filter that pass (an IN list may end empty: it then matches nothing). */
function kept(f: FieldFilter, keep: Keep): FieldFilter {
  const out: FieldFilter = {};
  if (f.in) out.in = f.in.filter(keep);
  if (f.not_in) {
    const rest = f.not_in.filter(keep);
    if (rest.length > 0) out.not_in = rest;
  }
  return out;
}

/**
 * A shared read's filters (docs/adr/0215): the caller's, ANDed with the share's link, tag or domain,
 * so they can narrow but never widen it. Link ids are only those of links inside the share: any other
 * (another link, an ext_ form, one that does not exist) is dropped, an IN list then matching nothing,
 * so the answer never tells whether a link outside the share exists.
 */
export function shareFilter(share: AnalyticsShare, links: LinksRepository): (f: ClickFilter) => Promise<ClickFilter> {
  return async (f) => {
    const out: ClickFilter = { ...f };
    if (share.linkId) {
      const id = share.linkId;
      out.link_id = within(f.link_id ? kept(f.link_id, (v) => v === id) : undefined, id, (a, b) => a === b);
      return out;
    }
    if (f.link_id) {
      const asked = [...new Set([...(f.link_id.in ?? []), ...(f.link_id.not_in ?? [])].filter((v) => v.startsWith('lnk_')))];
      const found = asked.length > 0 ? await links.byIds(share.workspaceId, asked) : [];
      const inside = new Set(
        found
          .filter((l) => (share.tag ? l.tags.some((t) => tagKey(t) === tagKey(share.tag!)) : share.domain ? l.domain === share.domain : true))
          .map((l) => l.id),
      );
      out.link_id = kept(f.link_id, (v) => inside.has(v));
    }
    if (share.tag) out.tag = within(f.tag, share.tag, (a, b) => tagKey(a) === tagKey(b));
    if (share.domain) out.domain = within(f.domain, share.domain, (a, b) => a.toLowerCase() === b.toLowerCase());
    return out;
  };
}
