import { bucketStarts, type Interval } from '../../domain/analytics/buckets.js';
import { soFarCut } from '../../domain/analytics/so-far.js';
import { previousWindow, resolveWindow } from '../../domain/analytics/window.js';
import { ANALYTICS_LIMIT_DEFAULT, analyticsQuerySchema, type GroupBy } from '../../domain/analytics-schemas.js';
import type { Caller } from '../../domain/caller.js';
import { type ClickFilter, GROUP_FIELD } from '../../domain/click-fields.js';
import type { Clock } from '../../domain/clock.js';
import { shortUrl, tagKey } from '../../domain/field-rules.js';
import { cappedHosts, groupBySource } from '../../domain/referrer-sources/group.js';
import type { SourceKind } from '../../domain/referrer-sources/kinds.js';
import { parseOrThrow } from '../../domain/validate.js';
import type { ClickQuery, ClicksRepository, ClickTotals, KeyCount } from '../../storage/clicks/repository.js';
import type { LinksRepository } from '../../storage/links/repository.js';
import type { LinkService } from '../link-service.js';
import { type PreviousPeriod, previousBuckets, previousOf } from './previous.js';
import { mergedFilter, resolveScope } from './scope.js';
import { narrowBySource } from './source-scope.js';

export interface AnalyticsItem {
  key: string;
  clicks: number;
  /** Top links only. */
  alias?: string;
  shortUrl?: string;
  /** Referrer sources only (docs/adr/0214): the source's kind and the recorded hosts it sums. */
  kind?: SourceKind;
  hosts?: string[];
  /** Referrer sources only: how many more hosts the row sums than `hosts` lists (the top SOURCE_HOSTS_MAX). */
  hostsMore?: number;
  /** With `compare`: the same key's (bucket's) clicks in the previous window; null for a bucket with none to pair. */
  previousClicks?: number | null;
}

export interface AnalyticsReport {
  groupBy: GroupBy;
  from: Date;
  to: Date;
  /** Time series only. */
  interval: Interval | null;
  timezone: string;
  total: ClickTotals;
  data: AnalyticsItem[];
  /** With `compare: previous`: the window just before (previousWindow: whole local days or months, else the same length), and its totals; while this window still counts, up to the same point only (so-far.ts). */
  previous?: PreviousPeriod;
}

const byClicks = (a: KeyCount, b: KeyCount) => b.clicks - a.clicks || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * Clicks of a workspace over a window (docs/adr/0092): a time series in a time zone, or grouped by a
 * recorded value, link or tag; filtered by any of them (IN / NOT IN, combined with AND). Each
 * answer is one store read bounded by the sheets its window needs.
 */
export class AnalyticsService {
  constructor(
    private readonly clicks: ClicksRepository,
    private readonly links: LinksRepository,
    private readonly linkService: LinkService,
    private readonly clock: Clock,
  ) {}

  /** `narrow`: what a shared read (docs/adr/0215) makes of the caller's filters, so that they stay inside the share. */
  async report(caller: Caller, raw: unknown, narrow?: (f: ClickFilter) => Promise<ClickFilter>): Promise<AnalyticsReport> {
    const { workspaceId } = caller;
    const q = parseOrThrow(analyticsQuerySchema, raw);
    const groupBy = q.group_by ?? 'timeseries';
    const interval = groupBy === 'timeseries' ? (q.interval ?? 'day') : null;
    const now = this.clock.now().getTime();
    const window = resolveWindow(q, now, interval);
    const merged = narrow ? await narrow(mergedFilter(q)) : mergedFilter(q);
    const scope = await resolveScope(caller, merged, this.links, this.linkService);
    const read: ClickQuery = { workspaceId, from: window.from, to: window.to, filter: scope.filter };
    if (scope.linkIds) read.linkIds = scope.linkIds;
    if (scope.excludeLinkIds) read.excludeLinkIds = scope.excludeLinkIds;
    if (scope.tag) read.tag = scope.tag;
    const report = { groupBy, from: new Date(window.from), to: new Date(window.to), interval, timezone: window.zone };
    // The comparison reads the same scope over the window just before, beside the main read (docs/adr/0213).
    const whole = q.compare === 'previous' ? previousWindow(window) : null;
    // A window still counting meets the previous one up to the same point (docs/adr/0226): `prev` is what is read.
    const upTo = whole ? (soFarCut(window, whole, now) ?? whole.to) : 0;
    const prev = whole ? { from: whole.from, to: upTo } : null;
    const previous = (total: ClickTotals): { previous?: PreviousPeriod } =>
      prev ? { previous: { from: new Date(prev.from), to: new Date(prev.to), total } } : {};
    // A source or kind filter is resolved to the referrer hosts of each window on its own (docs/adr/0216).
    const run = async (r: ClickQuery) => this.clicks.query(await narrowBySource(this.clicks, r, merged));
    const both = (current: ClickQuery, earlier: (w: { from: number; to: number }) => ClickQuery) =>
      Promise.all([run(current), prev ? run(earlier(prev)) : null]);
    if (interval) {
      const starts = bucketStarts(window.from, window.to, interval, window.zone);
      const earlier = whole ? previousBuckets(interval, window, starts, whole, upTo) : null;
      const [a, p] = await both({ ...read, buckets: starts }, (w) => ({ ...read, ...w, buckets: earlier?.starts ?? [] }));
      const paired = p && earlier ? earlier.pair(p.buckets ?? []) : null;
      const data = starts.map((start, i) => ({
        key: new Date(start).toISOString(),
        clicks: a.buckets?.[i] ?? 0,
        ...(paired ? { previousClicks: paired[i]! } : {}),
      }));
      return { ...report, total: a.total, data, ...(p ? previous(p.total) : {}) };
    }
    const limit = q.limit ?? ANALYTICS_LIMIT_DEFAULT;
    const withPrevious = (rows: AnalyticsItem[], before: Map<string, number> | null, keyOf = (k: string) => k) =>
      before ? rows.map((r) => ({ ...r, previousClicks: before.get(keyOf(r.key)) ?? 0 })) : rows;
    if (groupBy === 'links' || groupBy === 'tags') {
      const [a, p] = await both({ ...read, groups: ['link'] }, (w) => ({ ...read, ...w, groups: ['link'] }));
      const perLink = a.groups.link ?? [];
      const before = p ? (p.groups.link ?? []) : null;
      const data =
        groupBy === 'links'
          ? withPrevious(await this.topLinks(workspaceId, perLink, limit), before && previousOf(before))
          : withPrevious(
              await this.byTag(workspaceId, perLink, limit),
              before && previousOf(await this.byTag(workspaceId, before, Number.POSITIVE_INFINITY), tagKey),
              tagKey,
            );
      return { ...report, total: a.total, data, ...(p ? previous(p.total) : {}) };
    }
    if (groupBy === 'referrer_sources') {
      // Every host of the window summed per source, then the limit (docs/adr/0214).
      const [a, p] = await both({ ...read, groups: ['referrer'] }, (w) => ({ ...read, ...w, groups: ['referrer'] }));
      const data = groupBySource(a.groups.referrer ?? [])
        .slice(0, limit)
        .map(cappedHosts);
      return { ...report, total: a.total, data: withPrevious(data, p && previousOf(groupBySource(p.groups.referrer ?? []))), ...(p ? previous(p.total) : {}) };
    }
    const field = GROUP_FIELD[groupBy as keyof typeof GROUP_FIELD];
    const [a, p] = await both({ ...read, groups: [field] }, (w) => ({ ...read, ...w, groups: [field] }));
    const data = withPrevious((a.groups[field] ?? []).slice(0, limit), p && previousOf(p.groups[field] ?? []));
    return { ...report, total: a.total, data, ...(p ? previous(p.total) : {}) };
  }

  private async topLinks(workspaceId: string, perLink: KeyCount[], limit: number): Promise<AnalyticsItem[]> {
    // A link deleted while it was read has no counts left (forget); one deleted just now is left out.
    const rows = new Map(
      (
        await this.links.byIds(
          workspaceId,
          perLink.slice(0, limit * 2).map((t) => t.key),
        )
      ).map((l) => [l.id, l]),
    );
    return perLink
      .flatMap((t) => {
        const l = rows.get(t.key);
        return l ? [{ ...t, alias: l.alias, shortUrl: shortUrl(l.domain, l.alias) }] : [];
      })
      .slice(0, limit);
  }

  /** Clicks of the links carrying each tag (a link with two tags counts in both). */
  private async byTag(workspaceId: string, perLink: KeyCount[], limit: number): Promise<AnalyticsItem[]> {
    const clicks = new Map(perLink.map((r) => [r.key, r.clicks]));
    const sums = new Map<string, KeyCount>();
    for (const link of await this.links.byIds(workspaceId, [...clicks.keys()])) {
      for (const tag of link.tags) {
        const k = tagKey(tag);
        const sum = sums.get(k) ?? { key: tag, clicks: 0 };
        sum.clicks += clicks.get(link.id) ?? 0;
        sums.set(k, sum);
      }
    }
    return [...sums.values()].sort(byClicks).slice(0, limit);
  }
}
