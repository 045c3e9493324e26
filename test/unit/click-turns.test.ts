/** MongoDB's counting of a flush's records lets the event loop turn by time (docs/adr/0200), and what it counts does not depend on the turns. */
import { describe, expect, it } from 'vitest';
import { CountedVisits } from '../../src/storage/clicks/counted-visits.js';
import type { VisitRecords } from '../../src/storage/clicks/repository.js';
import { Turns } from '../../src/storage/clicks/turns.js';
import { keyOf } from '../contract/_harness.js';

const HOUR = Date.parse('2026-11-26T10:00:00Z');

/** n visits of n / 2 links, two each in one hour, keys of five countries built afresh for each visit, every fourth a bot's. */
function records(n: number): VisitRecords {
  const v = { at: [] as number[], linkIds: [] as string[], workspaceIds: [] as string[], keys: [] as string[], events: [] as number[] };
  for (let i = 0; i < n; i++) {
    const bot = i % 4 === 3;
    v.at.push(HOUR + (i % 2) * 3_600_000 + i);
    v.linkIds.push(`lnk_t${i % (n / 2)}`);
    v.workspaceIds.push(i % 3 === 0 ? 'wsp_a' : 'wsp_b');
    v.keys.push(keyOf({ bot, country: ['DE', 'US', 'FR', 'GB', 'JP'][i % 5]! }));
    v.events.push(bot ? 0 : 1);
  }
  return v;
}

/** A clock that moves `step` ms each time it is read. */
const ticking = (step: number) => {
  let t = 0;
  return () => (t += step);
};
const never = () => new Turns(() => 0);

describe('turns of the event loop by time', () => {
  it('is due once a step has lasted the budget, looked at every 32 items, and starts over after a turn', async () => {
    let now = 0;
    const t = new Turns(() => now, 1);
    for (let i = 0; i < 31; i++) expect(t.due()).toBe(false);
    expect(t.due()).toBe(false); // the 32nd item looks: 0 ms so far
    now = 1;
    for (let i = 0; i < 31; i++) expect(t.due()).toBe(false);
    expect(t.due()).toBe(true);
    await t.turn();
    expect(t.taken).toBe(1);
    now = 1.5;
    for (let i = 0; i < 31; i++) t.due();
    expect(t.due()).toBe(false);
  });

  it('counts the same link-hours and events whatever the turns, and lets the event loop turn meanwhile', async () => {
    const v = records(6_000);
    const fast = new Turns(ticking(0.5), 1);
    const a = await CountedVisits.count(v, fast);
    const b = await CountedVisits.count(v, never());
    let ran = 0;
    const immediate = () => {
      ran++;
      if (ran < 1000) setImmediate(immediate);
    };
    setImmediate(immediate);
    const c = await CountedVisits.count(v, new Turns(ticking(0.5), 1));
    expect(ran).toBeGreaterThan(50);
    expect(c.eventCount).toBe(4_500);
    expect(fast.taken).toBeGreaterThan(50);
    const rows = (x: CountedVisits) =>
      Array.from({ length: x.hourCount }, (_, i) => x.hourAt(i)).map((h) => [h.linkId, h.workspaceId, h.hour, h.clicks, h.bots, [...h.combos]]);
    const events = (x: CountedVisits) => Array.from({ length: x.eventCount }, (_, i) => x.eventOf(i));
    expect(rows(a)).toEqual(rows(b));
    expect(a.hourCount).toBe(3_000);
    expect(events(a)).toEqual(events(b));
    expect(a.eventCount).toBe(4_500);
  });
});
