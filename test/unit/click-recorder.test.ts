import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClickRecorder, type Visit } from '../../src/redirect/click-recorder.js';
import { classify } from '../../src/redirect/user-agent.js';
import { CountedVisits } from '../../src/storage/clicks/counted-visits.js';
import { type ClickBatch, type ClickGrouping, type ClicksRepository, HOUR_MS } from '../../src/storage/clicks/repository.js';
import { StoreUnavailable } from '../../src/storage/errors.js';
import { openRepositories } from '../../src/storage/open.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { visitOf } from '../support/visit.js';
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

  const visit = (linkId: string, over: Partial<Visit> = {}): Visit => visitOf(linkId, CHROME, { atMs: T, ...over });
  const scope = { workspaceId: 'wsp_1', from: T - 2 * HOUR_MS, to: T + 2 * HOUR_MS };
  const by = async (g: ClickGrouping, linkIds?: string[]) => (await repos.clicks.query({ ...scope, ...(linkIds ? { linkIds } : {}), groups: [g] })).groups[g];

  /** The link-hours a batch's visit records count into (the store counts them: docs/adr/0196). */
  const hoursOf = async (b: ClickBatch) => {
    const c = await CountedVisits.count(b.visits!);
    return Array.from({ length: c.hourCount }, (_, i) => c.hourAt(i));
  };

  it('hands visits over as records in one batch, the store counting them per link and hour, bots apart', async () => {
    const rec = new ClickRecorder(store, { warn: (o) => warnings.push(o) });
    rec.count(visit('lnk_a'));
    rec.count(visit('lnk_a', { visitor: IPHONE, country: null, referrer: 'news.example' }));
    rec.count(visit('lnk_a', { visitor: BOT }));
    rec.count(visit('lnk_a', { atMs: T + 1000 })); // the next hour
    rec.count(visit('lnk_b'));
    expect(rec.queued).toBe(5);
    await rec.flush();
    expect(store.seen).toHaveLength(1);
    expect(store.seen[0]!.hours).toEqual([]);
    expect(Array.from(store.seen[0]!.visits!.events)).toEqual([1, 1, 0, 1, 1]);
    expect((await hoursOf(store.seen[0]!)).map((h) => [h.linkId, h.hour - (T - (T % HOUR_MS)), h.clicks, h.bots]).sort()).toEqual([
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
    const hours = await hoursOf(store.seen[0]!);
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
    // No records wait: every visit is counted here, in counters; 2 a link: its hour and one combination.
    const rec = new ClickRecorder(store, { warn: () => {} }, { maxRecords: 0, maxCells: 100 });
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
    const rec = new ClickRecorder(store, { warn: () => {} }, { maxRecords: 0, maxCells: 3 });
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

  it('past its bound on records counts visits in counters until the next flush, and writes both', async () => {
    const rec = new ClickRecorder(store, { warn: () => {} }, { maxRecords: 3 });
    store.mode = 'down';
    for (let i = 0; i < 5; i++) rec.count(visit('lnk_a', { visitor: i === 2 ? BOT : CHROME }));
    rec.count(visit('lnk_b'));
    expect(rec).toMatchObject({ queued: 6, dropped: 0 });
    await expect(rec.flush()).rejects.toBeInstanceOf(StoreUnavailable);
    const batch = store.seen[0]!;
    expect(batch.visits!.linkIds).toEqual(['lnk_a', 'lnk_a', 'lnk_a']);
    expect(batch.hours.map((h) => [h.linkId, h.clicks, h.bots])).toEqual([
      ['lnk_a', 2, 0],
      ['lnk_b', 1, 0],
    ]);
    expect(batch.events.map((e) => e.linkId)).toEqual(['lnk_a', 'lnk_a', 'lnk_b']);
    // Meanwhile new visits are records again; a capped link's unwritten clicks count all three kinds.
    rec.count(visit('lnk_a'));
    expect(rec.unwritten('lnk_a')).toBe(5);
    expect(rec.unwritten('lnk_b')).toBe(1);
    store.mode = 'ok';
    await rec.stop();
    expect(rec).toMatchObject({ queued: 0, written: 7, dropped: 0 });
    expect(await repos.clicks.totals('wsp_1', ['lnk_a', 'lnk_b'])).toEqual(
      new Map([
        ['lnk_a', { clicks: 5, bots: 1 }],
        ['lnk_b', { clicks: 1, bots: 0 }],
      ]),
    );
    expect((await repos.clicks.events({ ...scope, limit: 10 })).events).toHaveLength(6);
  });

  it('keeps at most maxEvents events waiting (their clicks still count), and none when events are off', async () => {
    const rec = new ClickRecorder(store, { warn: () => {} }, { maxEvents: 2 });
    for (let i = 0; i < 3; i++) rec.count(visit('lnk_a'));
    expect(rec.eventsDropped).toBe(1);
    await rec.flush();
    expect(Array.from(store.seen[0]!.visits!.events)).toEqual([1, 1, 0]);
    const off = new ClickRecorder(store, { warn: () => {} }, { maxEvents: 0 });
    off.count(visit('lnk_b'));
    await off.flush();
    expect(Array.from(store.seen[1]!.visits!.events)).toEqual([0]);
    expect(off.eventsDropped).toBe(0);
    expect(await repos.clicks.totals('wsp_1', ['lnk_a', 'lnk_b'])).toEqual(
      new Map([
        ['lnk_a', { clicks: 3, bots: 0 }],
        ['lnk_b', { clicks: 1, bots: 0 }],
      ]),
    );
    expect((await repos.clicks.events({ ...scope, limit: 10 })).events.map((e) => e.linkId)).toEqual(['lnk_a', 'lnk_a']);
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
