/** The links repository's adaptive fields (rules, variants, utm, preview) and the wildcard read. */
import { expect, it } from 'vitest';
import type { Workspace } from '../../src/domain/model.js';
import { at, describeStores, newLink, workspace } from './_harness.js';

const ADAPT = {
  rules: [
    { if: { country: ['de', 'AT'], query: { $where: '*', 'a.b': 'x' } }, to: 'https://example.de/' },
    { if: { ip: ['10.0.0.0/8', '2001:db8::/32'], after: '2026-01-01T00:00:00.000Z' }, to: 'https://intranet.example/' },
  ],
  variants: [
    { url: 'https://example.com/a', weight: 70 },
    { url: 'https://example.com/b', weight: 30 },
  ],
  utm: { source: 'newsletter', campaign: 'spring' },
  preview: { title: 'Spring <sale>', description: 'Up to "50%" off', image: 'https://cdn.example.com/card.png' },
};

describeStores('links repository: rules, variants, UTM and previews', (store) => {
  const newWorkspace = async (over: Partial<Workspace> = {}) => store().workspaces.create(workspace(over));

  it('stores them as given (query parameter names with $ and dots too) and reads them back, for redirects too', async () => {
    const ws = await newWorkspace();
    const link = await store().links.insert(newLink(ws.id, { alias: 'adapt', title: 'Spring', ...ADAPT }));
    expect(link).toMatchObject(ADAPT);
    expect(await store().links.get(ws.id, link.id)).toEqual(link);
    expect(await store().links.findRedirect('go.example', 'adapt')).toMatchObject({ alias: 'adapt', domain: 'go.example', title: 'Spring', ...ADAPT });
  });

  it('updates and clears each on its own', async () => {
    const ws = await newWorkspace();
    const link = await store().links.insert(newLink(ws.id, ADAPT));
    let current = link;
    for (const k of Object.keys(ADAPT)) {
      const next = await store().links.update(ws.id, link.id, { [k]: null, updatedAt: at(10) });
      expect(next).toEqual({ ...current, [k]: null, updatedAt: at(10) });
      current = next!;
    }
    const back = await store().links.update(ws.id, link.id, { ...ADAPT, updatedAt: at(11) });
    expect(back).toEqual({ ...current, ...ADAPT, updatedAt: at(11) });
  });

  it('finds the links among several aliases of one domain in one read, and only those', async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    await store().links.insert(newLink(ws.id, { alias: 'help/*' }));
    await store().links.insert(newLink(ws.id, { alias: 'help/a/*' }));
    await store().links.insert(newLink(ws.id, { alias: 'help/a/b' }));
    await store().links.insert(newLink(other.id, { domain: 'other.example', alias: 'help/a/*' }));
    const found = await store().links.findRedirects('go.example', ['help/a/b/c', 'help/a/b/*', 'help/a/*', 'help/*']);
    expect(found.map((l) => l.alias).sort()).toEqual(['help/*', 'help/a/*']);
    expect(found.every((l) => l.workspaceId === ws.id && l.domain === 'go.example')).toBe(true);
    expect(await store().links.findRedirects('go.example', [])).toEqual([]);
    expect(await store().links.findRedirects('none.example', ['help/*'])).toEqual([]);
  });
});
