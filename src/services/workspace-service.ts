import type { Clock } from '../domain/clock.js';
import { LskError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { hostSchema, tagNameSchema } from '../domain/link-schemas.js';
import type { Domain, Tag, Workspace } from '../domain/model.js';
import { addDomainSchema, type Plan, updateTagSchema, workspaceSlugSchema } from '../domain/resource-schemas.js';
import { tagKey } from '../domain/rules.js';
import { parseOrThrow } from '../domain/validate.js';
import { rpmFor } from '../limits/plans.js';
import { type Store, StoreConflict } from '../storage/store.js';

/** Workspaces (the tenants) and what hangs off them besides links: tags and domains. */
export class WorkspaceService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly defaultDomain: string,
  ) {}

  async create(slug: string, plan: Plan, customRpm?: number): Promise<Workspace> {
    const ws: Workspace = {
      id: newId('wsp'),
      slug: parseOrThrow(workspaceSlugSchema, slug),
      plan,
      rateLimitRpm: rpmFor(plan, customRpm),
      createdAt: this.clock.now(),
    };
    try {
      return await this.store.createWorkspace(ws);
    } catch (e) {
      if (e instanceof StoreConflict) throw LskError.validation([{ path: 'slug', message: `workspace "${slug}" already exists` }]);
      throw e;
    }
  }

  async bySlug(slug: string): Promise<Workspace> {
    const ws = await this.store.getWorkspaceBySlug(slug);
    if (!ws) throw LskError.notFound(`Workspace "${slug}"`);
    return ws;
  }

  /** Every workspace (for operators: the CLI). */
  list(): Promise<Workspace[]> {
    return this.store.listWorkspaces();
  }

  async setPlan(slug: string, plan: Plan, customRpm?: number): Promise<Workspace> {
    const ws = await this.bySlug(slug);
    const updated = await this.store.setWorkspacePlan(ws.id, plan, rpmFor(plan, customRpm));
    if (!updated) throw LskError.notFound(`Workspace "${slug}"`);
    return updated;
  }

  // --- tags -----------------------------------------------------------------------------------

  listTags(workspaceId: string): Promise<Tag[]> {
    return this.store.listTags(workspaceId);
  }

  async updateTag(workspaceId: string, name: string, raw: unknown): Promise<Tag> {
    const current = parseOrThrow(tagNameSchema, name, 'tag');
    const input = parseOrThrow(updateTagSchema, raw);
    const tag = await this.store.renameTag(workspaceId, tagKey(current), input.name);
    if (!tag) throw LskError.notFound('Tag');
    return tag;
  }

  async deleteTag(workspaceId: string, name: string): Promise<void> {
    const current = parseOrThrow(tagNameSchema, name, 'name');
    if (!(await this.store.deleteTag(workspaceId, tagKey(current)))) throw LskError.notFound('Tag');
  }

  // --- domains --------------------------------------------------------------------------------

  listDomains(workspaceId: string): Promise<Domain[]> {
    return this.store.listDomains(workspaceId);
  }

  async addDomain(workspaceId: string, raw: unknown): Promise<Domain> {
    const { host } = parseOrThrow(addDomainSchema, raw);
    if (host === this.defaultDomain) throw LskError.domainTaken(host);
    try {
      return await this.store.addDomain({ host, workspaceId, createdAt: this.clock.now() });
    } catch (e) {
      if (e instanceof StoreConflict && e.field === 'host') throw LskError.domainTaken(host);
      throw e;
    }
  }

  async removeDomain(workspaceId: string, rawHost: string): Promise<void> {
    const host = parseOrThrow(hostSchema, rawHost, 'host');
    const d = await this.store.getDomain(host);
    if (!d || d.workspaceId !== workspaceId) throw LskError.notFound('Domain');
    const n = await this.store.countLinksOnDomain(workspaceId, host);
    if (n > 0) {
      throw LskError.validation([{ path: 'host', message: `${host} still serves ${n} link(s); delete or move them first` }]);
    }
    if (!(await this.store.deleteDomain(workspaceId, host))) throw LskError.notFound('Domain');
  }
}
