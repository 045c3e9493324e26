import type { Counts, Sheet } from './engine/source.js';
import type { SheetDelta } from './sheets.js';

/**
 * Tag sheets (docs/adr/0098): a tag's day or month sheet is the sum of the link sheets of the links
 * recorded as carrying the tag, plus people's clicks by link (`l`, as the domain sheets keep them).
 * Closing adds each link sheet delta to its tags' sheets; a link that gains or loses a tag has its
 * whole link sheets added to or taken out of that tag's sheets.
 */

const addInto = (into: Counts, from: Counts, sign: number) => {
  for (const k in from) {
    const v = (into[k] ?? 0) + sign * from[k]!;
    if (v === 0) delete into[k];
    else into[k] = v;
  }
};

/** Accumulates tag sheet deltas (one per tag, grain and period), so each tag sheet is written once. */
export class TagDeltas {
  readonly sheets = new Map<string, SheetDelta>();

  /** Add `sign` times a link's sheet (a closing's delta, or a stored sheet being moved) to tag `tag`'s. */
  add(tag: string, link: Sheet & { workspaceId: string; grain: SheetDelta['grain'] }, linkId: string, sign: 1 | -1 = 1): void {
    const id = `${link.workspaceId}|${tag}|${link.grain}|${link.period}`;
    let s = this.sheets.get(id);
    if (!s) {
      s = { kind: 'tag', workspaceId: link.workspaceId, key: tag, grain: link.grain, period: link.period, tot: 0, bots: 0, c: {}, l: {} };
      if (link.grain === 'day') Object.assign(s, { hc: {}, hb: {}, x: {} });
      this.sheets.set(id, s);
    }
    s.tot += sign * link.tot;
    s.bots += sign * link.bots;
    if (link.tot !== 0) addInto(s.l!, { [linkId]: link.tot }, sign);
    addInto(s.c!, link.c ?? {}, sign);
    if (link.grain !== 'day') {
      // MongoDB's month sheets count hours of the month too (docs/adr/0099, 0182).
      for (const f of ['hc', 'hb'] as const) {
        if (!link[f]) continue;
        s[f] ??= {};
        addInto(s[f], link[f], sign);
      }
      return;
    }
    addInto(s.hc!, link.hc ?? {}, sign);
    addInto(s.hb!, link.hb ?? {}, sign);
    for (const h in link.x ?? {}) {
      const m = s.x![h] ?? {};
      addInto(m, link.x![h]!, sign);
      s.x![h] = m;
    }
  }
}
