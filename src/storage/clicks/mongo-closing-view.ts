import type { Filter } from 'mongodb';
import type { MongoConnection } from '../mongo/connection.js';
import type { Counts, OpenRequest, Sheet, SheetField, SheetRequest } from './engine/source.js';
import type { MongoComboDictionary } from './mongo-combos.js';
import { CLOSES, type CloseDoc, OPEN, type OpenDoc } from './mongo-docs.js';
import { type SheetDelta, SheetDeltas, sheetId } from './sheets.js';
import { TagDeltas } from './tag-sheets.js';

/** Reads of the open documents and the slots' closings before a retry gives up waiting for a steady state. */
const ATTEMPTS = 3;

type States = Map<number, { closing?: number; through?: number }>;

const sameStates = (a: States, b: States) => a.size === b.size && [...a].every(([s, x]) => b.get(s)?.closing === x.closing && b.get(s)?.through === x.through);

/**
 * The open documents of one read and what each slot's closings may do to the sheets while it reads
 * (docs/adr/0231). A closing marks its slot's open documents (`z`), folds them into its sheets (each
 * sheet's guard `f` becomes the closing's mark) and deletes them; reads see the sheets part-way. The
 * read takes the open documents first, every one of them (marked too), and each sheet it reads
 * afterwards is taken back to that moment: what a closing folded into it of those documents is taken
 * out. A document is in a sheet of its slot exactly when the sheet's `f` has reached the mark of the
 * closing that takes it (`threshold`), so the read is exact at every step of a closing, on any instance.
 */
export class ClosingView {
  /** Slot -> threshold -> the documents a sheet holds once its `f` reaches the threshold. */
  private readonly groups = new Map<number, Map<number, OpenDoc[]>>();
  private readonly deltas = new Map<string, Promise<Map<string, SheetDelta>>>();

  private constructor(
    private readonly dict: MongoComboDictionary,
    private readonly workspaceId: string,
    states: States,
    docs: readonly OpenDoc[],
  ) {
    for (const d of docs) {
      const byMark = this.groups.get(d.s) ?? new Map<number, OpenDoc[]>();
      this.groups.set(d.s, byMark);
      const t = threshold(d, states.get(d.s));
      const group = byMark.get(t) ?? [];
      byMark.set(t, group);
      group.push(d);
    }
  }

  /**
   * The open documents of `r` (up to `reach`, past `r.to`: hours a read may take whole from the
   * sheets) between two reads of the slots' closings that agree (a closing starting or finishing
   * meanwhile: read again, a few times at most), and the view they make.
   */
  static async read(
    conn: MongoConnection,
    dict: MongoComboDictionary,
    r: OpenRequest,
    reach: number,
  ): Promise<{ docs: OpenDoc[]; view: ClosingView; queries: number }> {
    const filter: Filter<OpenDoc> = { w: r.workspaceId, h: { $gte: r.from, $lt: reach } };
    if (r.linkIds) filter.l = { $in: [...r.linkIds] };
    const states = async (): Promise<States> => {
      const docs = await conn.run(() => conn.collection<CloseDoc>(CLOSES).find({}).toArray());
      return new Map(
        docs.map((d) => [d._id, { ...(d.closing !== undefined ? { closing: d.closing } : {}), ...(d.through !== undefined ? { through: d.through } : {}) }]),
      );
    };
    let queries = 0;
    for (let attempt = 1; ; attempt++) {
      const before = await states();
      const docs = await conn.run(() => conn.collection<OpenDoc>(OPEN).find(filter).toArray());
      queries += 2;
      // No open document: nothing a closing folds can be counted twice or missed.
      if (docs.length === 0) return { docs, view: new ClosingView(dict, r.workspaceId, before, docs), queries };
      queries++;
      if (sameStates(before, await states()) || attempt === ATTEMPTS) return { docs, view: new ClosingView(dict, r.workspaceId, before, docs), queries };
    }
  }

  /**
   * Take out of `sheet` (slot `s`'s, guard `f`, as read with `fields`) what closings folded into it
   * of this read's open documents, so the sheet and the open documents never count a visit twice.
   */
  async adjust(sheet: Sheet, r: SheetRequest, s: number, f: number | undefined): Promise<void> {
    const byMark = this.groups.get(s);
    if (!byMark || f === undefined) return;
    for (const t of byMark.keys()) {
      if (f < t) continue;
      const deltas = await this.deltasOf(s, t);
      const { kind, grain } = r;
      const d =
        kind === 'tag'
          ? tagDelta(deltas, sheet.key, grain, sheet.period)
          : deltas.get(sheetId({ kind, workspaceId: this.workspaceId, key: sheet.key, grain, period: sheet.period }));
      if (d) takeOut(sheet, d, r.fields, r.xHours);
    }
  }

  /** What closing a group's documents adds to each sheet (as the closing computes it). */
  private deltasOf(s: number, t: number): Promise<Map<string, SheetDelta>> {
    const id = `${s}|${t}`;
    let p = this.deltas.get(id);
    if (!p) {
      p = (async () => {
        const docs = this.groups.get(s)!.get(t)!;
        const facts = await this.dict.facts(
          this.workspaceId,
          docs.flatMap((d) => Object.keys(d.c ?? {})),
        );
        const out = new SheetDeltas((c) => facts.get(c), true);
        for (const d of docs) out.add({ linkId: d.l, workspaceId: d.w, hour: d.h, clicks: d.n ?? 0, bots: d.b ?? 0, c: d.c ?? {} });
        return out.sheets;
      })();
      this.deltas.set(id, p);
    }
    return p;
  }
}

/**
 * The mark from which a sheet of the document's slot holds it: a marked document's own; else the
 * closing under way when the read began, if it takes the document's hour (it marks every document
 * of its hours; a slot's holder flushes nothing while it closes); else the first closing after the
 * read began that takes the hour, whose mark is past both the hour and the last closing's.
 */
export function threshold(d: Pick<OpenDoc, 'h' | 'z'>, state: { closing?: number; through?: number } | undefined): number {
  if (d.z !== undefined) return d.z;
  if (state?.closing !== undefined && d.h < state.closing) return state.closing;
  return Math.max(state?.closing ?? 0, state?.through ?? 0, d.h) + 1;
}

/** A tag sheet's share of a group: the link sheet deltas of the read's links (all of the tag's) for that period. */
function tagDelta(deltas: Map<string, SheetDelta>, tag: string, grain: 'day' | 'month', period: number): SheetDelta | undefined {
  const out = new TagDeltas();
  for (const d of deltas.values()) if (d.kind === 'link' && d.grain === grain && d.period === period) out.add(tag, d, d.key);
  return [...out.sheets.values()][0];
}

const takeMap = (m: Counts, from: Counts | undefined) => {
  for (const k in from) {
    const v = (m[k] ?? 0) - from[k]!;
    if (v === 0) delete m[k];
    else m[k] = v;
  }
};

/** `sheet` less `d`, in the fields read (and, of `x`, the hours read). */
function takeOut(sheet: Sheet, d: Sheet, fields: readonly SheetField[], xHours?: readonly number[]): void {
  sheet.tot -= d.tot;
  sheet.bots -= d.bots;
  for (const f of ['hc', 'hb', 'c', 'l'] as const) {
    if (!fields.includes(f) || !d[f]) continue;
    sheet[f] ??= {};
    takeMap(sheet[f], d[f]);
  }
  if (!fields.includes('x') || !d.x) return;
  sheet.x ??= {};
  for (const h of xHours ?? Object.keys(d.x)) {
    if (!d.x[h]) continue;
    sheet.x[h] ??= {};
    takeMap(sheet.x[h], d.x[h]);
  }
}
