/**
 * Link ids sort by creation time (docs/adr/0186): each index keyed by the id
 * gets new links at its end instead of at a random page, on both stores. Made one by one or in bulk,
 * the ids keep the 20 base62 characters every id has and follow the (injectable) clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { type OpenedStore, openStore, STORE_KINDS } from '../contract/_harness.js';
import { as, TEST_ACTING } from '../support/caller.js';

const SILENT = { warn: () => {}, error: () => {} };

describe.each(STORE_KINDS)('link ids on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  it('sort in the order the links were created, one by one and in bulk, across clock readings', async () => {
    const clock = new ManualClock(Date.parse('2026-11-27T16:00:00Z'));
    opened = await openStore(kind, { clock });
    const config = loadConfig({ DATABASE_URL: 'file::memory:', LSK_COUNTRY_HEADER: 'cf-ipcountry' });
    const services = await buildServices(config, { clock, repos: opened.repos, log: SILENT });
    const ws = (await services.workspaces.create(TEST_ACTING, `ids-${kind}`, 'standard')).id;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await services.links.create(as(ws), { destination: `https://example.com/${i}` })).id);
      clock.advance(1);
    }
    // Two in the same millisecond keep their order too.
    ids.push((await services.links.create(as(ws), { destination: 'https://example.com/same-1' })).id);
    ids.push((await services.links.create(as(ws), { destination: 'https://example.com/same-2' })).id);
    clock.advance(60_000);
    const bulk = await services.bulkLinks.create(as(ws), { links: [{ destination: 'https://example.com/b1' }, { destination: 'https://example.com/b2' }] });
    for (const item of bulk) {
      expect('link' in item).toBe(true);
      if ('link' in item) ids.push(item.link.id);
    }
    // A bulk batch is made in one go: its ids are later than every earlier one.
    expect(ids.slice(0, 5)).toEqual([...ids.slice(0, 5)].sort());
    for (const id of ids.slice(5)) expect(id > ids[4]!).toBe(true);
    for (const id of ids) expect(id).toMatch(/^lnk_[0-9A-Za-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
