import { type Clock, DAY_MS } from '../domain/clock.js';
import { LskError } from '../domain/errors.js';
import { statsQuerySchema } from '../domain/link-schemas.js';
import { parseOrThrow } from '../domain/validate.js';
import type { LinkStats, Store } from '../storage/store.js';
import type { LinkService } from './link-service.js';

export interface StatsReport extends LinkStats {
  linkId: string;
  from: string;
  to: string;
}

const MAX_RANGE_DAYS = 3660;

/** Click statistics of one link over whole UTC days, [from, to] inclusive; default the last 30 days. */
export class StatsService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly links: LinkService,
  ) {}

  async forLink(workspaceId: string, linkId: string, raw: unknown): Promise<StatsReport> {
    const q = parseOrThrow(statsQuerySchema, raw);
    await this.links.get(workspaceId, linkId); // 404 for unknown and other workspaces' links
    const today = this.clock.now().toISOString().slice(0, 10);
    const to = q.to ?? today;
    const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
    const fromMs = Date.parse(`${from}T00:00:00Z`);
    const toMs = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
    if (fromMs > toMs - DAY_MS) {
      throw LskError.validation([{ path: 'from', message: 'must not be after "to"' }]);
    }
    const range = { from: new Date(fromMs), to: new Date(Math.min(toMs, fromMs + MAX_RANGE_DAYS * DAY_MS)) };
    const stats = await this.store.linkStats(workspaceId, linkId, range);
    return { linkId, from, to, ...stats };
  }
}
