import { continentOf } from '../../domain/continents.js';
import { comboKey } from './combos.js';

/** The dimensions the per-dimension hourly rollups of earlier versions kept. */
export type LegacyDim = 'country' | 'referrer' | 'device' | 'browser' | 'os';
const DIMS: readonly LegacyDim[] = ['country', 'referrer', 'device', 'browser', 'os'];

/** One link-hour of earlier rollups, as it is read back. */
export interface LegacyHour {
  clicks: number;
  bots: number;
  dims: Partial<Record<LegacyDim, [string, number][]>>;
}

/** The hour of `hours` starting at `hour`, added when new. */
export function legacyHour(hours: Map<number, LegacyHour>, hour: number): LegacyHour {
  let h = hours.get(hour);
  if (!h) {
    h = { clicks: 0, bots: 0, dims: {} };
    hours.set(hour, h);
  }
  return h;
}

/** Add a rollup row (`clicks`, `bots` or a dimension's value) to its hour. */
export function addLegacy(h: LegacyHour, dim: string, value: string, n: number): void {
  if (dim === 'clicks') h.clicks += n;
  else if (dim === 'bots') h.bots += n;
  else {
    const list = h.dims[dim as LegacyDim] ?? [];
    list.push([value, n]);
    h.dims[dim as LegacyDim] = list;
  }
}

/**
 * Combinations for one link-hour of earlier rollups (docs/adr/0092). Those kept each dimension's
 * counts apart, so which values occurred together is not known: the values of every dimension are
 * paired largest with largest (clicks without a value last), which keeps every total, every hourly
 * count and every single-dimension breakdown exactly as before. Only filters across two dimensions
 * of such hours read a pairing that was never observed. Bot visits become one bot combination.
 */
export function legacyCombos(clicks: number, bots: number, dims: Partial<Record<LegacyDim, [string, number][]>>, domain: string): Map<string, number> {
  const out = new Map<string, number>();
  const lists = DIMS.map((d) => {
    const values = [...(dims[d] ?? [])].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const known = values.reduce((s, [, n]) => s + n, 0);
    const list: [string | null, number][] = values.map(([v, n]) => [v, n]);
    if (known < clicks) list.push([null, clicks - known]);
    return list;
  });
  const at = lists.map(() => 0);
  const left = lists.map((l) => l[0]?.[1] ?? 0);
  let remaining = clicks;
  while (remaining > 0) {
    let n = remaining;
    for (let i = 0; i < lists.length; i++) if (at[i]! < lists[i]!.length) n = Math.min(n, left[i]!);
    const v = (i: number) => (at[i]! < lists[i]!.length ? lists[i]![at[i]!]![0] : null);
    const country = v(0);
    const key = comboKey(false, { country, continent: continentOf(country), referrer: v(1), device: v(2), browser: v(3), os: v(4), trigger: 'link', domain });
    out.set(key, (out.get(key) ?? 0) + n);
    remaining -= n;
    for (let i = 0; i < lists.length; i++) {
      if (at[i]! >= lists[i]!.length) continue;
      left[i]! -= n;
      if (left[i]! <= 0) {
        at[i]!++;
        left[i] = lists[i]![at[i]!]?.[1] ?? 0;
      }
    }
  }
  if (bots > 0) out.set(comboKey(true, { trigger: 'link', domain }), bots);
  return out;
}
