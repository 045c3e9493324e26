import { blocklistHost } from '../domain/blocklist-feed.js';
import type { Clock } from '../domain/clock.js';
import { LskError } from '../domain/errors.js';
import type { OperationalEvents } from '../domain/events/link-events.js';
import { normalizeHost } from '../domain/field-rules.js';
import type { BlockedHost } from '../storage/blocklist/repository.js';
import type { DisabledLink, Suspension } from '../storage/moderation/repository.js';
import type { Repositories } from '../storage/repositories.js';
import type { Abuse } from './abuse.js';
import type { FeedStats } from './blocklist.js';
import { bumpGeneration } from './moderation.js';

/** A short URL (`https://go.example/spring`, or `go.example/spring`) as its domain and alias. */
export function parseShortUrl(value: string): { domain: string; alias: string } {
  const bad = () => LskError.validation([{ path: 'short_url', message: 'must be a short URL such as https://go.example.com/spring' }]);
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    throw bad();
  }
  const host = normalizeHost(url.host);
  let alias: string;
  try {
    alias = decodeURIComponent(url.pathname.slice(1));
  } catch {
    throw bad(); // a broken escape (%ZZ): "URI malformed" would not say what is wrong
  }
  if ('problem' in host || alias === '') throw bad();
  return { domain: host.host, alias };
}

/**
 * What the operator does from the CLI (docs/abuse.md): block hosts, disable and enable links,
 * suspend and unsuspend workspaces. Each decision is one record in the store, then the shared
 * generation is bumped so every instance re-reads the decisions within one poll (2 s).
 */
export class AbuseOperator {
  constructor(
    private readonly repos: Pick<Repositories, 'blocklist' | 'moderation' | 'links' | 'workspaces' | 'counters'>,
    private readonly abuse: Abuse,
    private readonly clock: Clock,
    private readonly events: OperationalEvents,
  ) {}

  private async changed(): Promise<void> {
    await bumpGeneration(this.repos.counters, this.clock.now());
  }

  async block(raw: string, note: string | null): Promise<{ entry: BlockedHost; added: boolean }> {
    const host = blocklistHost(raw);
    if (host === null) throw LskError.validation([{ path: 'host', message: 'must be a host name such as phish.example' }]);
    const entry = { host, note, createdAt: this.clock.now() };
    const added = await this.repos.blocklist.add(entry);
    if (added) {
      await this.changed();
      this.events.emit({ action: 'blocklist.added', target: { type: 'host', id: host } });
    }
    return { entry, added };
  }

  async unblock(raw: string): Promise<{ host: string; removed: boolean }> {
    const host = blocklistHost(raw) ?? raw.trim().toLowerCase();
    const removed = await this.repos.blocklist.remove(host);
    if (removed) {
      await this.changed();
      this.events.emit({ action: 'blocklist.removed', target: { type: 'host', id: host } });
    }
    return { host, removed };
  }

  /** The stored entries, and what the file (if any) holds. */
  async blocked(): Promise<{ entries: BlockedHost[]; file: FeedStats | null }> {
    await this.abuse.ready();
    return { entries: await this.repos.blocklist.list(), file: this.abuse.blocklist.file };
  }

  private async linkAt(shortUrl: string) {
    const { domain, alias } = parseShortUrl(shortUrl);
    const link = await this.repos.links.findRedirect(domain, alias);
    if (!link) throw LskError.notFound(`Link ${domain}/${alias}`);
    return { ...link, domain, alias };
  }

  async disable(shortUrl: string, reason: string | null): Promise<{ record: DisabledLink; changed: boolean }> {
    const link = await this.linkAt(shortUrl);
    const record = { linkId: link.id, workspaceId: link.workspaceId, domain: link.domain, alias: link.alias, reason, disabledAt: this.clock.now() };
    const changed = await this.repos.moderation.disableLink(record);
    if (changed) {
      await this.changed();
      this.events.emit({ action: 'link.disabled', target: { type: 'link', id: link.id }, workspaceId: link.workspaceId });
    }
    return { record, changed };
  }

  async enable(shortUrl: string): Promise<{ linkId: string; changed: boolean }> {
    const link = await this.linkAt(shortUrl);
    const changed = await this.repos.moderation.enableLink(link.id);
    if (changed) {
      await this.changed();
      this.events.emit({ action: 'link.enabled', target: { type: 'link', id: link.id }, workspaceId: link.workspaceId });
    }
    return { linkId: link.id, changed };
  }

  disabledLinks(): Promise<DisabledLink[]> {
    return this.repos.moderation.disabledLinks();
  }

  private async workspace(slug: string) {
    const ws = await this.repos.workspaces.getBySlug(slug);
    if (!ws) throw LskError.notFound(`Workspace "${slug}"`);
    return ws;
  }

  async suspend(slug: string, reason: string | null): Promise<{ record: Suspension; changed: boolean }> {
    const ws = await this.workspace(slug);
    const record = { workspaceId: ws.id, reason, suspendedAt: this.clock.now() };
    const changed = await this.repos.moderation.suspend(record);
    if (changed) {
      await this.changed();
      this.events.emit({ action: 'workspace.suspended', target: { type: 'workspace', id: ws.id }, workspaceId: ws.id });
    }
    return { record, changed };
  }

  async unsuspend(slug: string): Promise<{ workspaceId: string; changed: boolean }> {
    const ws = await this.workspace(slug);
    const changed = await this.repos.moderation.unsuspend(ws.id);
    if (changed) {
      await this.changed();
      this.events.emit({ action: 'workspace.unsuspended', target: { type: 'workspace', id: ws.id }, workspaceId: ws.id });
    }
    return { workspaceId: ws.id, changed };
  }
}
