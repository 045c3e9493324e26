import type { ClickFilterInput } from '../../domain/analytics-schemas.js';
import type { Caller } from '../../domain/caller.js';
import { CLICK_FIELDS, type ClickField, type ClickFilter, type FieldFilter, type FilterField, filterValueOf } from '../../domain/click-fields.js';
import { tagKey } from '../../domain/field-rules.js';
import { restrictionFilter } from '../../domain/link-access.js';
import type { ComboFilter } from '../../storage/clicks/repository.js';
import type { LinksRepository } from '../../storage/links/repository.js';
import type { LinkService } from '../link-service.js';

/**
 * What a read's filters come to: the links it covers (null: all), the links it leaves out when it
 * covers all the others (a NOT IN on links or tags without an IN: the store subtracts them, so the
 * workspace's link ids are never listed), and the filter on recorded values.
 */
export interface ResolvedScope {
  linkIds: string[] | null;
  excludeLinkIds: string[] | null;
  filter: ComboFilter | null;
  /** `linkIds` are exactly the links of this one tag (its key): the store may read the tag's own sheets. */
  tag?: string;
}

/** The `filter` argument plus the single-value link_id, tag and domain arguments (ANDed with it), values in the case clicks record them. */
export function mergedFilter(q: { filter?: ClickFilterInput | null; link_id?: string | null; tag?: string | null; domain?: string | null }): ClickFilter {
  const out: ClickFilter = {};
  for (const [k, v] of Object.entries(q.filter ?? {})) {
    if (!v) continue;
    const field = k as FilterField;
    const f: { in?: string[]; not_in?: string[] } = {};
    if (v.in) f.in = [...new Set(v.in.map((x) => filterValueOf(field, x)))];
    if (v.not_in) f.not_in = [...new Set(v.not_in.map((x) => filterValueOf(field, x)))];
    out[field] = f;
  }
  const single = (field: 'link_id' | 'tag' | 'domain', value: string | null | undefined) => {
    if (!value) return;
    value = filterValueOf(field, value);
    const f = out[field];
    out[field] = f?.in ? { ...f, in: f.in.filter((x) => x === value) } : { ...f, in: [value] };
  };
  single('link_id', q.link_id);
  single('tag', q.tag);
  single('domain', q.domain);
  return out;
}

/**
 * Resolve link_id and tag to links of the workspace (an id that is not the caller's answers 404,
 * in an IN list and a NOT IN list alike); the other filters stay on the recorded values. A
 * restricted key's restriction (docs/adr/0121) is one more IN list: it sees only its links' clicks.
 */
export async function resolveScope(caller: Caller, filter: ClickFilter, links: LinksRepository, linkService: LinkService): Promise<ResolvedScope> {
  const { workspaceId } = caller;
  const combo: ComboFilter = {};
  for (const f of CLICK_FIELDS) if (filter[f]) combo[f as ClickField] = filter[f] as FieldFilter;
  // An IN list left empty (the domain argument and a domain filter without it) matches no click;
  // the stores read an empty list as no filter at all.
  if (Object.values(combo).some((f) => f.in?.length === 0)) return { linkIds: [], excludeLinkIds: null, filter: null };
  const ids = async (values: readonly string[] | undefined) => (values ? Promise.all(values.map(async (v) => (await linkService.get(caller, v)).id)) : null);
  const tagged = async (values: readonly string[] | undefined) => {
    if (!values) return null;
    const sets = await Promise.all(values.map((t) => links.ids(workspaceId, { tag: tagKey(t) })));
    return sets.flat();
  };
  const [inLinks, outLinks, inTags, outTags, restricted] = await Promise.all([
    ids(filter.link_id?.in),
    ids(filter.link_id?.not_in),
    tagged(filter.tag?.in),
    tagged(filter.tag?.not_in),
    caller.restriction ? links.ids(workspaceId, restrictionFilter(caller.restriction)) : null,
  ]);
  let include: Set<string> | null = null;
  for (const s of [inLinks, inTags, restricted]) {
    if (!s) continue;
    include = include ? new Set(s.filter((id) => include!.has(id))) : new Set(s);
  }
  const exclude = new Set([...(outLinks ?? []), ...(outTags ?? [])]);
  const linkIds = include ? [...include].filter((id) => !exclude.has(id)) : null;
  const excludeLinkIds = !include && exclude.size > 0 ? [...exclude] : null;
  const out: ResolvedScope = { linkIds, excludeLinkIds, filter: Object.keys(combo).length > 0 ? combo : null };
  // One tag, nothing else choosing links: the links are exactly the tag's.
  const oneTag = filter.tag?.in?.length === 1 && !filter.tag.not_in?.length && !filter.link_id && !restricted;
  if (oneTag) out.tag = tagKey(filter.tag!.in![0]!);
  return out;
}
