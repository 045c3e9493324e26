import type { Caller } from '../domain/caller.js';
import type { Clock } from '../domain/clock.js';
import { ALLOW_ALL, type DestinationPolicy } from '../domain/destinations.js';
import { LskError } from '../domain/errors.js';
import type { LinkEvents } from '../domain/events/link-events.js';
import type { ServiceEvents } from '../domain/events/service-events.js';
import { tagKey } from '../domain/field-rules.js';
import { randomBase62, timeOrderedId } from '../domain/ids.js';
import { assertWithinRestriction, restrictionFilter, withinRestriction } from '../domain/link-access.js';
import { countLinksSchema, createLinkSchema, type ListLinksInput, listLinksSchema, updateLinkSchema } from '../domain/link-schemas.js';
import { type ClicksPosition, decodeListCursor, encodeListCursor } from '../domain/list-cursor.js';
import { type Link, linkStatus, UNKNOWN_HEALTH } from '../domain/model.js';
import { parseOrThrow } from '../domain/validate.js';
import type { ClicksRepository, ClickTotals } from '../storage/clicks/repository.js';
import type { DomainsRepository } from '../storage/domains/repository.js';
import { StoreConflict } from '../storage/errors.js';
import type { AliasPosition, LinkPatch, LinkPosition, LinkRow, LinksRepository } from '../storage/links/repository.js';
import type { EventSink } from '../webhooks/outbox.js';
import { linkJson } from '../webhooks/payloads.js';
import { exportLinksCsv } from './link-export.js';
import { behaviourOf, externalIdConflict, inputTargets, statusFilter } from './link-fields.js';
import type { LinkChange, LinkHealth } from './link-health.js';
import { clicksPage, totalOf } from './link-sorts.js';
import { newLinkFrom } from './new-link.js';
import { statusPage } from './status-pages.js';

export const GENERATED_ALIAS_LENGTH = 7;
export const GENERATE_ATTEMPTS = 8;

export interface LinkPage {
  data: Link[];
  nextCursor: string | null;
}

/**
 * Links of one workspace: create, read, list, update, delete. Every call takes the Caller: a
 * restricted key sees only its links (others are not found) and may create or leave a link only
 * inside its restriction (403 forbidden); every change is emitted for the audit log and webhooks.
 */
export class LinkService {
  constructor(
    private readonly links: LinksRepository,
    private readonly domains: DomainsRepository,
    private readonly clicks: ClicksRepository,
    private readonly clock: Clock,
    private readonly defaultDomain: string,
    private readonly events: LinkEvents,
    /** Audit events (domain/events/service-events.ts). */
    private readonly emitted: ServiceEvents,
    /** Webhook events (the outbox): stored before the call answers. */
    private readonly published?: EventSink,
    /** Which target URLs may be written (the blocklist). */
    private readonly policy: DestinationPolicy = ALLOW_ALL,
    /** Destination health: read with links, told about their changes. */
    private readonly health?: LinkHealth,
  ) {}

  /**
   * The one place link events leave the service (bulk calls emit through here too): the audit
   * entry of the caller's change, the webhook event (link.created, link.updated, link.deleted), and
   * destination health's schedule.
   */
  async publish(caller: Caller, type: LinkChange, link: Link): Promise<Link> {
    this.emitted.emit(caller, type, link.id);
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
    const [totals, health] = await Promise.all([this.totalsOf(rows), this.health?.of(rows)]);
    const now = this.clock.now().getTime();
    return rows.map((r) => {
      const clicks = totals.get(r.id)?.clicks ?? 0;
      return { ...r, clicks, status: linkStatus(r, clicks, now), health: health?.get(r.id) ?? UNKNOWN_HEALTH };
    });
  }

  /** The rows' click totals, read per workspace (a page of links is one workspace's). */
  private async totalsOf(rows: readonly LinkRow[]): Promise<Map<string, ClickTotals>> {
    const byWorkspace = new Map<string, string[]>();
    for (const r of rows) {
      const ids = byWorkspace.get(r.workspaceId);
      if (ids) ids.push(r.id);
      else byWorkspace.set(r.workspaceId, [r.id]);
    }
    // A page is one workspace's: its totals are the answer as they come.
    const [only] = byWorkspace;
    if (only && byWorkspace.size === 1) return this.clicks.totals(only[0], only[1]);
    const parts = await Promise.all([...byWorkspace].map(([ws, ids]) => this.clicks.totals(ws, ids)));
    return new Map(parts.flatMap((m) => [...m]));
  }

  /** A link may live on the default domain or on a domain registered to its workspace. */
  async assertDomainUsable(workspaceId: string, domain: string): Promise<void> {
    if (domain === this.defaultDomain) return;
    const d = await this.domains.get(domain);
    if (!d || d.workspaceId !== workspaceId) {
      throw LskError.validation([{ path: 'domain', message: `${domain} is not a domain of this workspace; add it first (POST /v1/domains)` }]);
    }
  }

  async create(caller: Caller, raw: unknown): Promise<Link> {
    const { workspaceId } = caller;
    const input = parseOrThrow(createLinkSchema, raw);
    const domain = input.domain ?? this.defaultDomain;
    await this.assertDomainUsable(workspaceId, domain);
    assertWithinRestriction(caller, { domain, tags: input.tags ?? [] });
    await this.assertTargetsAllowed(input);
    const now = this.clock.now();
    const base = await newLinkFrom(workspaceId, domain, input, now);
    // The insert records a new link's tags for the tag sheets itself (docs/adr/0175): no sync.
    const created = (link: LinkRow): Link => ({ ...link, clicks: 0, status: linkStatus(link, 0, now.getTime()), health: UNKNOWN_HEALTH });
    if (input.alias) {
      try {
        const link = await this.links.insert({ ...base, id: timeOrderedId('lnk', now.getTime()), alias: input.alias });
        this.events.changed(domain, input.alias); // clears a cached "not found" for this alias
        return this.publish(caller, 'link.created', created(link));
      } catch (e) {
        if (e instanceof StoreConflict && e.field === 'alias') throw LskError.aliasTaken(domain, input.alias);
        throw externalIdConflict(e, input.external_id);
      }
    }
    for (let attempt = 0; attempt < GENERATE_ATTEMPTS; attempt++) {
      // A longer alias after repeated collisions keeps creation going on a crowded domain.
      const alias = randomBase62(GENERATED_ALIAS_LENGTH + Math.floor(attempt / 3));
      try {
        const link = await this.links.insert({ ...base, id: timeOrderedId('lnk', now.getTime()), alias });
        this.events.changed(domain, alias); // clears a cached "not found" for this alias
        return this.publish(caller, 'link.created', created(link));
      } catch (e) {
        if (!(e instanceof StoreConflict && e.field === 'alias')) throw externalIdConflict(e, input.external_id);
      }
    }
    throw new LskError('internal_error', 'Could not generate a free alias.');
  }

  /** One link the caller may see: 404 for unknown ids, other workspaces' links and links outside a key's restriction. */
  async get(caller: Caller, id: string): Promise<Link> {
    const link = await this.links.get(caller.workspaceId, id);
    if (!link || !withinRestriction(caller.restriction, link)) throw LskError.notFound('Link');
    return (await this.withClicks([link]))[0]!;
  }

  /** The links among these ids the caller may see (as `get`, but ids only, no `ext_…` references; one read of the store), in no particular order; the others are left out. */
  async many(caller: Caller, ids: readonly string[]): Promise<Link[]> {
    const rows = ids.length > 0 ? await this.links.byIds(caller.workspaceId, ids) : [];
    return this.withClicks(rows.filter((l) => withinRestriction(caller.restriction, l)));
  }

  /**
   * The store filter of a list's (or count's) parameters, and what the store cannot decide: a status
   * that needs click counts, and a broken state of targets the link no longer has (changed a moment ago).
   */
  private async filterOf(caller: Caller, q: Omit<ListLinksInput, 'limit' | 'cursor' | 'sort'>) {
    const filter = {
      ...restrictionFilter(caller.restriction),
      ...(q.tag ? { tag: tagKey(q.tag) } : {}),
      ...(q.domain ? { domain: q.domain } : {}),
      ...(q.q ? { q: q.q } : {}),
      ...(q.external_id ? { externalId: q.external_id } : {}),
      ...(q.status ? statusFilter(q.status, this.clock.now()) : {}),
      ...(q.health === 'broken' ? { ids: (await this.health?.brokenIds(caller.workspaceId)) ?? [] } : {}),
    };
    const { status } = q;
    // active and exhausted depend on click counts: the store narrows, the counts decide.
    const byStatus = status === 'active' || status === 'exhausted' ? (l: Link) => l.status === status : null;
    const byHealth = q.health === 'broken' ? (l: Link) => l.health.status === 'broken' : null;
    const both = byStatus && byHealth ? (l: Link) => byStatus(l) && byHealth(l) : (byStatus ?? byHealth);
    const deps = { links: this.links, clicks: this.clicks, withClicks: (rows: LinkRow[]) => this.withClicks(rows) };
    return { filter, byStatus, kept: (links: Link[]) => (byHealth ? links.filter(byHealth) : links), both, deps };
  }

  /** How many links the caller may see match (GET /v1/links/count); null for a status that needs more than 10,000 links' click counts. */
  async count(caller: Caller, raw: unknown): Promise<number | null> {
    const { filter, both, deps } = await this.filterOf(caller, parseOrThrow(countLinksSchema, raw));
    return totalOf(deps, caller.workspaceId, filter, both);
  }

  async list(caller: Caller, raw: unknown): Promise<LinkPage> {
    const { workspaceId } = caller;
    const q = parseOrThrow(listLinksSchema, raw);
    const sort = q.sort ?? 'newest';
    const after = q.cursor ? decodeListCursor(sort, q.cursor) : undefined;
    const { filter, byStatus, kept, both, deps } = await this.filterOf(caller, q);
    if (sort === 'clicks') {
      const page = await clicksPage(deps, workspaceId, filter, q.limit, after as ClicksPosition | undefined, both ?? (() => true));
      return { data: page.data, nextCursor: page.next ? encodeListCursor(page.next) : null };
    }
    const order = { order: sort, ...(after ? { after: after as LinkPosition | AliasPosition } : {}) };
    const positionOf = (l: Link) => (sort === 'alias' ? { alias: l.alias, id: l.id } : { createdAt: l.createdAt, id: l.id });
    if (byStatus) {
      const read = async (from: LinkPosition | AliasPosition | undefined, limit: number) =>
        this.withClicks(await this.links.list(workspaceId, { ...filter, limit, order: sort, ...(from ? { after: from } : {}) }));
      const page = await statusPage(q.limit, order.after, q.status as Link['status'], read, positionOf);
      return { data: kept(page.data), nextCursor: page.next ? encodeListCursor(page.next) : null };
    }
    const rows = await this.links.list(workspaceId, { ...filter, ...order, limit: q.limit + 1 });
    const data = await this.withClicks(rows.slice(0, q.limit));
    const last = data[data.length - 1];
    return { data: kept(data), nextCursor: rows.length > q.limit && last ? encodeListCursor(positionOf(last)) : null };
  }

  /** Every link the caller may see, as CSV pages (GET /v1/links/export); the export is recorded as it starts. */
  exportCsv(caller: Caller): AsyncGenerator<string> {
    this.emitted.emit(caller, 'links.exported', caller.workspaceId);
    return exportLinksCsv(this.links, this.clicks, caller.workspaceId, this.clock, restrictionFilter(caller.restriction));
  }

  async update(caller: Caller, id: string, raw: unknown): Promise<Link> {
    const { workspaceId } = caller;
    const input = parseOrThrow(updateLinkSchema, raw);
    const current = await this.get(caller, id);
    if (input.domain !== undefined && input.domain !== current.domain) await this.assertDomainUsable(workspaceId, input.domain);
    await this.assertTargetsAllowed(input);
    const patch: LinkPatch = { updatedAt: this.clock.now() };
    if (input.destination !== undefined) patch.destination = input.destination;
    if (input.domain !== undefined) patch.domain = input.domain;
    if (input.alias !== undefined) patch.alias = input.alias;
    if (input.geo_targeting !== undefined) patch.geoTargeting = input.geo_targeting;
    if (input.tags !== undefined) patch.tags = input.tags;
    Object.assign(patch, await behaviourOf(input, patch.updatedAt));
    assertWithinRestriction(caller, { domain: patch.domain ?? current.domain, tags: patch.tags ?? current.tags });
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
    // Past clicks follow the current tags: the link's sheets move between the tags' sheets.
    if (patch.tags) await this.clicks.syncTags?.(workspaceId, { links: [link.id] });
    this.events.changed(current.domain, current.alias);
    if (link.domain !== current.domain || link.alias !== current.alias) this.events.changed(link.domain, link.alias);
    const [updated] = await this.withClicks([link]);
    return this.publish(caller, 'link.updated', updated!);
  }

  async delete(caller: Caller, id: string): Promise<void> {
    const { workspaceId } = caller;
    const current = await this.get(caller, id);
    if (!(await this.links.delete(workspaceId, current.id))) throw LskError.notFound('Link');
    this.events.changed(current.domain, current.alias);
    await this.clicks.forget(workspaceId, current.id);
    await this.publish(caller, 'link.deleted', current);
  }
}
