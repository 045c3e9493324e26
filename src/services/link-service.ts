import type { Clock } from '../domain/clock.js';
import { LskError } from '../domain/errors.js';
import { tagKey } from '../domain/field-rules.js';
import { newId, randomBase62 } from '../domain/ids.js';
import { countLinksSchema, createLinkSchema, type ListLinksInput, listLinksSchema, updateLinkSchema } from '../domain/link-schemas.js';
import { type ClicksPosition, decodeListCursor, encodeListCursor } from '../domain/list-cursor.js';
import { type Link, linkStatus } from '../domain/model.js';
import { parseOrThrow } from '../domain/validate.js';
import type { ClicksRepository } from '../storage/clicks/repository.js';
import type { DomainsRepository } from '../storage/domains/repository.js';
import { StoreConflict } from '../storage/errors.js';
import type { AliasPosition, LinkPatch, LinkPosition, LinkRow, LinksRepository } from '../storage/links/repository.js';
import type { EventSink } from '../webhooks/outbox.js';
import { linkJson } from '../webhooks/payloads.js';
import type { LinkEvents } from './link-events.js';
import { exportLinksCsv } from './link-export.js';
import { behaviourOf, externalIdConflict, statusFilter } from './link-fields.js';
import { clicksPage, totalOf } from './link-sorts.js';
import { newLinkFrom } from './new-link.js';
import { statusPage } from './status-pages.js';

export const GENERATED_ALIAS_LENGTH = 7;
export const GENERATE_ATTEMPTS = 8;

export interface LinkPage {
  data: Link[];
  nextCursor: string | null;
}

/** Links of one workspace: create, read, list, update, delete. */
export class LinkService {
  constructor(
    private readonly links: LinksRepository,
    private readonly domains: DomainsRepository,
    private readonly clicks: ClicksRepository,
    private readonly clock: Clock,
    private readonly defaultDomain: string,
    private readonly events: LinkEvents,
    /** Webhook events (the outbox): stored before the call answers. */
    private readonly published?: EventSink,
  ) {}

  /** The one place link events leave the service: link.created, link.updated, link.deleted. */
  /** Emits the link event (webhooks); bulk calls emit through here too. */
  async publish(type: 'link.created' | 'link.updated' | 'link.deleted', link: Link): Promise<Link> {
    await this.published?.emit(link.workspaceId, type, { link: linkJson(link) });
    return link;
  }

  /** Links as returned: each with its all-time click count, read from the click totals (never summed over clicks). */
  private async withClicks(rows: LinkRow[]): Promise<Link[]> {
    const totals = await this.clicks.totals(rows.map((r) => r.id));
    const now = this.clock.now().getTime();
    return rows.map((r) => {
      const clicks = totals.get(r.id)?.clicks ?? 0;
      return { ...r, clicks, status: linkStatus(r, clicks, now) };
    });
  }

  /** A link may live on the default domain or on a domain registered to its workspace. */
  async assertDomainUsable(workspaceId: string, domain: string): Promise<void> {
    if (domain === this.defaultDomain) return;
    const d = await this.domains.get(domain);
    if (!d || d.workspaceId !== workspaceId) {
      throw LskError.validation([{ path: 'domain', message: `${domain} is not a domain of this workspace; add it first (POST /v1/domains)` }]);
    }
  }

  async create(workspaceId: string, raw: unknown): Promise<Link> {
    const input = parseOrThrow(createLinkSchema, raw);
    const domain = input.domain ?? this.defaultDomain;
    await this.assertDomainUsable(workspaceId, domain);
    const now = this.clock.now();
    const base = await newLinkFrom(workspaceId, domain, input, now);
    const created = (link: Omit<Link, 'clicks' | 'status'>): Link => ({ ...link, clicks: 0, status: linkStatus(link, 0, now.getTime()) });
    if (input.alias) {
      try {
        const link = await this.links.insert({ ...base, id: newId('lnk'), alias: input.alias });
        this.events.changed(domain, input.alias); // clears a cached "not found" for this alias
        return this.publish('link.created', created(link));
      } catch (e) {
        if (e instanceof StoreConflict && e.field === 'alias') throw LskError.aliasTaken(domain, input.alias);
        throw externalIdConflict(e, input.external_id);
      }
    }
    for (let attempt = 0; attempt < GENERATE_ATTEMPTS; attempt++) {
      // A longer alias after repeated collisions keeps creation going on a crowded domain.
      const alias = randomBase62(GENERATED_ALIAS_LENGTH + Math.floor(attempt / 3));
      try {
        const link = await this.links.insert({ ...base, id: newId('lnk'), alias });
        this.events.changed(domain, alias); // clears a cached "not found" for this alias
        return this.publish('link.created', created(link));
      } catch (e) {
        if (!(e instanceof StoreConflict && e.field === 'alias')) throw externalIdConflict(e, input.external_id);
      }
    }
    throw new LskError('internal_error', 'Could not generate a free alias.');
  }

  /** Every link of the workspace as CSV text, a page at a time, pulled as the caller writes (link-export.ts). */
  exportCsv(workspaceId: string): AsyncGenerator<string> {
    return exportLinksCsv(this.links, this.clicks, workspaceId, this.clock);
  }

  async get(workspaceId: string, id: string): Promise<Link> {
    const link = await this.links.get(workspaceId, id);
    if (!link) throw LskError.notFound('Link');
    return (await this.withClicks([link]))[0]!;
  }

  /** The store filter and the clicks-dependent status test of a list's (or count's) parameters. */
  private filterOf(q: Omit<ListLinksInput, 'limit' | 'cursor' | 'sort'>) {
    const filter = {
      ...(q.tag ? { tag: tagKey(q.tag) } : {}),
      ...(q.domain ? { domain: q.domain } : {}),
      ...(q.q ? { q: q.q } : {}),
      ...(q.external_id ? { externalId: q.external_id } : {}),
      ...(q.status ? statusFilter(q.status, this.clock.now()) : {}),
    };
    const { status } = q;
    // active and exhausted depend on click counts: the store narrows, the counts decide.
    const keep = status === 'active' || status === 'exhausted' ? (l: Link) => l.status === status : null;
    const deps = { links: this.links, clicks: this.clicks, withClicks: (rows: LinkRow[]) => this.withClicks(rows) };
    return { filter, keep, deps };
  }

  /** How many links match (GET /v1/links/count); null for a status that needs more than 10,000 links' click counts. */
  async count(workspaceId: string, raw: unknown): Promise<number | null> {
    const { filter, keep, deps } = this.filterOf(parseOrThrow(countLinksSchema, raw));
    return totalOf(deps, workspaceId, filter, keep);
  }

  async list(workspaceId: string, raw: unknown): Promise<LinkPage> {
    const q = parseOrThrow(listLinksSchema, raw);
    const sort = q.sort ?? 'newest';
    const after = q.cursor ? decodeListCursor(sort, q.cursor) : undefined;
    const { filter, keep, deps } = this.filterOf(q);
    if (sort === 'clicks') {
      const page = await clicksPage(deps, workspaceId, filter, q.limit, after as ClicksPosition | undefined, keep ?? (() => true));
      return { data: page.data, nextCursor: page.next ? encodeListCursor(page.next) : null };
    }
    const order = { order: sort, ...(after ? { after: after as LinkPosition | AliasPosition } : {}) };
    const positionOf = (l: Link) => (sort === 'alias' ? { alias: l.alias, id: l.id } : { createdAt: l.createdAt, id: l.id });
    if (keep) {
      const read = async (from: LinkPosition | AliasPosition | undefined, limit: number) =>
        this.withClicks(await this.links.list(workspaceId, { ...filter, limit, order: sort, ...(from ? { after: from } : {}) }));
      const page = await statusPage(q.limit, order.after, q.status as Link['status'], read, positionOf);
      return { data: page.data, nextCursor: page.next ? encodeListCursor(page.next) : null };
    }
    const rows = await this.links.list(workspaceId, { ...filter, ...order, limit: q.limit + 1 });
    const data = await this.withClicks(rows.slice(0, q.limit));
    const last = data[data.length - 1];
    return { data, nextCursor: rows.length > q.limit && last ? encodeListCursor(positionOf(last)) : null };
  }

  async update(workspaceId: string, id: string, raw: unknown): Promise<Link> {
    const input = parseOrThrow(updateLinkSchema, raw);
    const current = await this.get(workspaceId, id);
    if (input.domain !== undefined && input.domain !== current.domain) await this.assertDomainUsable(workspaceId, input.domain);
    const patch: LinkPatch = { updatedAt: this.clock.now() };
    if (input.destination !== undefined) patch.destination = input.destination;
    if (input.domain !== undefined) patch.domain = input.domain;
    if (input.alias !== undefined) patch.alias = input.alias;
    if (input.geo_targeting !== undefined) patch.geoTargeting = input.geo_targeting;
    if (input.tags !== undefined) patch.tags = input.tags;
    Object.assign(patch, await behaviourOf(input, patch.updatedAt));
    let link: LinkRow | null;
    try {
      link = await this.links.update(workspaceId, current.id, patch);
    } catch (e) {
      if (e instanceof StoreConflict && e.field === 'alias') {
        throw LskError.aliasTaken(patch.domain ?? current.domain, patch.alias ?? current.alias);
      }
      throw externalIdConflict(e, input.external_id);
    }
    if (!link) throw LskError.notFound('Link');
    this.events.changed(current.domain, current.alias);
    if (link.domain !== current.domain || link.alias !== current.alias) this.events.changed(link.domain, link.alias);
    return this.publish('link.updated', { ...link, clicks: current.clicks, status: linkStatus(link, current.clicks, patch.updatedAt.getTime()) });
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    const current = await this.get(workspaceId, id);
    if (!(await this.links.delete(workspaceId, current.id))) throw LskError.notFound('Link');
    this.events.changed(current.domain, current.alias);
    await this.clicks.forget(workspaceId, current.id);
    await this.publish('link.deleted', current);
  }
}
