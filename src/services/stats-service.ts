import type { Caller } from '../domain/caller.js';
import type { ClickField } from '../domain/click-fields.js';
import { type Clock, DAY_MS } from '../domain/clock.js';
import { LskError } from '../domain/errors.js';
import { type StatsQueryInput, statsQuerySchema } from '../domain/link-schemas.js';
import { parseOrThrow } from '../domain/validate.js';
import type { ClickQuery, ClicksRepository } from '../storage/clicks/repository.js';
import type { LinkService } from './link-service.js';

export interface LinkStats {
  clicks: number;
  bots: number;
  byDay: { date: string; clicks: number }[];
  byCountry: { country: string; clicks: number }[];
  byReferrer: { host: string; clicks: number }[];
  byDevice: { device: string; clicks: number }[];
  byBrowser: { browser: string; clicks: number }[];
  byOs: { os: string; clicks: number }[];
}

export interface StatsReport extends LinkStats {
  linkId: string;
  from: string;
  to: string;
}

const MAX_RANGE_DAYS = 3660;

/** Click statistics of one link over whole UTC days, [from, to] inclusive; default the last 30 days. Read from the click sheets (docs/adr/0092). */
export class StatsService {
  constructor(
    private readonly clicks: ClicksRepository,
    private readonly clock: Clock,
    private readonly links: LinkService,
  ) {}

  async forLink(caller: Caller, linkId: string, raw: unknown): Promise<StatsReport> {
    const q = parseOrThrow(statsQuerySchema, raw);
    // 404 for unknown links, other workspaces' and those outside a key's restriction; ext_<external id> too.
    linkId = (await this.links.get(caller, linkId)).id;
    return this.read(caller.workspaceId, linkId, q);
  }

  /** The statistics of a link the caller has already read (Link.stats). */
  ofLink(caller: Caller, linkId: string, raw: unknown): Promise<StatsReport> {
    return this.read(caller.workspaceId, linkId, parseOrThrow(statsQuerySchema, raw));
  }

  private async read(workspaceId: string, linkId: string, q: StatsQueryInput): Promise<StatsReport> {
    const today = this.clock.now().toISOString().slice(0, 10);
    const to = q.to ?? today;
    const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
    const fromMs = Date.parse(`${from}T00:00:00Z`);
    const toMs = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
    if (fromMs > toMs - DAY_MS) {
      throw LskError.validation([{ path: 'from', message: 'must not be after "to"' }]);
    }
    const read: ClickQuery = { workspaceId, linkIds: [linkId], from: fromMs, to: Math.min(toMs, fromMs + MAX_RANGE_DAYS * DAY_MS) };
    const starts: number[] = [];
    for (let d = read.from; d < read.to; d += DAY_MS) starts.push(d);
    const [series, groups] = await Promise.all([
      this.clicks.query({ ...read, buckets: starts }),
      this.clicks.query({ ...read, groups: ['country', 'referrer', 'device', 'browser', 'os'] }),
    ]);
    const g = (f: ClickField) => groups.groups[f] ?? [];
    return {
      linkId,
      from,
      to,
      clicks: series.total.clicks,
      bots: series.total.bots,
      byDay: starts.flatMap((d, i) => ((series.buckets?.[i] ?? 0) > 0 ? [{ date: new Date(d).toISOString().slice(0, 10), clicks: series.buckets![i]! }] : [])),
      byCountry: g('country').map((r) => ({ country: r.key, clicks: r.clicks })),
      byReferrer: g('referrer').map((r) => ({ host: r.key, clicks: r.clicks })),
      byDevice: g('device').map((r) => ({ device: r.key, clicks: r.clicks })),
      byBrowser: g('browser').map((r) => ({ browser: r.key, clicks: r.clicks })),
      byOs: g('os').map((r) => ({ os: r.key, clicks: r.clicks })),
    };
  }
}
