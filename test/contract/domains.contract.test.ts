/** The domains repository. */
import { describe, expect, it } from 'vitest';
import { NO_DOMAIN_SETTINGS, type Workspace } from '../../src/domain/model.js';
import { at, describeStores, expectConflict, workspace } from './_harness.js';

describeStores('domains repository', (store) => {
  const newWorkspace = async (over: Partial<Workspace> = {}) => store().workspaces.create(workspace(over));

  describe('domains', () => {
    it('adds, gets, lists (oldest first) and deletes the domains of a workspace', async () => {
      const ws = await newWorkspace();
      const d2 = await store().domains.add({ host: 'b.example', workspaceId: ws.id, createdAt: at(2) });
      const d1 = await store().domains.add({ host: 'a.example', workspaceId: ws.id, createdAt: at(1) });
      const d3 = await store().domains.add({ host: 'c.example', workspaceId: ws.id, createdAt: at(2) });
      expect(d1).toEqual({ host: 'a.example', workspaceId: ws.id, createdAt: at(1), settings: NO_DOMAIN_SETTINGS });
      expect(await store().domains.get('b.example')).toEqual(d2);
      expect(await store().domains.get('unknown.example')).toBeNull();
      expect(await store().domains.list(ws.id)).toEqual([d1, d2, d3]);
      expect(await store().domains.delete(ws.id, 'b.example')).toBe(true);
      expect(await store().domains.delete(ws.id, 'b.example')).toBe(false);
      expect(await store().domains.get('b.example')).toBeNull();
      expect(await store().domains.list(ws.id)).toEqual([d1, d3]);
    });

    it('refuses a host that is already registered, to any workspace, as a conflict on host', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const d = await store().domains.add({ host: 'go.example', workspaceId: a.id, createdAt: at(1) });
      await expectConflict(store().domains.add({ host: 'go.example', workspaceId: b.id, createdAt: at(2) }), 'host');
      await expectConflict(store().domains.add({ host: 'go.example', workspaceId: a.id, createdAt: at(3) }), 'host');
      expect(await store().domains.get('go.example')).toEqual(d);
      expect(await store().domains.list(b.id)).toEqual([]);
    });

    it('lists and deletes domains only within their workspace', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const d = await store().domains.add({ host: 'a.example', workspaceId: a.id, createdAt: at(1) });
      expect(await store().domains.list(b.id)).toEqual([]);
      expect(await store().domains.delete(b.id, 'a.example')).toBe(false);
      expect(await store().domains.get('a.example')).toEqual(d);
    });
  });

  describe('settings', () => {
    const SETTINGS = {
      rootUrl: 'https://example.com/',
      notFoundUrl: 'https://example.com/404',
      expiredUrl: 'https://example.com/over',
      crawlable: true,
      appleAppSiteAssociation: { applinks: { details: [{ appIDs: ['ABCDE12345.com.example.app'], components: [{ '/': '/*' }] }] }, 'a.b': { $x: 1 } },
      assetlinks: [{ relation: ['delegate_permission/common.handle_all_urls'], target: { namespace: 'android_app', package_name: 'com.example' } }],
    };

    it('start as the defaults, set each field on its own, clear with null, and stay in their workspace', async () => {
      const ws = await newWorkspace();
      const other = await newWorkspace();
      await store().domains.add({ host: 'go.example', workspaceId: ws.id, createdAt: at(1) });
      expect((await store().domains.get('go.example'))?.settings).toEqual(NO_DOMAIN_SETTINGS);
      let current = { ...NO_DOMAIN_SETTINGS };
      for (const [k, v] of Object.entries(SETTINGS)) {
        const d = await store().domains.updateSettings(ws.id, 'go.example', { [k]: v });
        current = { ...current, [k]: v };
        expect(d?.settings).toEqual(current);
      }
      expect((await store().domains.get('go.example'))?.settings).toEqual(SETTINGS);
      expect((await store().domains.list(ws.id))[0]?.settings).toEqual(SETTINGS);
      const cleared = await store().domains.updateSettings(ws.id, 'go.example', { rootUrl: null, appleAppSiteAssociation: null, crawlable: false });
      expect(cleared?.settings).toEqual({ ...SETTINGS, rootUrl: null, appleAppSiteAssociation: null, crawlable: false });
      expect(await store().domains.updateSettings(other.id, 'go.example', { rootUrl: 'https://evil.example/' })).toBeNull();
      expect(await store().domains.updateSettings(ws.id, 'unknown.example', { rootUrl: 'https://example.com/' })).toBeNull();
      expect((await store().domains.get('go.example'))?.settings.rootUrl).toBeNull();
    });

    it('keeps both of two concurrent changes of different settings', async () => {
      const ws = await newWorkspace();
      await store().domains.add({ host: 'go.example', workspaceId: ws.id, createdAt: at(1) });
      await Promise.all([
        store().domains.updateSettings(ws.id, 'go.example', { rootUrl: 'https://example.com/' }),
        store().domains.updateSettings(ws.id, 'go.example', { crawlable: true }),
      ]);
      expect((await store().domains.get('go.example'))?.settings).toMatchObject({ rootUrl: 'https://example.com/', crawlable: true });
    });
  });
});
