/**
 * `referrer_source` and `referrer_kind` filters (docs/adr/0216) turned into a filter on the recorded
 * referrer hosts of the very read they narrow: the referrers breakdown of the same window, links and
 * other filters names every host the read can meet; the hosts whose source passes become the
 * `referrer` IN list (or, for a filter that only excludes, those that fail become its NOT IN list).
 * Exact at any window, on both stores, since it is the read's own window; one more store read.
 */
import type { ClickFilter, FieldFilter } from '../../domain/click-fields.js';
import { hostPasses } from '../../domain/referrer-sources/host-filter.js';
import { type ClicksRepository, type ComboFilter, HOUR_MS } from '../../storage/clicks/repository.js';

/** What a read needs of the narrowing: its workspace, links, window and filter on recorded values. */
export interface NarrowedRead {
  workspaceId: string;
  from: number;
  to: number;
  filter?: ComboFilter | null;
  linkIds?: readonly string[];
  excludeLinkIds?: readonly string[];
  tag?: string;
}

/** Whether the filter names a source or a kind. */
export const hasSourceFilter = (f: ClickFilter): boolean => Boolean(f.referrer_source || f.referrer_kind);

const union = (a: readonly string[] | undefined, b: readonly string[]) => [...new Set([...(a ?? []), ...b])];

/**
 * `read` with the source filters of `f` resolved to hosts. The hosts are those of the whole hours
 * around [from, to) (events windows need not start on an hour; a host read too many is still judged
 * by its source). A filter whose hosts all fail keeps no click (an empty link list, as an empty IN).
 */
export async function narrowBySource<R extends NarrowedRead>(clicks: ClicksRepository, read: R, f: ClickFilter): Promise<R> {
  if (!hasSourceFilter(f)) return read;
  const { workspaceId, filter, linkIds, excludeLinkIds, tag } = read;
  const from = Math.floor(read.from / HOUR_MS) * HOUR_MS;
  const to = Math.ceil(read.to / HOUR_MS) * HOUR_MS;
  // Bots' hosts too: a host only bots came through still decides whether their visits count (total.bots).
  const probe = { workspaceId, from, to, filter: filter ?? null, groups: ['referrer'] as const, groupBots: true };
  const seen = await clicks.query({ ...probe, ...(linkIds ? { linkIds } : {}), ...(excludeLinkIds ? { excludeLinkIds } : {}), ...(tag ? { tag } : {}) });
  const passes = hostPasses(f.referrer_source as FieldFilter | undefined, f.referrer_kind as FieldFilter | undefined);
  const hosts = (seen.groups.referrer ?? []).map((r) => r.key);
  const kept = hosts.filter(passes);
  const own: FieldFilter = filter?.referrer ?? {};
  // Only NOT IN given: the hosts that fail are left out (a host first seen after the probe is kept, as a NOT IN keeps what it does not name).
  const onlyExcludes = !f.referrer_source?.in && !f.referrer_kind?.in;
  if (onlyExcludes) {
    const dropped = hosts.filter((h) => !passes(h));
    if (dropped.length === 0) return read;
    return { ...read, filter: { ...filter, referrer: { ...own, not_in: union(own.not_in, dropped) } } };
  }
  if (kept.length === 0) {
    const none: R = { ...read, linkIds: [] };
    delete none.excludeLinkIds;
    delete none.tag;
    return none;
  }
  // The probe read under the read's own referrer filter: the hosts kept are within its IN list already.
  return { ...read, filter: { ...filter, referrer: { ...own, in: kept } } };
}
