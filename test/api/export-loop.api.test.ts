/**
 * Exports never hold the event loop: three CSV exports of 100,000 links at once stream page by page
 * with back-pressure, yielding between pages, so /healthz and a redirect keep being answered while
 * they run (counted, not timed: how many answers come back before the exports end), and a fourth
 * export at once is refused (429 with Retry-After) rather than queued without bound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../src/domain/ids.js';
import { NO_BEHAVIOUR } from '../../src/services/link-fields.js';
import { openRepositories } from '../../src/storage/open.js';
import { client, type Lsk, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, createLink } from './_assert.js';

const LINKS = 100_000;

describe('CSV exports and the event loop (SQLite)', () => {
  let lsk: Lsk;
  let key: string;

  beforeAll(async () => {
    lsk = await startLsk('sqlite', { env: { LSK_DEFAULT_DOMAIN: 'sho.rt' } });
    key = await lsk.workspace('big', BIG_PLAN);
    await createLink(client(lsk.base, key), { destination: 'https://example.com/', alias: 'hot' });
    const repos = await openRepositories(lsk.env.DATABASE_URL!);
    try {
      const workspaceId = (await repos.workspaces.getBySlug('big'))!.id;
      const createdAt = new Date();
      for (let i = 0; i < LINKS; i += 1000) {
        const batch = Array.from({ length: 1000 }, (_, k) => ({
          id: timeOrderedId('lnk', createdAt.getTime()),
          workspaceId,
          domain: 'sho.rt',
          alias: `big-${i + k}`,
          destination: `https://example.com/large/${i + k}?utm_source=export&utm_medium=csv&padding=${'x'.repeat(80)}`,
          geoTargeting: { DE: 'https://example.de/large' },
          tags: ['large', `t${(i + k) % 10}`],
          createdAt,
          ...NO_BEHAVIOUR,
        }));
        await repos.links.insertMany(workspaceId, batch);
      }
    } finally {
      await repos.close();
    }
  }, 300_000);
  afterAll(async () => {
    await lsk?.stop();
  });

  async function exportAll(): Promise<number> {
    const res = await fetch(`${lsk.base}/v1/links/export`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    let lines = 0;
    const reader = res.body!.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) for (const b of r.value) if (b === 10) lines++;
    return lines;
  }

  it('keeps answering /healthz and redirects while three exports of 100,000 links stream', async () => {
    let running = true;
    let health = 0;
    let redirects = 0;
    const probe = (async () => {
      while (running) {
        if ((await fetch(`${lsk.base}/healthz`)).status === 200 && running) health++;
        if ((await visit(lsk.base, '/hot', { host: 'sho.rt' })).status === 302 && running) redirects++;
      }
    })();
    const lines = await Promise.all([exportAll(), exportAll(), exportAll()]);
    running = false;
    await probe;
    console.log(`while 3 exports of ${LINKS} links streamed: ${health} /healthz and ${redirects} redirects answered`);
    expect(lines).toEqual([LINKS + 2, LINKS + 2, LINKS + 2]);
    // Each export is 200 pages; a loop held for a whole export would answer a handful at most.
    expect(health).toBeGreaterThanOrEqual(50);
    expect(redirects).toBeGreaterThanOrEqual(50);
  }, 300_000);

  it('refuses a fifth export while four stream (429 with Retry-After), and takes one again once one ends', async () => {
    const slow = await Promise.all(Array.from({ length: 4 }, () => fetch(`${lsk.base}/v1/links/export`, { headers: { authorization: `Bearer ${key}` } })));
    expect(slow.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const fifth = await client(lsk.base, key)('GET', '/v1/links/export');
    expect(fifth.status).toBe(429);
    expect(fifth.body.error.code).toBe('rate_limited');
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(0);
    await slow[0]!.body!.cancel();
    for (const r of slow.slice(1)) await r.body!.cancel();
    const again = await waitFor(
      async () => {
        const res = await fetch(`${lsk.base}/v1/links/export`, { headers: { authorization: `Bearer ${key}` } });
        await res.body!.cancel();
        return res.status;
      },
      (status) => status === 200,
      { timeout: 5000, interval: 100 },
    );
    expect(again).toBe(200);
  }, 120_000);
});
