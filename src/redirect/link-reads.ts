import type { LinksRepository } from '../storage/links/repository.js';
import type { CachedLink } from './cached-link.js';
import type { ClickRecorder } from './click-recorder.js';
import type { LinkCache } from './link-cache.js';
import type { RedirectOptions } from './redirect-options.js';
import type { SiteCache } from './sites.js';
import type { StaleIfError } from './stale-if-error.js';

/** What a cache miss of the redirect reads: a link (with its domain's settings) and a capped link's clicks. */
export class LinkReads {
  constructor(
    private readonly cache: LinkCache,
    private readonly links: Pick<LinksRepository, 'findRedirect'>,
    private readonly sites: SiteCache,
    private readonly stale: StaleIfError,
    private readonly clicks: ClickRecorder,
    private readonly totals: RedirectOptions['totals'],
  ) {}

  /** Reads a link (and a capped link's clicks) into the cache; when that fails, answers `stale` if given. */
  async load(host: string, alias: string, key: string, nowMs: number, stale?: CachedLink): Promise<CachedLink | null> {
    const generation = this.cache.generation;
    try {
      const found = await this.links.findRedirect(host, alias);
      const clicks = found?.maxClicks != null ? await this.countedClicks(found.workspaceId, found.id) : 0;
      const site = found === null ? undefined : await this.sites.site(host, nowMs);
      this.stale.succeeded();
      return this.cache.set(key, found, nowMs, generation, clicks, site);
    } catch (e) {
      this.stale.failed(nowMs);
      if (stale === undefined) throw e;
      return this.stale.serve(stale);
    }
  }

  /**
   * A capped link's clicks: the stored total plus what this instance counted and has not written,
   * read while no click write is under way (else the two could both hold, or both miss, a batch).
   */
  async countedClicks(workspaceId: string, id: string): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      await this.clicks.idle();
      const writes = this.clicks.writes;
      const stored = (await this.totals.totals(workspaceId, [id])).get(id)?.clicks ?? 0;
      if ((!this.clicks.busy && this.clicks.writes === writes) || attempt >= 3) return stored + this.clicks.unwritten(id);
    }
  }
}
