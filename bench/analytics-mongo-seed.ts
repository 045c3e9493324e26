/**
 * Seeding MongoDB for the analytics bench with plain inserts of the documents closing hours would
 * leave (sheets per link and per domain, per UTC day and month; combinations; link totals), built
 * in memory a UTC month at a time with the store's own SheetDeltas. `record()` and closing update
 * documents one by one, which FerretDB 1.24 applies at tens of ms each: a year of 1,000 links that
 * way would take days; inserts take minutes. The documents are those of one writer slot (BENCH_SLOT),
 * announced in the sheet registry as the store's own writes announce theirs, with the tag sheets of
 * the links' tags and the slot's record of them (docs/adr/0182), as closing leaves them.
 */
import { MongoClient } from 'mongodb';
import { comboHash, decodeCombo } from '../src/storage/clicks/combos.js';
import { monthStart } from '../src/storage/clicks/engine/plan.js';
import type { Counts } from '../src/storage/clicks/engine/source.js';
import { COMBOS, type ComboDoc, SHEET_KEYS, type SheetDoc, sheetDocId, TOTALS, type TotalsDoc, totalsId } from '../src/storage/clicks/mongo-docs.js';
import { byCollection, sheetIndexesOf } from '../src/storage/clicks/mongo-sheet-colls.js';
import type { SheetKeyDoc } from '../src/storage/clicks/mongo-sheet-keys.js';
import { tagDeltasOf } from '../src/storage/clicks/mongo-tag-close.js';
import { HOUR_MS } from '../src/storage/clicks/repository.js';
import { type ComboFacts, SheetDeltas } from '../src/storage/clicks/sheets.js';
import { BENCH_SLOT, insertTagRecord } from './analytics-mongo-tags.js';
import { linkHour, type SeedLink } from './analytics-seed.js';

const BATCH = 2000;

/** Insert `hours` hours from `firstHour` of every link as sheet documents; returns the link-hours written. */
export async function insertSheets(
  databaseUrl: string,
  workspaceId: string,
  links: readonly SeedLink[],
  firstHour: number,
  hours: number,
  domain: string,
): Promise<number> {
  const client = new MongoClient(databaseUrl);
  try {
    const db = client.db();
    // The sheet registry the store's reads look sheets up by (its writes announce them themselves).
    const keys: SheetKeyDoc[] = [
      { _id: `slot|${BENCH_SLOT}`, k: 'slot', s: BENCH_SLOT },
      { _id: `domain|${workspaceId}|${domain}`, k: 'domain', w: workspaceId, key: domain },
    ];
    for (const k of keys) await db.collection<SheetKeyDoc>(SHEET_KEYS).updateOne({ _id: k._id }, { $set: k }, { upsert: true });
    await insertTagRecord(db, workspaceId, links);
    const tagsOf = new Map(links.map((l) => [l.id, l.tags ?? []]));
    const facts = new Map<string, ComboFacts>();
    const combos: ComboDoc[] = [];
    const totals = new Map<string, TotalsDoc>();
    const indexed = new Set<string>();
    let deltas = new SheetDeltas((id) => facts.get(id), true);
    const flush = async () => {
      const all = [...deltas.sheets.values()];
      const docs: SheetDoc[] = [...all, ...tagDeltasOf(all, tagsOf)].map((d) => ({
        _id: sheetDocId(BENCH_SLOT, d.kind, d.workspaceId, d.key, d.grain, d.period),
        s: BENCH_SLOT,
        w: d.workspaceId,
        k: d.kind,
        key: d.key,
        g: d.grain,
        p: d.period,
        tot: d.tot,
        bots: d.bots,
        // Month sheets carry hours of the month too (docs/adr/0099), day sheets their hours by combination.
        ...(d.hc ? { hc: d.hc, hb: d.hb! } : {}),
        ...(d.x ? { x: d.x } : {}),
        c: d.c!,
        ...(d.l ? { l: d.l } : {}),
        f: 0,
        mf: '',
        mv: 0,
      }));
      for (const [name, part] of byCollection(docs, (d) => ({ kind: d.k, grain: d.g, period: d.p }))) {
        // A month of day sheets has its own collection (docs/adr/0239), indexed as lsk indexes it.
        if (!indexed.has(name)) for (const [coll, key, options] of sheetIndexesOf(name)) await db.collection(coll).createIndex(key, options);
        indexed.add(name);
        for (let i = 0; i < part.length; i += BATCH) await db.collection<SheetDoc>(name).insertMany(part.slice(i, i + BATCH), { ordered: false });
      }
      if (combos.length > 0) await db.collection<ComboDoc>(COMBOS).insertMany(combos.splice(0), { ordered: false });
      deltas = new SheetDeltas((id) => facts.get(id), true);
    };
    let month = monthStart(firstHour);
    for (let h = 0; h < hours; h++) {
      const hour = firstHour + h * HOUR_MS;
      if (monthStart(hour) !== month) {
        await flush();
        month = monthStart(hour);
      }
      for (const l of links) {
        const cell = linkHour(workspaceId, l, h, hour, domain);
        const c: Counts = {};
        for (const [key, n] of cell.combos) {
          const id = comboHash(workspaceId, key);
          if (!facts.has(id)) {
            const combo = decodeCombo(key);
            facts.set(id, { domain: combo.values.domain ?? '', bot: combo.bot });
            combos.push({ _id: id, w: workspaceId, k: key });
          }
          c[id] = n;
        }
        deltas.add({ linkId: l.id, workspaceId, hour, clicks: cell.clicks, bots: cell.bots, c });
        const t = totals.get(l.id) ?? { _id: totalsId(BENCH_SLOT, l.id), s: BENCH_SLOT, l: l.id, w: workspaceId, n: 0, b: 0, q: 0 };
        t.n += cell.clicks;
        t.b += cell.bots;
        totals.set(l.id, t);
      }
    }
    await flush();
    if (totals.size > 0) await db.collection<TotalsDoc>(TOTALS).insertMany([...totals.values()], { ordered: false });
    return hours * links.length;
  } finally {
    await client.close();
  }
}
