import type { Acting, Caller } from '../domain/caller.js';
import type { Clock } from '../domain/clock.js';
import { LskError } from '../domain/errors.js';
import type { ServiceEvents } from '../domain/events/service-events.js';
import { tagKey } from '../domain/field-rules.js';
import { newId } from '../domain/ids.js';
import { assertUnrestricted } from '../domain/link-access.js';
import { hostSchema, tagNameSchema } from '../domain/link-schemas.js';
import type { Domain, Tag, Workspace } from '../domain/model.js';
import { addDomainSchema, deleteWorkspaceSchema, type Plan, updateTagSchema, updateWorkspaceSchema, workspaceSlugSchema } from '../domain/resource-schemas.js';
import { parseOrThrow } from '../domain/validate.js';
import { rpmFor } from '../limits/plans.js';
import type { ClicksRepository } from '../storage/clicks/repository.js';
import type { DomainsRepository } from '../storage/domains/repository.js';
import { StoreConflict } from '../storage/errors.js';
import type { LinksRepository } from '../storage/links/repository.js';
import type { TagsRepository } from '../storage/tags/repository.js';
import type { WorkspacesRepository } from '../storage/workspaces/repository.js';

export interface WorkspaceRepositories {
  workspaces: WorkspacesRepository;
  tags: TagsRepository;
  domains: DomainsRepository;
  links: LinksRepository;
  /** Tag sheets follow renamed and deleted tags (docs/adr/0098). */
  clicks: Pick<ClicksRepository, 'syncTags'>;
}

/** A host without its port, as a custom domain would be spelt. */
const hostName = (host: string) => host.replace(/:\d+$/, '').toLowerCase();

/** Workspaces (the tenants) and what hangs off them besides links: tags and domains. */
export class WorkspaceService {
  private readonly ownHosts: ReadonlySet<string>;

  /** `ownHosts`: the service's own hosts (the default domain, the public URL's), which no tenant may register. */
  constructor(
    private readonly repos: WorkspaceRepositories,
    private readonly clock: Clock,
    ownHosts: readonly string[],
    private readonly events: ServiceEvents,
    /** Told of every change to a workspace record (the API keys' workspace cache forgets it). */
    private readonly changed: (workspaceId: string) => void = () => {},
    /** A domain was removed (the redirects of this instance forget its settings). */
    private readonly domainGone: (host: string) => void = () => {},
    /** A workspace was deleted: every instance stops serving it, and its purge starts (docs/adr/0177). */
    private readonly deleted: (workspaceId: string) => Promise<void> = async () => {},
  ) {
    this.ownHosts = new Set(ownHosts.map(hostName));
  }

  async create(acting: Acting, slug: string, plan: Plan, customRpm?: number): Promise<Workspace> {
    const ws: Workspace = {
      id: newId('wsp'),
      slug: parseOrThrow(workspaceSlugSchema, slug),
      plan,
      rateLimitRpm: rpmFor(plan, customRpm),
      createdAt: this.clock.now(),
      require2fa: false,
    };
    try {
      await this.repos.workspaces.create(ws);
    } catch (e) {
      if (e instanceof StoreConflict) throw LskError.validation([{ path: 'slug', message: `workspace "${slug}" already exists` }]);
      throw e;
    }
    this.events.emit({ ...acting, workspaceId: ws.id }, 'workspace.created', ws.id);
    return ws;
  }

  async bySlug(slug: string): Promise<Workspace> {
    const ws = await this.repos.workspaces.getBySlug(slug);
    if (!ws) throw LskError.notFound(`Workspace "${slug}"`);
    return ws;
  }

  /** Every workspace (for operators: the CLI). */
  list(): Promise<Workspace[]> {
    return this.repos.workspaces.list();
  }

  async setPlan(acting: Acting, slug: string, plan: Plan, customRpm?: number): Promise<Workspace> {
    const ws = await this.bySlug(slug);
    const updated = await this.repos.workspaces.setPlan(ws.id, plan, rpmFor(plan, customRpm));
    if (!updated) throw LskError.notFound(`Workspace "${slug}"`);
    this.events.emit({ ...acting, workspaceId: ws.id }, 'workspace.plan_changed', ws.id);
    this.changed(ws.id);
    return updated;
  }

  /** PATCH /v1/workspace. Requiring a second factor needs one yourself (when a member asks), or you would be locked out. */
  async update(caller: Caller, workspace: Workspace, raw: unknown, callerHasSecondFactor: () => Promise<boolean>): Promise<Workspace> {
    const input = parseOrThrow(updateWorkspaceSchema, raw);
    if (input.require_2fa === undefined || input.require_2fa === workspace.require2fa) return workspace;
    if (input.require_2fa && !(await callerHasSecondFactor())) {
      throw LskError.validation([{ path: 'require_2fa', message: 'needs two-factor sign-in on your own account first (an authenticator app or a passkey)' }]);
    }
    const updated = await this.repos.workspaces.setRequire2fa(workspace.id, input.require_2fa);
    if (!updated) throw LskError.notFound('Workspace');
    this.events.emit(caller, 'workspace.updated', workspace.id);
    this.changed(workspace.id);
    return updated;
  }

  /**
   * DELETE /v1/workspace (owners; keys with workspace:write and no restriction): `confirm` must be
   * its slug. One write tombstones it (gone for every read, its slug free), its domains are freed at
   * once, and the rest is purged in the background (docs/adr/0177).
   */
  async delete(caller: Caller, workspace: Workspace, raw: unknown): Promise<void> {
    const { confirm } = parseOrThrow(deleteWorkspaceSchema, raw);
    assertUnrestricted(caller, 'delete the workspace');
    if (confirm !== workspace.slug) {
      throw LskError.validation([{ path: 'confirm', message: `must be the workspace's slug ("${workspace.slug}") to confirm the deletion` }]);
    }
    await this.deleteNow(caller, workspace);
  }

  /** `lsk workspace delete <slug>`: the operator's deletion, no confirmation asked here. */
  async deleteBySlug(acting: Acting, slug: string): Promise<Workspace> {
    const ws = await this.bySlug(parseOrThrow(workspaceSlugSchema, slug, 'slug'));
    await this.deleteNow({ ...acting, workspaceId: ws.id }, ws);
    return ws;
  }

  private async deleteNow(acting: Acting & { workspaceId: string }, workspace: Workspace): Promise<void> {
    const domains = await this.repos.domains.list(workspace.id);
    if (!(await this.repos.workspaces.markDeleted(workspace.id, this.clock.now()))) throw LskError.notFound('Workspace');
    this.changed(workspace.id);
    // Its custom domains are free for another workspace at once; the purge deletes whatever is left.
    for (const d of domains) {
      await this.repos.domains.delete(workspace.id, d.host);
      this.domainGone(d.host);
    }
    this.events.emit(acting, 'workspace.deleted', workspace.id);
    await this.deleted(workspace.id);
  }

  // --- tags -----------------------------------------------------------------------------------

  // Tags span every link of the workspace: a restricted key neither lists, renames nor deletes them.

  listTags(caller: Caller): Promise<Tag[]> {
    assertUnrestricted(caller, 'list the tags of the workspace');
    return this.repos.tags.list(caller.workspaceId);
  }

  async updateTag(caller: Caller, name: string, raw: unknown): Promise<Tag> {
    const current = parseOrThrow(tagNameSchema, name, 'tag');
    const input = parseOrThrow(updateTagSchema, raw);
    assertUnrestricted(caller, 'rename or merge tags');
    const tag = await this.repos.tags.rename(caller.workspaceId, tagKey(current), input.name);
    if (!tag) throw LskError.notFound('Tag');
    // The links of the old tag now carry the new one (merged into it when it existed).
    await this.repos.clicks.syncTags?.(caller.workspaceId, { tags: [tagKey(current), tagKey(tag.name)] });
    this.events.emit(caller, 'tag.updated', tag.name);
    return tag;
  }

  async deleteTag(caller: Caller, name: string): Promise<void> {
    const current = parseOrThrow(tagNameSchema, name, 'name');
    assertUnrestricted(caller, 'delete tags');
    if (!(await this.repos.tags.delete(caller.workspaceId, tagKey(current)))) throw LskError.notFound('Tag');
    await this.repos.clicks.syncTags?.(caller.workspaceId, { tags: [tagKey(current)] });
    this.events.emit(caller, 'tag.deleted', current);
  }

  // --- domains --------------------------------------------------------------------------------

  listDomains(caller: Caller): Promise<Domain[]> {
    return this.repos.domains.list(caller.workspaceId);
  }

  async addDomain(caller: Caller, raw: unknown): Promise<Domain> {
    const { host } = parseOrThrow(addDomainSchema, raw);
    if (this.ownHosts.has(hostName(host))) throw LskError.domainTaken(host);
    let domain: Domain;
    try {
      domain = await this.repos.domains.add({ host, workspaceId: caller.workspaceId, createdAt: this.clock.now() });
    } catch (e) {
      if (e instanceof StoreConflict && e.field === 'host') throw LskError.domainTaken(host);
      throw e;
    }
    this.events.emit(caller, 'domain.created', host);
    return domain;
  }

  async removeDomain(caller: Caller, rawHost: string): Promise<void> {
    const { workspaceId } = caller;
    const host = parseOrThrow(hostSchema, rawHost, 'host');
    const d = await this.repos.domains.get(host);
    if (!d || d.workspaceId !== workspaceId) throw LskError.notFound('Domain');
    const n = await this.repos.links.countOnDomain(workspaceId, host);
    if (n > 0) {
      throw LskError.validation([{ path: 'host', message: `${host} still serves ${n} link(s); delete or move them first` }]);
    }
    if (!(await this.repos.domains.delete(workspaceId, host))) throw LskError.notFound('Domain');
    this.domainGone(host);
    this.events.emit(caller, 'domain.deleted', host);
  }
}
