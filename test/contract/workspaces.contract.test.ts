/** The workspaces repository, and what every store answers when empty. */
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/domain/model.js';
import { at, describeStores, expectConflict, workspace } from './_harness.js';

describeStores('workspaces repository', (store) => {
  const newWorkspace = async (over: Partial<Workspace> = {}) => store().workspaces.create(workspace(over));

  describe('lifecycle', () => {
    it('answers ping once initialised', async () => {
      await expect(store().ping()).resolves.toBeUndefined();
    });

    it('answers empty lists from an empty store', async () => {
      const ws = await newWorkspace();
      expect(await store().links.list(ws.id, { limit: 10 })).toEqual([]);
      expect(await store().tags.list(ws.id)).toEqual([]);
      expect(await store().domains.list(ws.id)).toEqual([]);
      expect(await store().apiKeys.list(ws.id)).toEqual([]);
      expect(await store().signingKeys.list()).toEqual([]);
      expect(await store().links.countOnDomain(ws.id, 'go.example')).toBe(0);
    });
  });

  describe('workspaces', () => {
    it('creates a workspace and reads it back by id and by slug', async () => {
      const ws = workspace({ slug: 'acme', plan: 'advanced', rateLimitRpm: 500, createdAt: at(5) });
      expect(await store().workspaces.create(ws)).toEqual(ws);
      expect(await store().workspaces.get(ws.id)).toEqual(ws);
      expect(await store().workspaces.getBySlug('acme')).toEqual(ws);
    });

    it('answers null for an unknown workspace id or slug', async () => {
      await newWorkspace({ slug: 'acme' });
      expect(await store().workspaces.get('wsp_unknown')).toBeNull();
      expect(await store().workspaces.getBySlug('nobody')).toBeNull();
      expect(await store().workspaces.getBySlug('ACME')).toBeNull();
    });

    it('refuses a second workspace with a taken slug, as a conflict on slug, keeping the first', async () => {
      const first = await newWorkspace({ slug: 'acme' });
      await expectConflict(store().workspaces.create(workspace({ slug: 'acme' })), 'slug');
      expect(await store().workspaces.getBySlug('acme')).toEqual(first);
    });

    it('refuses a second workspace with a taken id, as a conflict on id', async () => {
      const first = await newWorkspace({ slug: 'one' });
      await expectConflict(store().workspaces.create(workspace({ id: first.id, slug: 'two' })), 'id');
      expect(await store().workspaces.getBySlug('two')).toBeNull();
    });

    it('sets the plan and rate limit of a workspace, and answers null for an unknown one', async () => {
      const ws = await newWorkspace({ slug: 'acme' });
      const updated = await store().workspaces.setPlan(ws.id, 'custom', 1234);
      expect(updated).toEqual({ ...ws, plan: 'custom', rateLimitRpm: 1234 });
      expect(await store().workspaces.get(ws.id)).toEqual(updated);
      expect(await store().workspaces.setPlan('wsp_unknown', 'advanced', 500)).toBeNull();
    });
  });
});
