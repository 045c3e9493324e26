/** The UTM templates repository. */
import { expect, it } from 'vitest';
import type { Workspace } from '../../src/domain/model.js';
import type { UtmTemplate } from '../../src/storage/utm-templates/repository.js';
import { at, describeStores, expectConflict, uid, workspace } from './_harness.js';

const template = (workspaceId: string, over: Partial<UtmTemplate> = {}): UtmTemplate => ({
  id: uid('utm'),
  workspaceId,
  name: 'Newsletter',
  values: { source: 'newsletter', medium: 'email' },
  createdAt: at(1),
  updatedAt: at(1),
  ...over,
});

describeStores('UTM templates repository', (store) => {
  const newWorkspace = async (over: Partial<Workspace> = {}) => store().workspaces.create(workspace(over));

  it('inserts, gets, lists (oldest first), updates, counts and deletes within a workspace', async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const b = await store().utmTemplates.insert(template(ws.id, { name: 'B', createdAt: at(2), updatedAt: at(2) }));
    const a = await store().utmTemplates.insert(template(ws.id, { name: 'A' }));
    expect(await store().utmTemplates.get(ws.id, a.id)).toEqual(a);
    expect(await store().utmTemplates.get(other.id, a.id)).toBeNull();
    expect(await store().utmTemplates.list(ws.id)).toEqual([a, b]);
    expect(await store().utmTemplates.list(other.id)).toEqual([]);
    expect(await store().utmTemplates.count(ws.id)).toBe(2);
    const renamed = await store().utmTemplates.update(ws.id, a.id, { name: 'A2', values: { campaign: 'spring' }, updatedAt: at(5) });
    expect(renamed).toEqual({ ...a, name: 'A2', values: { campaign: 'spring' }, updatedAt: at(5) });
    expect(await store().utmTemplates.update(other.id, a.id, { name: 'X', updatedAt: at(6) })).toBeNull();
    expect(await store().utmTemplates.delete(other.id, a.id)).toBe(false);
    expect(await store().utmTemplates.delete(ws.id, a.id)).toBe(true);
    expect(await store().utmTemplates.get(ws.id, a.id)).toBeNull();
    expect(await store().utmTemplates.count(ws.id)).toBe(1);
  });

  it('keeps names unique per workspace, case-insensitively (a conflict on name), on insert and on rename', async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    await store().utmTemplates.insert(template(ws.id, { name: 'Newsletter' }));
    await expectConflict(store().utmTemplates.insert(template(ws.id, { name: 'NEWSLETTER' })), 'name');
    await store().utmTemplates.insert(template(other.id, { name: 'newsletter' }));
    const second = await store().utmTemplates.insert(template(ws.id, { name: 'Ads' }));
    await expectConflict(store().utmTemplates.update(ws.id, second.id, { name: 'newsletter', updatedAt: at(3) }), 'name');
    expect((await store().utmTemplates.get(ws.id, second.id))?.name).toBe('Ads');
  });
});
