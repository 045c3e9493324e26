import { bulkCreateSchema, bulkDeleteSchema, bulkUpdateSchema } from '../domain/bulk-schemas.js';
import type { Caller } from '../domain/caller.js';
import type { Clock } from '../domain/clock.js';
import { type ErrorCode, type ErrorDetail, isLskError, LskError } from '../domain/errors.js';
import type { LinkEvents } from '../domain/events/link-events.js';
import { tagKey } from '../domain/field-rules.js';
import { randomBase62, timeOrderedId } from '../domain/ids.js';
import { assertWithinRestriction, withinRestriction } from '../domain/link-access.js';
import { createLinkSchema } from '../domain/link-schemas.js';
import { type Link, linkStatus, UNKNOWN_HEALTH } from '../domain/model.js';
import { parseOrThrow } from '../domain/validate.js';
import type { ClicksRepository } from '../storage/clicks/repository.js';
import { StoreConflict } from '../storage/errors.js';
import type { LinksRepository, NewLink } from '../storage/links/repository.js';
import { externalIdConflict } from './link-fields.js';
import { GENERATE_ATTEMPTS, GENERATED_ALIAS_LENGTH, type LinkService } from './link-service.js';
import { newLinkFrom } from './new-link.js';

/** Why one item failed, as plain data (graphql-js would re-throw an Error returned as a value). */
export interface ItemError {
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
}

/** One item of a bulk answer: the link, or the error of that item alone. */
export type BulkItem = { link: Link } | { error: ItemError };

const failure = (e: LskError): BulkItem => ({ error: { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) } });

interface Prepared {
  index: number;
  row: Omit<NewLink, 'id' | 'alias'>;
  /** The alias asked for; generated (and retried on a collision) when absent. */
  alias?: string;
}

/** An item's own failure becomes its result; anything else (the store is down) fails the whole call. */
function itemError(e: unknown): BulkItem {
  if (isLskError(e)) return failure(e);
  throw e;
}

/**
 * Up to 100 links per call (docs/adr/0060): each item succeeds or fails on its own, results in
 * request order. A restricted key's items are checked like single calls (links it may not see are
 * not found; what it creates must match its restriction); each link changed is its own audit entry.
 */
export class BulkLinkService {
  constructor(
    private readonly links: LinksRepository,
    private readonly clicks: ClicksRepository,
    private readonly clock: Clock,
    private readonly defaultDomain: string,
    private readonly events: LinkEvents,
    private readonly single: LinkService,
  ) {}

  /** Every item checked alone, each domain checked once, then one insertMany per round; generated aliases that collide are drawn again. */
  async create(caller: Caller, raw: unknown): Promise<BulkItem[]> {
    const { workspaceId } = caller;
    const { links: items } = parseOrThrow(bulkCreateSchema, raw);
    const results: BulkItem[] = new Array(items.length);
    const domains = new Map<string, Promise<unknown>>();
    const now = this.clock.now();
    let pending: Prepared[] = [];
    const created: { link: Link }[] = [];
    for (const [index, item] of items.entries()) {
      try {
        const input = parseOrThrow(createLinkSchema, item);
        const domain = input.domain ?? this.defaultDomain;
        if (!domains.has(domain))
          domains.set(
            domain,
            this.single.assertDomainUsable(workspaceId, domain).catch((e: unknown) => e),
          );
        const problem = await domains.get(domain);
        if (problem) throw problem;
        assertWithinRestriction(caller, { domain, tags: input.tags ?? [] });
        await this.single.assertTargetsAllowed(input);
        pending.push({ index, row: await newLinkFrom(workspaceId, domain, input, now), ...(input.alias ? { alias: input.alias } : {}) });
      } catch (e) {
        results[index] = itemError(e);
      }
    }
    for (let attempt = 0; attempt < GENERATE_ATTEMPTS && pending.length > 0; attempt++) {
      const length = GENERATED_ALIAS_LENGTH + Math.floor(attempt / 3);
      const batch = pending.map((p) => ({ ...p.row, id: timeOrderedId('lnk', now.getTime()), alias: p.alias ?? randomBase62(length) }));
      const inserted = await this.links.insertMany(workspaceId, batch);
      const again: Prepared[] = [];
      inserted.forEach((r, k) => {
        const p = pending[k]!;
        if (!(r instanceof StoreConflict)) {
          this.events.changed(r.domain, r.alias); // clears a cached "not found" for this alias
          results[p.index] = { link: { ...r, clicks: 0, status: linkStatus(r, 0, now.getTime()), health: UNKNOWN_HEALTH } };
          created.push(results[p.index] as { link: Link });
        } else if (r.field === 'external_id') results[p.index] = itemError(externalIdConflict(r, p.row.externalId));
        else if (p.alias && r.field === 'alias') results[p.index] = failure(LskError.aliasTaken(p.row.domain, p.alias));
        else again.push(p);
      });
      pending = again;
      // insertMany recorded the new links' tags for the tag sheets (docs/adr/0175): no sync.
      for (const c of created.splice(0)) await this.single.publish(caller, 'link.created', c.link);
    }
    for (const p of pending) results[p.index] = failure(new LskError('internal_error', 'Could not generate a free alias.'));
    return results;
  }

  /** The same patch for every id, through the one-link update (its checks and events); tags added, then removed. */
  async update(caller: Caller, raw: unknown): Promise<BulkItem[]> {
    const q = parseOrThrow(bulkUpdateSchema, raw);
    const patch = (raw as { patch?: Record<string, unknown> | null }).patch ?? {};
    const visible = (await this.links.byIds(caller.workspaceId, q.ids)).filter((l) => withinRestriction(caller.restriction, l));
    const current = new Map(visible.map((l) => [l.id, l]));
    const changesTags = (q.add_tags?.length ?? 0) + (q.remove_tags?.length ?? 0) > 0;
    return Promise.all(
      q.ids.map(async (id): Promise<BulkItem> => {
        const link = current.get(id);
        if (!link) return failure(LskError.notFound('Link'));
        const body = changesTags ? { ...patch, tags: this.retag(q.patch?.tags ?? link.tags, q.add_tags ?? [], q.remove_tags ?? []) } : patch;
        try {
          return { link: await this.single.update(caller, id, body) };
        } catch (e) {
          return itemError(e);
        }
      }),
    );
  }

  private retag(tags: readonly string[], add: readonly string[], remove: readonly string[]): string[] {
    const removed = new Set(remove.map(tagKey));
    return [...tags, ...add].filter((t) => !removed.has(tagKey(t)));
  }

  /** One read and one delete for the whole list; unknown ids and other workspaces' links are not_found. */
  async delete(caller: Caller, raw: unknown): Promise<{ deleted: string[]; notFound: string[] }> {
    const { workspaceId } = caller;
    const { ids } = parseOrThrow(bulkDeleteSchema, raw);
    const found = (await this.links.byIds(workspaceId, ids)).filter((l) => withinRestriction(caller.restriction, l));
    const gone = new Set(
      await this.links.deleteMany(
        workspaceId,
        found.map((l) => l.id),
      ),
    );
    for (const link of await this.single.withClicks(found.filter((l) => gone.has(l.id)))) {
      this.events.changed(link.domain, link.alias);
      await this.clicks.forget(workspaceId, link.id);
      await this.single.publish(caller, 'link.deleted', link);
    }
    return { deleted: ids.filter((id) => gone.has(id)), notFound: ids.filter((id) => !gone.has(id)) };
  }
}
