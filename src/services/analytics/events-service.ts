import { resolveWindow } from '../../domain/analytics/window.js';
import { EVENTS_LIMIT_DEFAULT, eventsQuerySchema } from '../../domain/analytics-schemas.js';
import type { Caller } from '../../domain/caller.js';
import type { ClickField } from '../../domain/click-fields.js';
import type { Clock } from '../../domain/clock.js';
import { LskError } from '../../domain/errors.js';
import { shortUrl } from '../../domain/field-rules.js';
import { parseOrThrow } from '../../domain/validate.js';
import { type ClicksRepository, type EventQuery, StoreCursorError, type StoredEvent } from '../../storage/clicks/repository.js';
import type { LinksRepository } from '../../storage/links/repository.js';
import type { LinkService } from '../link-service.js';
import { mergedFilter, resolveScope } from './scope.js';
import { narrowBySource } from './source-scope.js';

/** One person's click as the events API answers it. */
export type ClickEventItem = { timestamp: Date; link_id: string; short_url: string } & Record<Exclude<ClickField, 'domain'>, string | null>;

export interface EventsPage {
  data: ClickEventItem[];
  nextCursor: string | null;
}

/** Events read per store page while streaming every match (format=csv|ndjson). */
const STREAM_PAGE = 1000;

const badCursor = () => new LskError('invalid_cursor', 'The cursor is not valid; use next_cursor from a previous page.');

/**
 * Click events (docs/adr/0092): people's clicks newest first, with the same filters as analytics,
 * paged by an opaque cursor, or streamed whole. Kept LSK_CLICK_EVENTS_DAYS.
 */
export class ClickEventsService {
  constructor(
    private readonly clicks: ClicksRepository,
    private readonly links: LinksRepository,
    private readonly linkService: LinkService,
    private readonly clock: Clock,
  ) {}

  private async query(caller: Caller, raw: unknown): Promise<{ q: EventQuery; limit: number }> {
    const input = parseOrThrow(eventsQuerySchema, raw);
    const window = resolveWindow(input, this.clock.now().getTime(), null);
    const merged = mergedFilter(input);
    const scope = await resolveScope(caller, merged, this.links, this.linkService);
    const { workspaceId } = caller;
    let after: string | null = null;
    if (input.cursor) {
      after = Buffer.from(input.cursor, 'base64url').toString('utf8');
      if (!/^\d+\.[\x21-\x7e]{1,400}$/.test(after)) throw badCursor();
    }
    const q: EventQuery = { workspaceId, from: window.from, to: window.to, filter: scope.filter, limit: input.limit ?? EVENTS_LIMIT_DEFAULT, after };
    if (scope.linkIds) q.linkIds = scope.linkIds;
    if (scope.excludeLinkIds) q.excludeLinkIds = scope.excludeLinkIds;
    // A source or kind filter: the referrer hosts of the window, once for every page (docs/adr/0216).
    const narrowed = await narrowBySource(this.clicks, q, merged);
    return { q: narrowed, limit: narrowed.limit };
  }

  async page(caller: Caller, raw: unknown): Promise<EventsPage> {
    const { workspaceId } = caller;
    const { q } = await this.query(caller, raw);
    const page = await this.read(q);
    return { data: await this.present(workspaceId, page.events), nextCursor: page.next === null ? null : Buffer.from(page.next).toString('base64url') };
  }

  /** The checks of a stream alone (for a HEAD): the query, its window and the link scope; no event is read. */
  async check(caller: Caller, raw: unknown): Promise<void> {
    await this.query(caller, raw);
  }

  /** Every match, page by page (checked and resolved before the first row: errors come before any byte). */
  async stream(caller: Caller, raw: unknown): Promise<AsyncGenerator<ClickEventItem[]>> {
    const { workspaceId } = caller;
    const { q } = await this.query(caller, raw);
    const first = await this.read({ ...q, limit: STREAM_PAGE });
    const self = this;
    return (async function* () {
      let page = first;
      for (;;) {
        if (page.events.length > 0) yield await self.present(workspaceId, page.events);
        if (page.next === null) return;
        page = await self.read({ ...q, limit: STREAM_PAGE, after: page.next });
      }
    })();
  }

  private async read(q: EventQuery) {
    try {
      return await this.clicks.events(q);
    } catch (e) {
      if (e instanceof StoreCursorError) throw badCursor();
      throw e;
    }
  }

  private async present(workspaceId: string, events: StoredEvent[]): Promise<ClickEventItem[]> {
    const links = new Map((await this.links.byIds(workspaceId, [...new Set(events.map((e) => e.linkId))])).map((l) => [l.id, l]));
    return events.flatMap((e) => {
      const l = links.get(e.linkId);
      if (!l) return [];
      const { domain: _domain, ...values } = e.values;
      return [{ timestamp: new Date(e.at), link_id: e.linkId, short_url: shortUrl(l.domain, l.alias), ...values }];
    });
  }
}
