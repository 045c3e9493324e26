import { describe, expect, it } from 'vitest';
import { clicksIn, VisitLog } from '../../src/redirect/visit-log.js';

const T = Date.parse('2026-11-28T03:00:00.000Z');
const HUMAN = 'h\u0001DE';
const BOT = 'b\u0001US';

/** `n` records of links `lnk_0`..`lnk_{n-1}`, every third a bot's (no event), the others events. */
function fill(log: VisitLog, n: number, from = 0): void {
  for (let i = from; i < from + n; i++) log.push(T + i * 0.5, `lnk_${i}`, 'wsp_a', i % 3 === 0 ? BOT : HUMAN, i % 3 !== 0);
}

describe('VisitLog', () => {
  it('hands over arrays of exactly the records taken, in order, and holds none after', () => {
    const log = new VisitLog();
    fill(log, 5);
    expect(log.length).toBe(5);
    expect(log.eventCount).toBe(3);
    const r = log.take();
    expect(Array.from(r.at)).toEqual([T, T + 0.5, T + 1, T + 1.5, T + 2]);
    expect(r.linkIds).toEqual(['lnk_0', 'lnk_1', 'lnk_2', 'lnk_3', 'lnk_4']);
    expect(r.workspaceIds).toEqual(Array(5).fill('wsp_a'));
    expect(r.keys).toEqual([BOT, HUMAN, HUMAN, BOT, HUMAN]);
    expect(Array.from(r.events)).toEqual([0, 1, 1, 0, 1]);
    expect(log.length).toBe(0);
    expect(log.eventCount).toBe(0);
    expect(log.peek().count).toBe(0);
  });

  it('keeps every record when a flush holds more than its arrays were made for, and after a smaller one', () => {
    const log = new VisitLog();
    // More than the first arrays' room (1,024 slots), then the next flush's room is made from it.
    for (const n of [3000, 10, 5000, 1]) {
      fill(log, n, 7);
      const r = log.take();
      for (const a of [r.at, r.linkIds, r.workspaceIds, r.keys, r.events]) expect(a.length).toBe(n);
      expect(r.linkIds[0]).toBe('lnk_7');
      expect(r.linkIds[n - 1]).toBe(`lnk_${n + 6}`);
      expect(r.at[n - 1]).toBe(T + (n + 6) * 0.5);
      // No empty slot is handed over.
      expect(r.keys.every((k) => k === HUMAN || k === BOT)).toBe(true);
    }
  });

  it('counts a link’s people’s clicks among the records held, not in the empty slots after them', () => {
    const log = new VisitLog();
    expect(clicksIn(log.peek().records, 'lnk_1', log.peek().count)).toBe(0);
    fill(log, 4);
    log.push(T, 'lnk_1', 'wsp_a', HUMAN, true);
    log.push(T, 'lnk_3', 'wsp_a', HUMAN, true);
    const held = log.peek();
    expect(held.count).toBe(6);
    expect(held.records.linkIds.length).toBeGreaterThan(6);
    // lnk_1 twice by a person; lnk_3 once by a bot (not a click) and once by a person.
    expect(clicksIn(held.records, 'lnk_1', held.count)).toBe(2);
    expect(clicksIn(held.records, 'lnk_3', held.count)).toBe(1);
    expect(clicksIn(held.records, 'lnk_9', held.count)).toBe(0);
    // Records taken are counted by their own length.
    const taken = log.take();
    expect(clicksIn(taken, 'lnk_1')).toBe(2);
    expect(clicksIn(undefined, 'lnk_1')).toBe(0);
  });

  it('keeps times and event flags in typed arrays, grown past their room without losing a value, handed over as views of them', () => {
    const log = new VisitLog();
    // The first arrays have room for 1,024 records; 2,500 grow the typed columns twice.
    const n = 2500;
    for (let i = 0; i < n; i++) log.push(T + i + 0.25, `lnk_${i}`, 'wsp_a', i % 7 === 0 ? BOT : HUMAN, i % 7 !== 0);
    const r = log.take();
    expect(r.at).toBeInstanceOf(Float64Array);
    expect(r.events).toBeInstanceOf(Uint8Array);
    expect(r.at.length).toBe(n);
    expect(r.events.length).toBe(n);
    for (let i = 0; i < n; i++) {
      expect(r.at[i]).toBe(T + i + 0.25);
      expect(r.events[i]).toBe(i % 7 === 0 ? 0 : 1);
    }
    // The next flush's arrays are new ones: what was handed over is not written again.
    fill(log, 3);
    expect(r.at[0]).toBe(T + 0.25);
    expect(Array.from(log.take().at)).toEqual([T, T + 0.5, T + 1]);
  });
});
