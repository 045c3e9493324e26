import { DAY_MS, monthStart } from './engine/plan.js';
import type { Counts, Grain, OpenHour, Sheet } from './engine/source.js';
import { HOUR_MS } from './repository.js';

/**
 * What closing hours adds to the sheets (docs/adr/0092): each link-hour goes into its link's day and
 * month sheets and, split by the domain of each combination, into its domains' day and month sheets.
 * Both adapters apply these deltas (SQLite: read, add, write in one transaction; MongoDB: `$inc`).
 */
export interface SheetDelta extends Sheet {
  kind: 'domain' | 'link' | 'tag';
  workspaceId: string;
  grain: Grain;
}

/** What closing needs to know of a combination id. */
export interface ComboFacts {
  domain: string;
  bot: boolean;
}

export interface OpenCell extends OpenHour {
  workspaceId: string;
}

export const sheetId = (d: Pick<SheetDelta, 'kind' | 'workspaceId' | 'key' | 'grain' | 'period'>) =>
  `${d.kind}|${d.workspaceId}|${d.key}|${d.grain}|${d.period}`;

const add = (m: Counts, k: string, n: number) => {
  if (n !== 0) m[k] = (m[k] ?? 0) + n;
};

/** The counts of hour `h` of a day sheet's cells, added when new. */
function hourOf(x: Record<string, Counts>, h: string): Counts {
  const m = x[h] ?? {};
  x[h] = m;
  return m;
}

export class SheetDeltas {
  readonly sheets = new Map<string, SheetDelta>();

  /**
   * With `monthHours` (MongoDB, docs/adr/0099) month sheets also count people's clicks and bot visits
   * by hour of the month (`hc`, `hb`: 0 to 743), so a series by day or hour reads one month sheet
   * per key instead of a day sheet per day.
   */
  constructor(
    private readonly facts: (id: string) => ComboFacts | undefined,
    private readonly monthHours = false,
  ) {}

  private sheet(kind: 'domain' | 'link', workspaceId: string, key: string, grain: Grain, period: number): SheetDelta {
    const id = `${kind}|${workspaceId}|${key}|${grain}|${period}`;
    let s = this.sheets.get(id);
    if (!s) {
      s = {
        kind,
        workspaceId,
        key,
        grain,
        period,
        tot: 0,
        bots: 0,
        c: {},
        ...(grain === 'day' ? { hc: {}, hb: {}, x: {} } : this.monthHours ? { hc: {}, hb: {} } : {}),
        ...(kind === 'domain' ? { l: {} } : {}),
      };
      this.sheets.set(id, s);
    }
    return s;
  }

  /** Add one link-hour (its combination ids known to `facts`; unknown ones count on the link only). */
  add(cell: OpenCell): void {
    const day = cell.hour - (cell.hour % DAY_MS);
    const month = monthStart(cell.hour);
    const h = String((cell.hour - day) / HOUR_MS);
    const hm = String((cell.hour - month) / HOUR_MS);
    const ws = cell.workspaceId;
    const linkDay = this.sheet('link', ws, cell.linkId, 'day', day);
    const linkMonth = this.sheet('link', ws, cell.linkId, 'month', month);
    for (const s of [linkDay, linkMonth]) {
      s.tot += cell.clicks;
      s.bots += cell.bots;
    }
    add(linkDay.hc!, h, cell.clicks);
    add(linkDay.hb!, h, cell.bots);
    if (linkMonth.hc) {
      add(linkMonth.hc, hm, cell.clicks);
      add(linkMonth.hb!, hm, cell.bots);
    }
    const lx = hourOf(linkDay.x!, h);
    // A link-hour's combinations nearly always share one domain: its sheets are looked up once.
    let domain: string | null = null;
    let dDay = linkDay;
    let dMonth = linkMonth;
    for (const id in cell.c) {
      const n = cell.c[id]!;
      add(linkDay.c!, id, n);
      add(linkMonth.c!, id, n);
      add(lx, id, n);
      const f = this.facts(id);
      if (!f) continue;
      if (f.domain !== domain) {
        domain = f.domain;
        dDay = this.sheet('domain', ws, f.domain, 'day', day);
        dMonth = this.sheet('domain', ws, f.domain, 'month', month);
      }
      for (const s of [dDay, dMonth]) {
        if (f.bot) s.bots += n;
        else {
          s.tot += n;
          add(s.l!, cell.linkId, n);
        }
        add(s.c!, id, n);
      }
      add(f.bot ? dDay.hb! : dDay.hc!, h, n);
      if (dMonth.hc) add(f.bot ? dMonth.hb! : dMonth.hc, hm, n);
      add(hourOf(dDay.x!, h), id, n);
    }
  }
}

/** Add `b` into `a` (SQLite's read-add-write of a sheet row); `sign` -1 takes it away. */
export function mergeSheet(a: Sheet, b: Sheet, sign = 1): Sheet {
  const out: Sheet = { ...a, tot: a.tot + sign * b.tot, bots: a.bots + sign * b.bots };
  const maps = ['hc', 'hb', 'c', 'l'] as const;
  for (const f of maps) {
    if (!b[f]) continue;
    const m = { ...(a[f] ?? {}) };
    for (const k in b[f]) {
      const v = (m[k] ?? 0) + sign * b[f][k]!;
      if (v === 0) delete m[k];
      else m[k] = v;
    }
    out[f] = m;
  }
  if (b.x) {
    const x = { ...(a.x ?? {}) };
    for (const h in b.x) {
      const m = { ...(x[h] ?? {}) };
      for (const k in b.x[h]) {
        const v = (m[k] ?? 0) + sign * b.x[h]![k]!;
        if (v === 0) delete m[k];
        else m[k] = v;
      }
      if (Object.keys(m).length === 0) delete x[h];
      else x[h] = m;
    }
    out.x = x;
  }
  return out;
}

/**
 * Add `sign` times `b` into `a` in place: `mergeSheet` without copying `a`'s maps (a sheet just read,
 * or a sum of many small parts; copying a map of thousands of combinations per addition cost most
 * of a closing's time: docs/adr/0179).
 */
export function addIntoSheet(a: Sheet, b: Sheet, sign = 1): void {
  a.tot += sign * b.tot;
  a.bots += sign * b.bots;
  const addMap = (m: Counts, from: Counts) => {
    for (const k in from) {
      const v = (m[k] ?? 0) + sign * from[k]!;
      if (v === 0) delete m[k];
      else m[k] = v;
    }
  };
  for (const f of ['hc', 'hb', 'c', 'l'] as const) {
    if (!b[f]) continue;
    a[f] ??= {};
    addMap(a[f], b[f]);
  }
  if (!b.x) return;
  a.x ??= {};
  const x = a.x;
  for (const h in b.x) {
    x[h] ??= {};
    const m = x[h];
    addMap(m, b.x[h]!);
    if (Object.keys(m).length === 0) delete x[h];
  }
}

/** A sheet's numbers as dotted paths (MongoDB `$inc`), times `sign`. */
export function incPaths(s: Sheet, sign = 1): Record<string, number> {
  const out: Record<string, number> = {};
  if (s.tot) out.tot = sign * s.tot;
  if (s.bots) out.bots = sign * s.bots;
  for (const f of ['hc', 'hb', 'c', 'l'] as const) for (const k in s[f] ?? {}) out[`${f}.${k}`] = sign * s[f]![k]!;
  for (const h in s.x ?? {}) for (const k in s.x![h]) out[`x.${h}.${k}`] = sign * s.x![h]![k]!;
  return out;
}

/**
 * What a link contributed to its domains' sheets, from its own sheets (deleting a link takes it
 * away): day sheets give the hours, month sheets the month totals.
 */
export function domainShare(linkSheet: Sheet & { grain: Grain; workspaceId: string }, facts: (id: string) => ComboFacts | undefined): SheetDelta[] {
  const d = new SheetDeltas(facts);
  if (linkSheet.grain === 'day') {
    for (const h in linkSheet.x ?? {}) {
      d.add({
        linkId: linkSheet.key,
        workspaceId: linkSheet.workspaceId,
        hour: linkSheet.period + Number(h) * HOUR_MS,
        clicks: 0,
        bots: 0,
        c: linkSheet.x![h]!,
      });
    }
    return [...d.sheets.values()].filter((s) => s.kind === 'domain' && s.grain === 'day');
  }
  const out = new Map<string, SheetDelta>();
  for (const id in linkSheet.c ?? {}) {
    const f = facts(id);
    if (!f) continue;
    const n = linkSheet.c![id]!;
    const key = f.domain;
    let s = out.get(key);
    if (!s) {
      s = { kind: 'domain', workspaceId: linkSheet.workspaceId, key, grain: 'month', period: linkSheet.period, tot: 0, bots: 0, c: {}, l: {} };
      out.set(key, s);
    }
    if (f.bot) s.bots += n;
    else {
      s.tot += n;
      add(s.l!, linkSheet.key, n);
    }
    add(s.c!, id, n);
  }
  return [...out.values()];
}
