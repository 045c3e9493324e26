import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, freshDatabaseUrl, type Lsk, startLsk, visit } from '../support/server.js';

/**
 * max_clicks across two lsk processes on one MongoDB: exact on each instance; across them it may
 * overshoot by the clicks the other instance served and had not written yet (one flush interval).
 */
describe('max_clicks on two instances sharing one MongoDB', () => {
  let a: Lsk;
  let b: Lsk;
  let apiA: ReturnType<typeof client>;
  const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
  const go = (lsk: Lsk, alias: string) => visit(lsk.base, `/${alias}`, { host: 'sho.rt', 'user-agent': UA }).then((r) => r.status);

  beforeAll(async () => {
    const db = freshDatabaseUrl('mongodb');
    a = await startLsk('mongodb', { databaseUrl: db.url, env: { LSK_DEFAULT_DOMAIN: 'sho.rt' } });
    b = await startLsk('mongodb', { databaseUrl: db.url, env: { LSK_DEFAULT_DOMAIN: 'sho.rt' } });
    apiA = client(a.base, await a.workspace('capped', ['--rpm', '100000']));
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  async function storedClicks(id: string, want: number): Promise<number> {
    let clicks = -1;
    for (let i = 0; i < 50 && clicks !== want; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 100));
      clicks = (await apiA('GET', `/v1/links/${id}`)).body.clicks;
    }
    return clicks;
  }

  it('is exact on one instance, and the other refuses once those clicks are written', async () => {
    const link = (await apiA('POST', '/v1/links', { destination: 'https://example.com/', alias: 'six', max_clicks: 6 })).body;
    const onA: number[] = [];
    for (let i = 0; i < 8; i++) onA.push(await go(a, 'six'));
    expect(onA).toEqual([302, 302, 302, 302, 302, 302, 410, 410]);
    expect(await storedClicks(link.id, 6)).toBe(6);
    // B reads the link (and its written total) now: refused at once, no click more.
    expect(await go(b, 'six')).toBe(410);
    expect((await apiA('GET', `/v1/links/${link.id}`)).body).toMatchObject({ clicks: 6, status: 'exhausted' });
  });

  it('overshoots by at most the clicks the other instance had not written yet, then both refuse', async () => {
    const link = (await apiA('POST', '/v1/links', { destination: 'https://example.com/', alias: 'four', max_clicks: 4 })).body;
    const onB = [await go(b, 'four')]; // one click on B, written within a flush interval
    const onA: number[] = [];
    for (let i = 0; i < 6; i++) onA.push(await go(a, 'four'));
    const served = [...onA, ...onB].filter((s) => s === 302).length;
    expect(onB).toEqual([302]);
    expect(served).toBeGreaterThanOrEqual(4);
    expect(served).toBeLessThanOrEqual(4 + onB.length);
    expect(await storedClicks(link.id, served)).toBe(served);
    // B re-reads a capped link's written total every second (the click writer's interval): then it refuses too.
    let late = 0;
    let bStatus = 302;
    for (let i = 0; i < 40 && bStatus !== 410; i++) {
      await new Promise((r) => setTimeout(r, 100));
      bStatus = await go(b, 'four');
      if (bStatus === 302) late++;
    }
    expect(bStatus).toBe(410);
    // Every redirect served was counted, none twice.
    expect(await storedClicks(link.id, served + late)).toBe(served + late);
  });
});
