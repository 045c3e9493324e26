import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClickRecorder, type Visit } from '../../src/redirect/click-recorder.js';
import { classify } from '../../src/redirect/user-agent.js';
import { type ClickBatch, type ClickGrouping, type ClicksRepository, HOUR_MS } from '../../src/storage/clicks/repository.js';
import { StoreUnavailable } from '../../src/storage/errors.js';
import { openRepositories } from '../../src/storage/open.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { waitFor } from '../support/wait-for.js';

const CHROME = classify('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36');
const IPHONE = classify(
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
);
const BOT = classify('Googlebot/2.1');
const T = Date.parse('2026-11-21T10:59:59.000Z');

/** Fault injection around a real repository: refuse writes, or apply one and then fail (an outcome the caller cannot know). */
class Faulty implements ClicksRepository {
  mode: 'ok' | 'down' | 'lose-ack' = 'ok';
  readonly seen: ClickBatch[] = [];
  constructor(private readonly real: ClicksRepository) {}
  async record(batch: ClickBatch): Promise<void> {
    this.seen.push(batch);
    if (this.mode === 'down') throw new StoreUnavailable();
    await this.real.record(batch);
    if (this.mode === 'lose-ack') throw new StoreUnavailable();
  }
  totals(ws: string, ids: readonly string[]) {
    return this.real.totals(ws, ids);
  }
  query(...a: Parameters<ClicksRepository['query']>) {
    return this.real.query(...a);
  }
  events(...a: Parameters<ClicksRepository['events']>) {
    return this.real.events(...a);
  }
  forget(...a: Parameters<ClicksRepository['forget']>) {
    return this.real.forget(...a);
  }
  forgetWorkspace(...a: Parameters<ClicksRepository['forgetWorkspace']>) {
    return this.real.forgetWorkspace(...a);
  }
  maintain() {
    return this.real.maintain();
  }
  release() {
    return this.real.release();
  }
}

describe('click recorder', () => {
  let repos: Repositories;
  let store: Faulty;
  const warnings: object[] = [];
  beforeEach(async () => {
    repos = await openRepositories('file::memory:');
    await repos.init();
    store = new Faulty(repos.clicks);
    warnings.length = 0;
  });
  afterEach(() => repos.close());

  const visit = (linkId: string, over: Partial<Visit> = {}): Visit => ({
    linkId,
    workspaceId: 'wsp_1',
    domain: 'go.example',
    atMs: T,
    visitor: CHROME,
    country: 'DE',
    region: null,
    city: null,
    referrer: null,
    referrerUrl: null,
    utm: null,
    trigger: 'link',
    language: null,
    variant: null,
    ...over,
  });
  const scope = { workspaceId: 'wsp_1', from: T - 2 * HOUR_MS, to: T + 2 * HOUR_MS };
  const by = async (g: ClickGrouping, linkIds?: string[]) => (await repos.clicks.query({ ...scope, ...(linkIds ? { linkIds } : {}), groups: [g] })).groups[g];

  it('adds visits up in memory and writes them per link and hour in one batch, bots apart', async () => {
    const rec = new ClickRecorder(store, { warn: (o) => warnings.push(o) });
    rec.count(visit('lnk_a'));
    rec.count(visit('lnk_a', { visitor: IPHONE, country: null, referrer: 'news.example' }));
    rec.count(visit('lnk_a', { visitor: BOT }));
    rec.count(visit('lnk_a', { atMs: T + 1000 })); // the next hour
    rec.count(visit('lnk_b'));
    expect(rec.queued).toBe(5);
    await rec.flush();
    expect(store.seen).toHaveLength(1);
    expect(store.seen[0]!.hours.map((h) => [h.linkId, h.hour - (T - (T % HOUR_MS)), h.clicks, h.bots]).sort()).toEqual([
      ['lnk_a', 0, 2, 1],
      ['lnk_a', HOUR_MS, 1, 0],
      ['lnk_b', 0, 1, 0],
    ]);
    expect(rec).toMatchObject({ queued: 0, written: 5, dropped: 0 });
    expect(await repos.clicks.totals('wsp_1', ['lnk_a'])).toEqual(new Map([['lnk_a', { clicks: 3, bots: 1 }]]));
    expect(await by('os', ['lnk_a'])).toEqual([
      { key: 'Windows', clicks: 2 },
      { key: 'iOS', clicks: 1 },
    ]);
    expect(await by('referrer')).toEqual([
      { key: '(direct)', clicks: 3 },
      { key: 'news.example', clicks: 1 },
    ]);
    // Every person's click is also an event, newest first.
    expect((await repos.clicks.events({ ...scope, limit: 10 })).events).toHaveLength(4);
    await rec.flush(); // nothing new: nothing written
    expect(store.seen).toHaveLength(1);
  });

  it('keeps one counter per link and hour even when the clock goes back and forth', async () => {
    const rec = new ClickRecorder(store, { warn: () => {} });
    for (const dt of [0, 1000, 0, 1000, -5000]) rec.count(visit('lnk_a', { atMs: T + dt }));
    await rec.flush();
    const hours = store.seen[0]!.hours;
    expect(hours).toHaveLength(2);
    expect(hours.map((h) => h.clicks).sort()).toEqual([2, 3]);
  });

  it('counts on while the store is down, retries the same batch as it was, and never counts a batch twice', async () => {
    const rec = new ClickRecorder(store, { warn: (o) => warnings.push(o) });
    rec.count(visit('lnk_a'));
    store.mode = 'down';
    await expect(rec.flush()).rejects.toBeInstanceOf(StoreUnavailable);
    rec.count(visit('lnk_a'));
    await expect(rec.flush()).rejects.toBeInstanceOf(StoreUnavailable);
    expect(rec.queued).toBe(2);
    store.mode = 'lose-ack'; // the write lands, its answer is lost
    await expect(rec.flush()).rejects.toBeInstanceOf(StoreUnavailable);
    store.mode = 'ok';
    await rec.flush(); // the same batch again: not counted twice
    expect(store.seen[0]).toBe(store.seen[3]);
    await rec.flush(); // then what came meanwhile
    expect(rec).toMatchObject({ queued: 0, written: 2, dropped: 0 });
    expect(await repos.clicks.totals('wsp_1', ['lnk_a'])).toEqual(new Map([['lnk_a', { clicks: 2, bots: 0 }]]));
  });

  it('holds a bounded number of counters while the store is down, dropping and counting what exceeds it', async () => {
    const rec = new ClickRecorder(store, { warn: () => {} }, { maxCells: 100 }); // 2 counters a link: its hour and one combination
    store.mode = 'down';
    for (let i = 0; i < 100; i++) rec.count(visit(`lnk_${i}`, { visitor: BOT }));
    expect(rec.queued).toBe(50);
    expect(rec.dropped).toBe(50);
    for (let i = 0; i < 10; i++) rec.count(visit('lnk_0', { visitor: BOT })); // adds to a counter held: counted while full
    expect(rec).toMatchObject({ queued: 60, dropped: 50 });
    rec.count(visit('lnk_0')); // a human click is another combination, a new counter: dropped
    expect(rec.dropped).toBe(51);
    store.mode = 'ok';
    await rec.stop();
    expect(rec).toMatchObject({ queued: 0, written: 60 });
    expect((await repos.clicks.query(scope)).total.bots).toBe(60);
  });

  it('at the bound, counts a click whose combination is held and drops one that needs a new one', async () => {
    const rec = new ClickRecorder(store, { warn: () => {} }, { maxCells: 3 });
    store.mode = 'down';
    rec.count(visit('lnk_a')); // the link-hour and its combination: 2 counters
    rec.count(visit('lnk_a', { referrer: 'news.example' })); // another combination, a third: the bound
    rec.count(visit('lnk_a')); // all held: counted
    rec.count(visit('lnk_a', { country: 'FR' })); // a new country: dropped
    rec.count(visit('lnk_b')); // a new link-hour: dropped
    expect(rec).toMatchObject({ queued: 3, dropped: 2 });
    store.mode = 'ok';
    await rec.stop();
    expect(await by('country', ['lnk_a'])).toEqual([{ key: 'DE', clicks: 3 }]);
  });

  it('writes everything left at stop, on a timer in between', async () => {
    const rec = new ClickRecorder(store, { warn: () => {} }, { intervalMs: 10 });
    rec.start();
    rec.count(visit('lnk_a'));
    // Written by the timer (every 10 ms), not by stop().
    expect(
      await waitFor(
        () => rec.written,
        (n) => n === 1,
        { timeout: 5000, interval: 5 },
      ),
    ).toBe(1);
    rec.count(visit('lnk_a'));
    await rec.stop();
    expect(await repos.clicks.totals('wsp_1', ['lnk_a'])).toEqual(new Map([['lnk_a', { clicks: 2, bots: 0 }]]));
  });
});
