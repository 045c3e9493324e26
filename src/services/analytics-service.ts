import { bucketStarts, fillBuckets, type Interval } from '../domain/analytics/buckets.js';
import { resolveWindow } from '../domain/analytics/window.js';
import { ANALYTICS_LIMIT_DEFAULT, analyticsQuerySchema, type GroupBy } from '../domain/analytics-schemas.js';
import type { Clock } from '../domain/clock.js';
import { shortUrl, tagKey } from '../domain/field-rules.js';
import { parseOrThrow } from '../domain/validate.js';
import type { ClickDimension, ClickScope, ClicksRepository, ClickTotals, KeyCount } from '../storage/clicks/repository.js';
import type { LinksRepository } from '../storage/links/repository.js';
import type { LinkService } from './link-service.js';

export interface AnalyticsItem {
  key: string;
  clicks: number;
  /** Top links only. */
  alias?: string;
  shortUrl?: string;
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
}

const DIMENSION: Partial<Record<GroupBy, ClickDimension>> = {
  countries: 'country',
  referrers: 'referrer',
  devices: 'device',
  browsers: 'browser',
  os: 'os',
};

const byClicks = (a: KeyCount, b: KeyCount) => b.clicks - a.clicks || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * Clicks of a workspace over a window, as a time series in a time zone or grouped by a dimension,
 * link or tag; scoped to one link, a tag or a domain. Every read is of hourly rollups (docs/adr/0016),
 * so none grows with the number of clicks.
 */
export class AnalyticsService {
  constructor(
    private readonly clicks: ClicksRepository,
    private readonly links: LinksRepository,
    private readonly linkService: LinkService,
    private readonly clock: Clock,
  ) {}

  async report(workspaceId: string, raw: unknown): Promise<AnalyticsReport> {
    const q = parseOrThrow(analyticsQuerySchema, raw);
    const groupBy = q.group_by ?? 'timeseries';
    const interval = groupBy === 'timeseries' ? (q.interval ?? 'day') : null;
    const window = resolveWindow(q, this.clock.now().getTime(), interval);
    const scope: ClickScope = { workspaceId, from: new Date(window.from), to: new Date(window.to) };
    const linkIds = await this.scopedLinks(workspaceId, q);
    if (linkIds) scope.linkIds = linkIds;
    const report = { groupBy, from: scope.from, to: scope.to, interval, timezone: window.zone };
    if (interval) {
      const hours = await this.clicks.hourly(scope);
      const total = { clicks: 0, bots: 0 };
      for (const h of hours) {
        total.clicks += h.clicks;
        total.bots += h.bots;
      }
      const buckets = fillBuckets(bucketStarts(window.from, window.to, interval, window.zone), hours);
      return { ...report, total, data: buckets.map((b) => ({ key: new Date(b.start).toISOString(), clicks: b.clicks })) };
    }
    const limit = q.limit ?? ANALYTICS_LIMIT_DEFAULT;
    const [total, data] = await Promise.all([this.clicks.summary(scope), this.grouped(scope, groupBy, limit)]);
    return { ...report, total, data };
  }

  /** The links a request is about (null: the whole workspace); link_id answers 404 unless it is the caller's. */
  private async scopedLinks(workspaceId: string, q: { link_id?: string | null; tag?: string | null; domain?: string | null }): Promise<string[] | null> {
    let ids: string[] | null = null;
    if (q.link_id) ids = [(await this.linkService.get(workspaceId, q.link_id)).id];
    if (q.tag || q.domain) {
      const matching = await this.links.ids(workspaceId, { ...(q.tag ? { tag: tagKey(q.tag) } : {}), ...(q.domain ? { domain: q.domain } : {}) });
      ids = ids ? ids.filter((id) => matching.includes(id)) : matching;
    }
    return ids;
  }

  private async grouped(scope: ClickScope, groupBy: GroupBy, limit: number): Promise<AnalyticsItem[]> {
    const dim = DIMENSION[groupBy];
    if (dim) return this.clicks.breakdown(scope, dim, limit);
    if (groupBy === 'links') {
      const top = (await this.clicks.breakdown(scope, 'link', limit)).filter((t) => t.clicks > 0); // bot-only links have none
      const rows = new Map(
        (
          await this.links.byIds(
            scope.workspaceId,
            top.map((t) => t.key),
          )
        ).map((l) => [l.id, l]),
      );
      // A link deleted meanwhile has no counts left (forget); one deleted between the two reads is left out.
      return top.flatMap((t) => {
        const l = rows.get(t.key);
        return l ? [{ ...t, alias: l.alias, shortUrl: shortUrl(l.domain, l.alias) }] : [];
      });
    }
    return this.byTag(scope, limit);
  }

  /** Clicks of the links carrying each tag (a link with two tags counts in both). */
  private async byTag(scope: ClickScope, limit: number): Promise<AnalyticsItem[]> {
    const perLink = await this.clicks.breakdown(scope, 'link');
    const clicks = new Map(perLink.filter((r) => r.clicks > 0).map((r) => [r.key, r.clicks]));
    const sums = new Map<string, KeyCount>();
    for (const link of await this.links.byIds(scope.workspaceId, [...clicks.keys()])) {
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
