import type { Caller } from '../../domain/caller.js';
import type { Clock } from '../../domain/clock.js';
import { decodeCursor, encodeCursor } from '../../domain/cursor.js';
import { LskError } from '../../domain/errors.js';
import type { ServiceEvents } from '../../domain/events/service-events.js';
import { tagKey } from '../../domain/field-rules.js';
import { newId } from '../../domain/ids.js';
import { assertUnrestricted } from '../../domain/link-access.js';
import { createShareSchema, listSharesSchema, SHARES_MAX } from '../../domain/share-schemas.js';
import { newShareToken, shareTokenHash, shareUrl } from '../../domain/share-token.js';
import { parseOrThrow } from '../../domain/validate.js';
import type { AnalyticsShare, AnalyticsSharesRepository } from '../../storage/analytics-shares/repository.js';
import type { DomainsRepository } from '../../storage/domains/repository.js';
import type { TagsRepository } from '../../storage/tags/repository.js';
import type { LinkService } from '../link-service.js';

/** A share as answered: its public URL only on the answer that made it (the token is kept hashed). */
export interface ShareView {
  share: AnalyticsShare;
  url: string | null;
}

export interface SharePage {
  data: ShareView[];
  nextCursor: string | null;
}

export interface ShareSettings {
  /** Where the public page lives: <dashboardUrl>/share/<token>. */
  dashboardUrl: string;
  defaultDomain: string;
}

const notFound = () => LskError.notFound('Analytics share');

/**
 * Shared read-only analytics (docs/adr/0215): a workspace publishes the numbers of one link, tag,
 * domain or of all its links at an unguessable URL, and revokes it. Reading shares needs
 * analytics:read; making and deleting them also links:write. A restricted key shares, sees and
 * deletes only shares of links it may read.
 */
export class AnalyticsShareService {
  constructor(
    private readonly shares: AnalyticsSharesRepository,
    private readonly linkService: LinkService,
    private readonly tags: TagsRepository,
    private readonly domains: DomainsRepository,
    private readonly clock: Clock,
    private readonly emitted: ServiceEvents,
    private readonly settings: ShareSettings,
  ) {}

  async create(caller: Caller, raw: unknown): Promise<ShareView> {
    const { workspaceId } = caller;
    const input = parseOrThrow(createShareSchema, raw);
    const now = this.clock.now();
    if (input.expires_at && input.expires_at.getTime() <= now.getTime()) {
      throw LskError.validation([{ path: 'expires_at', message: 'must be in the future' }]);
    }
    const scope = { linkId: null as string | null, tag: null as string | null, domain: null as string | null };
    if (input.link_id) scope.linkId = (await this.linkService.get(caller, input.link_id)).id;
    else {
      assertUnrestricted(caller, "share analytics beyond one link's");
      if (input.tag) scope.tag = await this.existingTag(workspaceId, input.tag);
      if (input.domain) scope.domain = await this.existingDomain(workspaceId, input.domain);
    }
    if ((await this.shares.count(workspaceId)) >= SHARES_MAX) {
      throw LskError.validation([{ path: '(body)', message: `a workspace keeps at most ${SHARES_MAX} analytics shares; revoke one first` }]);
    }
    const token = newShareToken();
    const share = await this.shares.insert({
      id: newId('shr'),
      workspaceId,
      tokenHash: shareTokenHash(token),
      ...scope,
      expiresAt: input.expires_at ?? null,
      createdAt: now,
      createdBy: { ...caller.actor },
    });
    this.emitted.emit(caller, 'analytics_share.created', share.id);
    return { share, url: shareUrl(this.settings.dashboardUrl, token) };
  }

  async list(caller: Caller, raw: unknown): Promise<SharePage> {
    const q = parseOrThrow(listSharesSchema, raw);
    let after = q.cursor ? decodeCursor(q.cursor) : undefined;
    const out: AnalyticsShare[] = [];
    // A restricted key's shares are filtered from the workspace's: read on until a page is full (at most SHARES_MAX rows in all).
    for (;;) {
      const rows = await this.shares.list(caller.workspaceId, q.limit + 1, after);
      for (const s of rows) if (await this.visible(caller, s)) out.push(s);
      if (out.length > q.limit || rows.length <= q.limit) break;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
    const page = out.slice(0, q.limit);
    const last = page[page.length - 1];
    return { data: page.map((share) => ({ share, url: null })), nextCursor: out.length > q.limit && last ? encodeCursor(last) : null };
  }

  async delete(caller: Caller, id: string): Promise<void> {
    const share = await this.shares.get(caller.workspaceId, id);
    if (!share || !(await this.visible(caller, share))) throw notFound();
    if (!(await this.shares.delete(caller.workspaceId, id))) throw notFound();
    this.emitted.emit(caller, 'analytics_share.deleted', id);
  }

  /** A link was deleted: its shares go with it. */
  forgetLink(workspaceId: string, linkId: string): Promise<number> {
    return this.shares.deleteForLink(workspaceId, linkId);
  }

  private async visible(caller: Caller, s: AnalyticsShare): Promise<boolean> {
    if (!caller.restriction) return true;
    if (!s.linkId) return false;
    try {
      await this.linkService.get(caller, s.linkId);
      return true;
    } catch (e) {
      if (e instanceof LskError && e.code === 'not_found') return false;
      throw e;
    }
  }

  private async existingTag(workspaceId: string, tag: string): Promise<string> {
    const found = (await this.tags.list(workspaceId)).find((t) => tagKey(t.name) === tagKey(tag));
    if (!found) throw LskError.notFound('Tag');
    return found.name;
  }

  private async existingDomain(workspaceId: string, host: string): Promise<string> {
    if (host === this.settings.defaultDomain) return host;
    const d = await this.domains.get(host);
    if (!d || d.workspaceId !== workspaceId) throw LskError.notFound('Domain');
    return host;
  }
}
