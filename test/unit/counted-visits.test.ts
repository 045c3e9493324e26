/** MongoDB's flush counts visit records in typed arrays (docs/adr/0206): the same link-hours and events as the counting in objects. */
import { describe, expect, it } from 'vitest';
import { CountedVisits } from '../../src/storage/clicks/counted-visits.js';
import { HourTally } from '../../src/storage/clicks/hour-tally.js';
import { HOUR_MS, type HourCounts, type VisitRecords } from '../../src/storage/clicks/repository.js';
import { keyOf } from '../contract/_harness.js';
import { seeded } from '../support/seeded-random.js';

const T = Date.parse('2026-11-26T10:00:00Z');
const COUNTRIES = ['DE', 'US', 'FR', 'GB', 'JP'];

/** n records over `links` links of two workspaces: hours that go forward and sometimes back, keys made afresh per visit, bots and visits without an event. */
function records(random: () => number, n: number, links: number, spread: number): VisitRecords {
  const v = { at: [] as number[], linkIds: [] as string[], workspaceIds: [] as string[], keys: [] as string[], events: [] as number[] };
  for (let i = 0; i < n; i++) {
    const link = Math.floor(random() * links);
    const bot = random() < 0.2;
    v.at.push(T + Math.floor(random() * spread * HOUR_MS));
    v.linkIds.push(`lnk_${link}`);
    v.workspaceIds.push(link % 2 === 0 ? 'wsp_a' : 'wsp_b');
    v.keys.push(keyOf({ bot, country: COUNTRIES[Math.floor(random() * random() * COUNTRIES.length)]! }));
    v.events.push(!bot && random() < 0.7 ? 1 : 0);
  }
  return v;
}

const row = (h: HourCounts) => [h.linkId, h.workspaceId, h.hour, h.clicks, h.bots, [...h.combos].sort()];
const byKey = (a: unknown[], b: unknown[]) => JSON.stringify(a).localeCompare(JSON.stringify(b));

describe('visit records counted in typed arrays', () => {
  it('gives the link-hours the counting in objects gives, and each event of the records in visit order', async () => {
    const random = seeded(20261128);
    for (let run = 0; run < 60; run++) {
      const n = 1 + Math.floor(random() * 3_000);
      const v = records(random, n, 1 + Math.floor(random() * 400), run % 3 === 0 ? 1 : 3);
      const tally = new HourTally();
      for (let i = 0; i < n; i++) tally.add(v.linkIds[i]!, v.workspaceIds[i]!, v.at[i]!, v.keys[i]!);
      const counted = await CountedVisits.count(v);
      const hours = Array.from({ length: counted.hourCount }, (_, i) => counted.hourAt(i));
      expect(hours.map(row).sort(byKey)).toEqual(tally.hours().map(row).sort(byKey));
      expect(hours.reduce((s, h) => s + h.clicks + h.bots, 0)).toBe(n);
      // Each link-hour names its link's first link-hour (the totals' place without a Map by link id).
      const first = new Map<string, number>();
      hours.forEach((h, i) => {
        if (!first.has(h.linkId)) first.set(h.linkId, i);
      });
      expect(hours.map((_, i) => counted.firstOfLink(i))).toEqual(hours.map((h) => first.get(h.linkId)));
      const events = Array.from({ length: counted.eventCount }, (_, i) => counted.eventOf(i));
      const expected = Array.from(v.at).flatMap((at, i) =>
        v.events[i] === 1 ? [{ at, linkId: v.linkIds[i], workspaceId: v.workspaceIds[i], combo: v.keys[i] }] : [],
      );
      expect(events).toEqual(expected);
    }
  });

  it('names a link-hour by its first visit: its first combination first, then the others in the order they came', async () => {
    const de = keyOf({ country: 'DE' });
    const us = keyOf({ country: 'US' });
    const bot = keyOf({ bot: true, country: 'FR' });
    const v: VisitRecords = {
      at: [T, T + 1, T + 2, T + HOUR_MS, T + 3, T + 4],
      linkIds: ['lnk_a', 'lnk_a', 'lnk_a', 'lnk_a', 'lnk_a', 'lnk_b'],
      workspaceIds: ['wsp_a', 'wsp_a', 'wsp_a', 'wsp_a', 'wsp_a', 'wsp_b'],
      keys: [us, de, bot, de, `${de}`, us],
      events: [1, 1, 0, 0, 1, 1],
    };
    const c = await CountedVisits.count(v);
    expect(c.hourCount).toBe(3);
    expect(c.hourAt(0)).toEqual({
      linkId: 'lnk_a',
      workspaceId: 'wsp_a',
      hour: T,
      clicks: 3,
      bots: 1,
      combos: new Map([
        [us, 1],
        [de, 2],
        [bot, 1],
      ]),
    });
    expect([...c.hourAt(0).combos.keys()]).toEqual([us, de, bot]);
    expect(c.hourAt(1)).toMatchObject({ linkId: 'lnk_a', hour: T + HOUR_MS, clicks: 1, bots: 0 });
    expect(c.hourAt(2)).toMatchObject({ linkId: 'lnk_b', workspaceId: 'wsp_b', hour: T, clicks: 1 });
    expect(c.eventCount).toBe(4);
    expect(c.eventOf(2)).toEqual({ at: T + 3, linkId: 'lnk_a', workspaceId: 'wsp_a', combo: de });
  });

  it('counts an empty batch as nothing', async () => {
    const c = await CountedVisits.count({ at: [], linkIds: [], workspaceIds: [], keys: [], events: [] });
    expect([c.hourCount, c.eventCount]).toEqual([0, 0]);
  });
});
