/**
 * A click writer that gets no CPU for a while (a low-priority thread on a saturated machine:
 * docs/adr/0203) is a write that takes long to answer. Meanwhile the recorder holds at most its
 * bound of records, then counts in counters within its bound on counters, and once the write is
 * answered every visit is written.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClickRecorder, type Visit } from '../../src/redirect/click-recorder.js';
import { classify } from '../../src/redirect/user-agent.js';
import type { ClickBatch, ClicksRepository } from '../../src/storage/clicks/repository.js';
import { openRepositories } from '../../src/storage/open.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { visitOf } from '../support/visit.js';

const CHROME = classify('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36');
const T = Date.parse('2026-11-21T10:00:00.000Z');

/** A real store whose writes are answered only when `release()` is called (each write is applied then). */
function heldWrites(real: ClicksRepository): { store: ClicksRepository; held: (() => void)[]; release(): void } {
  const held: (() => void)[] = [];
  const store = Object.create(real) as ClicksRepository;
  store.record = (batch: ClickBatch) => new Promise<void>((resolve, reject) => held.push(() => real.record(batch).then(resolve, reject)));
  const release = () => {
    for (const go of held.splice(0)) go();
  };
  return { store, held, release };
}

describe('click recorder beside a writer that gets no CPU', () => {
  let repos: Repositories;
  beforeEach(async () => {
    repos = await openRepositories('file::memory:');
    await repos.init();
  });
  afterEach(() => repos.close());

  const visit = (linkId: string): Visit => visitOf(linkId, CHROME, { atMs: T });

  it('holds at most its bounds while a write waits, and writes every visit once it is answered', async () => {
    const writer = heldWrites(repos.clicks);
    const rec = new ClickRecorder(writer.store, { warn: () => {} }, { maxRecords: 1_000, maxCells: 600 });
    const links = Array.from({ length: 200 }, (_, i) => `lnk_${i}`);
    for (let i = 0; i < 500; i++) rec.count(visit(links[i % 200]!));
    const first = rec.flush(); // the writer takes the first 500 visits and does not answer
    expect(writer.held.length).toBe(1);
    // 20 more "seconds" of 500 visits each while it waits: 1,000 as records, the rest in counters.
    for (let i = 0; i < 10_000; i++) rec.count(visit(links[i % 200]!));
    expect(rec).toMatchObject({ queued: 10_500, dropped: 0 });
    // A visit needing a counter the bound has no room for is dropped and counted, never held.
    for (let i = 0; i < 700; i++) rec.count(visit(`lnk_new${i}`));
    expect(rec.dropped).toBeGreaterThan(0);
    expect(rec.queued + rec.dropped).toBe(11_200);
    writer.release();
    await first;
    const stopping = rec.stop();
    for (let tries = 0; tries < 5 && writer.held.length === 0; tries++) await new Promise((r) => setImmediate(r));
    writer.release();
    await stopping;
    expect(rec).toMatchObject({ queued: 0, written: 11_200 - rec.dropped });
    const totals = await repos.clicks.totals('wsp_1', [...links, ...Array.from({ length: 700 }, (_, i) => `lnk_new${i}`)]);
    expect([...totals.values()].reduce((n, t) => n + t.clicks, 0)).toBe(11_200 - rec.dropped);
    expect(totals.get('lnk_0')).toEqual({ clicks: 53, bots: 0 });
  });
});
