/** The links repository's behaviour fields: stored and read back, cleared, external ids, filters. */
import { expect, it } from 'vitest';
import type { Workspace } from '../../src/domain/model.js';
import { at, describeStores, expectConflict, newLink, workspace } from './_harness.js';

const FIELDS = {
  title: 'Spring',
  externalId: 'crm/1',
  expiresAt: at(3600),
  expiredUrl: 'https://example.com/over',
  maxClicks: 7,
  passwordHash: 'scrypt$16384$8$1$c2FsdA$a2V5',
  deviceTargeting: { ios: 'https://apps.apple.com/app/id1', android: 'https://play.google.com/x' },
};

describeStores('links repository: behaviour fields', (store) => {
  const newWorkspace = async (over: Partial<Workspace> = {}) => store().workspaces.create(workspace(over));

  it('stores every field, reads it back by id, by ext_<external id> and for redirects', async () => {
    const ws = await newWorkspace();
    const link = await store().links.insert(newLink(ws.id, { alias: 'full', ...FIELDS }));
    expect(link).toMatchObject(FIELDS);
    expect(await store().links.get(ws.id, link.id)).toEqual(link);
    expect(await store().links.get(ws.id, 'ext_crm/1')).toEqual(link);
    expect(await store().links.get(ws.id, 'ext_crm/2')).toBeNull();
    const other = await newWorkspace();
    expect(await store().links.get(other.id, 'ext_crm/1')).toBeNull();
    const { externalId: _e, ...redirect } = FIELDS;
    expect(await store().links.findRedirect('go.example', 'full')).toEqual({
      id: link.id,
      workspaceId: ws.id,
      domain: 'go.example',
      alias: 'full',
      destination: link.destination,
      geoTargeting: {},
      rules: null,
      variants: null,
      utm: null,
      preview: null,
      ...redirect,
    });
  });

  it('updates and clears each field on its own', async () => {
    const ws = await newWorkspace();
    const link = await store().links.insert(newLink(ws.id, FIELDS));
    const cleared = { title: null, externalId: null, expiresAt: null, expiredUrl: null, maxClicks: null, passwordHash: null, deviceTargeting: {} };
    let current = link;
    for (const [k, v] of Object.entries(cleared)) {
      const next = await store().links.update(ws.id, link.id, { [k]: v, updatedAt: at(10) });
      expect(next).toEqual({ ...current, [k]: v, updatedAt: at(10) });
      current = next!;
    }
    const back = await store().links.update(ws.id, link.id, { ...FIELDS, updatedAt: at(11) });
    expect(back).toEqual({ ...current, ...FIELDS, updatedAt: at(11) });
  });

  it('keeps external ids unique per workspace (a conflict on external_id), many links without one', async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    await store().links.insert(newLink(a.id, { externalId: 'x-1' }));
    await expectConflict(store().links.insert(newLink(a.id, { externalId: 'x-1' })), 'external_id');
    await store().links.insert(newLink(b.id, { externalId: 'x-1' }));
    await store().links.insert(newLink(a.id));
    await store().links.insert(newLink(a.id));
    const second = await store().links.insert(newLink(a.id, { externalId: 'x-2' }));
    await expectConflict(store().links.update(a.id, second.id, { externalId: 'x-1', updatedAt: at(5) }), 'external_id');
    expect((await store().links.get(a.id, second.id))?.externalId).toBe('x-2');
  });

  it('filters lists by external id, expiry at a time, and having a click cap', async () => {
    const ws = await newWorkspace();
    const past = await store().links.insert(newLink(ws.id, { expiresAt: at(100), createdAt: at(1) }));
    const later = await store().links.insert(newLink(ws.id, { expiresAt: at(10_000), maxClicks: 3, externalId: 'later', createdAt: at(2) }));
    const never = await store().links.insert(newLink(ws.id, { createdAt: at(3) }));
    const ids = async (f: object) => (await store().links.list(ws.id, { limit: 10, ...f })).map((l) => l.id);
    expect(await ids({ externalId: 'later' })).toEqual([later.id]);
    expect(await ids({ expiredAt: { now: at(200), expired: true } })).toEqual([past.id]);
    expect(await ids({ expiredAt: { now: at(200), expired: false } })).toEqual([never.id, later.id]);
    expect(await ids({ expiredAt: { now: at(100), expired: true } })).toEqual([past.id]);
    expect(await ids({ capped: true })).toEqual([later.id]);
    expect(await store().links.ids(ws.id, { externalId: 'later' })).toEqual([later.id]);
  });
});
