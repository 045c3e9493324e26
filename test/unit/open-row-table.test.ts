/** The click writer's remembered open rows in typed arrays: found, counted, evicted and deleted as a plain map of them would be. */
import { describe, expect, it } from 'vitest';
import { holdable, LINK_MAX, OpenRowTable } from '../../src/storage/clicks/open-row-table.js';
import { seeded } from '../support/seeded-random.js';

interface Model {
  clicks: number;
  bots: number;
  /** Counts by combination id, in the order the combinations came. */
  c: Map<number, number>;
}

const json = (m: Model) => `{${[...m.c].map(([id, n]) => `"${id}":${n}`).join(',')}}`;
const pairsOf = (c: Map<number, number>) => [...c].flat();

describe('OpenRowTable', () => {
  it('holds up to its bound through random adds, evictions and deletes, every row it finds counted as a model of the same calls', () => {
    const random = seeded(7);
    const table = new OpenRowTable(60, seeded(8));
    const model = new Map<string, Model>();
    const spaces = ['wsp_a', 'wsp_b', 'wsp_c'];
    const hours = [Date.UTC(2026, 10, 28, 5), Date.UTC(2026, 10, 28, 6)];
    const key = () => {
      const ws = spaces[Math.floor(random() * spaces.length)]!;
      const hour = hours[Math.floor(random() * hours.length)]!;
      return { ws, hour, link: `lnk_${Math.floor(random() * 80)}` };
    };
    let hits = 0;
    for (let step = 0; step < 20_000; step++) {
      const { ws, hour, link } = key();
      const k = `${ws}/${hour}/${link}`;
      if (random() < 0.1) {
        table.delete(ws, hour, link);
        model.delete(k);
        expect(table.find(ws, hour, link)).toBe(-1);
        continue;
      }
      const combos = new Map<number, number>();
      for (let i = Math.floor(random() * 3); i > 0; i--) combos.set(1 + Math.floor(random() * 4), 1 + Math.floor(random() * 3));
      const clicks = [...combos.values()].reduce((a, b) => a + b, 0);
      const r = table.find(ws, hour, link);
      if (r < 0) {
        table.put(ws, hour, link, clicks, 1, pairsOf(combos));
        model.set(k, { clicks, bots: 1, c: combos });
      } else {
        hits++;
        table.add(r, clicks, 1, pairsOf(combos));
        const m = model.get(k)!;
        m.clicks += clicks;
        m.bots += 1;
        for (const [id, n] of combos) m.c.set(id, (m.c.get(id) ?? 0) + n);
      }
      expect(table.size).toBeLessThanOrEqual(60);
      const at = table.find(ws, hour, link);
      expect(at).toBeGreaterThanOrEqual(0);
      const m = model.get(k)!;
      expect([table.clicks[at], table.bots[at], table.countsJson(at)]).toEqual([m.clicks, m.bots, json(m)]);
    }
    expect(hits).toBeGreaterThan(1_000);
    // Every key the table still finds holds the model's counts; and it finds as many rows as it says it holds.
    let found = 0;
    for (const [k, m] of model) {
      const [ws, hour, link] = k.split('/');
      const r = table.find(ws!, Number(hour), link!);
      if (r < 0) continue;
      found++;
      expect([table.clicks[r], table.bots[r], table.countsJson(r)]).toEqual([m.clicks, m.bots, json(m)]);
    }
    expect(found).toBe(table.size);
    expect(table.size).toBe(60);
  });

  it('tells keys apart by workspace, hour and every character of the link id', () => {
    const table = new OpenRowTable(10);
    table.put('wsp_a', 3_600_000, 'lnk_ab', 1, 0, [1, 1]);
    table.put('wsp_b', 3_600_000, 'lnk_ab', 2, 0, [1, 2]);
    table.put('wsp_a', 7_200_000, 'lnk_ab', 3, 0, [1, 3]);
    table.put('wsp_a', 3_600_000, 'lnk_ba', 4, 0, [1, 4]);
    table.put('wsp_a', 3_600_000, 'lnk_a', 5, 0, []);
    const clicks = (ws: string, hour: number, link: string) => table.clicks[table.find(ws, hour, link)];
    expect([clicks('wsp_a', 3_600_000, 'lnk_ab'), clicks('wsp_b', 3_600_000, 'lnk_ab'), clicks('wsp_a', 7_200_000, 'lnk_ab')]).toEqual([1, 2, 3]);
    expect([clicks('wsp_a', 3_600_000, 'lnk_ba'), clicks('wsp_a', 3_600_000, 'lnk_a')]).toEqual([4, 5]);
    expect(table.countsJson(table.find('wsp_a', 3_600_000, 'lnk_a'))).toBe('{}');
    expect(table.find('wsp_c', 3_600_000, 'lnk_ab')).toBe(-1);
    expect(table.find('wsp_a', 3_600_000, 'lnk_abc')).toBe(-1);
    table.clear();
    expect([table.size, table.find('wsp_a', 3_600_000, 'lnk_ab')]).toEqual([0, -1]);
  });

  it('holds link ids of up to LINK_MAX characters under 128 only', () => {
    expect(holdable('lnk_0123456789ABCDEFGHIJ')).toBe(true);
    expect(holdable('x'.repeat(LINK_MAX))).toBe(true);
    expect(holdable('x'.repeat(LINK_MAX + 1))).toBe(false);
    expect(holdable('lnk_é')).toBe(false);
    expect(new OpenRowTable(4).find('wsp_a', 0, 'x'.repeat(LINK_MAX + 1))).toBe(-1);
  });

  it('keeps every row findable through deletions and evictions in an index of 16 slots (long probe runs wrapping around its end)', () => {
    const random = seeded(11);
    const table = new OpenRowTable(5, seeded(12));
    const held = new Map<string, number>();
    for (let step = 0; step < 5_000; step++) {
      const ws = `wsp_${Math.floor(random() * 3)}`;
      const link = `lnk_${Math.floor(random() * 12)}`;
      const k = `${ws}/${link}`;
      if (random() < 0.3) {
        table.delete(ws, 0, link);
        held.delete(k);
      } else if (table.find(ws, 0, link) < 0) {
        table.put(ws, 0, link, step, 0, []);
        held.set(k, step);
      }
      // Every key put and not deleted is found with its own counts, or was evicted; the table finds exactly `size` of them.
      let found = 0;
      for (const [key, clicks] of held) {
        const [w, l] = key.split('/');
        const r = table.find(w!, 0, l!);
        if (r < 0) continue;
        found++;
        expect(table.clicks[r]).toBe(clicks);
      }
      expect(found).toBe(table.size);
    }
  });

  it('starts afresh past 65,536 workspaces, never finding a row under another workspace', () => {
    const table = new OpenRowTable(70_000);
    table.put('wsp_first', 0, 'lnk_a', 7, 0, [1, 7]);
    for (let i = 1; i < 65_536; i++) table.put(`wsp_${i}`, 0, 'lnk_a', 1, 0, []);
    expect(table.clicks[table.find('wsp_first', 0, 'lnk_a')]).toBe(7);
    table.put('wsp_new', 0, 'lnk_a', 2, 0, []);
    expect([table.size, table.find('wsp_first', 0, 'lnk_a'), table.find('wsp_65535', 0, 'lnk_a')]).toEqual([1, -1, -1]);
    expect(table.clicks[table.find('wsp_new', 0, 'lnk_a')]).toBe(2);
    table.put('wsp_first', 0, 'lnk_a', 3, 0, []);
    expect([table.clicks[table.find('wsp_first', 0, 'lnk_a')], table.clicks[table.find('wsp_new', 0, 'lnk_a')]]).toEqual([3, 2]);
  });
});
