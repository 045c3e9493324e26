import { systemCaller } from '../../domain/caller.js';
import type { Clock } from '../../domain/clock.js';
import { LskError } from '../../domain/errors.js';
import { shortUrl } from '../../domain/field-rules.js';
import { isShareTokenForm, shareTokenHash } from '../../domain/share-token.js';
import type { AnalyticsShare, AnalyticsSharesRepository } from '../../storage/analytics-shares/repository.js';
import type { LinksRepository } from '../../storage/links/repository.js';
import type { WorkspacesRepository } from '../../storage/workspaces/repository.js';
import type { AnalyticsReport, AnalyticsService } from './analytics-service.js';
import { shareFilter } from './share-scope.js';

export type ShareKind = 'link' | 'tag' | 'domain' | 'workspace';

/** What a shared page shows: the report, and what the share covers, named for a reader. */
export interface SharedReport {
  kind: ShareKind;
  /** The link's short URL, the tag, the domain, or the workspace's slug (its name). */
  label: string;
  expiresAt: Date | null;
  report: AnalyticsReport;
}

/** Unknown, revoked, expired, or of a workspace gone or suspended: one answer for all (no oracle). */
const dead = () => LskError.notFound('Shared analytics');

/**
 * The public read of a share (docs/adr/0215): no key or session, the token only. The caller's
 * arguments are those of `analytics` without link_id, tag and domain; its filters are ANDed with the
 * share's scope (share-scope.ts). Numbers only: no click events.
 */
export class SharedAnalyticsService {
  constructor(
    private readonly shares: AnalyticsSharesRepository,
    private readonly links: LinksRepository,
    private readonly workspaces: WorkspacesRepository,
    private readonly analytics: AnalyticsService,
    private readonly clock: Clock,
    /** Whether the workspace's data may be shown now (not deleted, not suspended). */
    private readonly open: (workspaceId: string) => boolean,
  ) {}

  async report(token: string, raw: unknown): Promise<SharedReport> {
    const share = await this.live(token);
    const [workspace, label] = await Promise.all([this.workspaces.get(share.workspaceId), this.labelOf(share)]);
    if (!workspace || label === null) throw dead();
    const caller = systemCaller(share.workspaceId, 'shared analytics');
    const report = await this.analytics.report(caller, raw, shareFilter(share, this.links));
    const kind: ShareKind = share.linkId ? 'link' : share.tag ? 'tag' : share.domain ? 'domain' : 'workspace';
    return { kind, label: kind === 'workspace' ? workspace.slug : label, expiresAt: share.expiresAt, report };
  }

  private async live(token: string): Promise<AnalyticsShare> {
    if (!isShareTokenForm(token)) throw dead();
    const share = await this.shares.byTokenHash(shareTokenHash(token));
    if (!share || !this.open(share.workspaceId)) throw dead();
    if (share.expiresAt && share.expiresAt.getTime() <= this.clock.now().getTime()) throw dead();
    return share;
  }

  /** Null when the shared link is gone (its shares go with it, a moment later). */
  private async labelOf(share: AnalyticsShare): Promise<string | null> {
    if (share.linkId) {
      const [link] = await this.links.byIds(share.workspaceId, [share.linkId]);
      return link ? shortUrl(link.domain, link.alias) : null;
    }
    return share.tag ?? share.domain ?? '';
  }
}
