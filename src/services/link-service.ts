import type { Clock } from '../domain/clock.js';
import { decodeCursor, encodeCursor } from '../domain/cursor.js';
import { ALLOW_ALL, type DestinationPolicy } from '../domain/destinations.js';
import { LskError } from '../domain/errors.js';
import { tagKey } from '../domain/field-rules.js';
import { newId, randomBase62 } from '../domain/ids.js';
import { createLinkSchema, listLinksSchema, updateLinkSchema } from '../domain/link-schemas.js';
import { type Link, linkStatus, UNKNOWN_HEALTH } from '../domain/model.js';
import { parseOrThrow } from '../domain/validate.js';
import type { ClicksRepository } from '../storage/clicks/repository.js';
import type { DomainsRepository } from '../storage/domains/repository.js';
import { StoreConflict } from '../storage/errors.js';
import type { LinkPatch, LinkRow, LinksRepository } from '../storage/links/repository.js';
import type { EventSink } from '../webhooks/outbox.js';
import { linkJson } from '../webhooks/payloads.js';
import type { LinkEvents } from './link-events.js';
import { exportLinksCsv } from './link-export.js';
import { behaviourOf, externalIdConflict, inputTargets, statusFilter } from './link-fields.js';
import type { LinkChange, LinkHealth } from './link-health.js';
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
    /** Which target URLs may be written (the blocklist). */
    private readonly policy: DestinationPolicy = ALLOW_ALL,
    /** Destination health: read with links, told about their changes. */
    private readonly health?: LinkHealth,
  ) {}

  /**
   * The one place link events leave the service (bulk calls emit through here too): the webhook
   * event (link.created, link.updated, link.deleted), and destination health's schedule.
   */
  async publish(type: LinkChange, link: Link): Promise<Link> {
    await this.published?.emit(link.workspaceId, type, { link: linkJson(link) });
    await this.health?.changed(type, link);
    return link;
  }

  /** 422 destination_blocked when a target URL the input writes is on a blocked host. */
  async assertTargetsAllowed(input: Parameters<typeof inputTargets>[0]): Promise<void> {
    await this.policy.assertAllowed(inputTargets(input));
  }

  /** Links as returned: each with its all-time click count (read from the click totals, never summed over clicks) and its destination health. */
  async withClicks(rows: LinkRow[]): Promise<Link[]> {
    const [totals, health] = await Promise.all([this.clicks.totals(rows.map((r) => r.id)), this.health?.of(rows)]);
    const now = this.clock.now().getTime();
    return rows.map((r) => {
      const clicks = totals.get(r.id)?.clicks ?? 0;
      return { ...r, clicks, status: linkStatus(r, clicks, now), health: health?.get(r.id) ?? UNKNOWN_HEALTH };
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
    await this.assertTargetsAllowed(input);
    const now = this.clock.now();
    const base = await newLinkFrom(workspaceId, domain, input, now);
    const created = (link: LinkRow): Link => ({ ...link, clicks: 0, status: linkStatus(link, 0, now.getTime()), health: UNKNOWN_HEALTH });
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

  async list(workspaceId: string, raw: unknown): Promise<LinkPage> {
    const q = parseOrThrow(listLinksSchema, raw);
    const after = q.cursor ? decodeCursor(q.cursor) : undefined;
    const filter = {
      ...(q.tag ? { tag: tagKey(q.tag) } : {}),
      ...(q.domain ? { domain: q.domain } : {}),
      ...(q.q ? { q: q.q } : {}),
      ...(q.external_id ? { externalId: q.external_id } : {}),
      ...(q.status ? statusFilter(q.status, this.clock.now()) : {}),
      ...(q.health === 'broken' ? { ids: (await this.health?.brokenIds(workspaceId)) ?? [] } : {}),
    };
    // A broken state of targets the link no longer has (changed a moment ago) is not shown.
    const kept = (links: Link[]) => (q.health === 'broken' ? links.filter((l) => l.health.status === 'broken') : links);
    const { status } = q;
    if (status === 'active' || status === 'exhausted') {
      const read = async (from: typeof after, limit: number) =>
        this.withClicks(await this.links.list(workspaceId, { ...filter, limit, ...(from ? { after: from } : {}) }));
      const page = await statusPage(q.limit, after, status, read);
      return { data: kept(page.data), nextCursor: page.next ? encodeCursor(page.next) : null };
    }
    const rows = await this.links.list(workspaceId, { ...filter, limit: q.limit + 1, ...(after ? { after } : {}) });
    const data = await this.withClicks(rows.slice(0, q.limit));
    const last = data[data.length - 1];
    return { data: kept(data), nextCursor: rows.length > q.limit && last ? encodeCursor(last) : null };
  }

  async update(workspaceId: string, id: string, raw: unknown): Promise<Link> {
    const input = parseOrThrow(updateLinkSchema, raw);
    const current = await this.get(workspaceId, id);
    if (input.domain !== undefined && input.domain !== current.domain) await this.assertDomainUsable(workspaceId, input.domain);
    await this.assertTargetsAllowed(input);
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
    const [updated] = await this.withClicks([link]);
    return this.publish('link.updated', updated!);
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    const current = await this.get(workspaceId, id);
    if (!(await this.links.delete(workspaceId, current.id))) throw LskError.notFound('Link');
    this.events.changed(current.domain, current.alias);
    await this.clicks.forget(workspaceId, current.id);
    await this.publish('link.deleted', current);
  }
}
