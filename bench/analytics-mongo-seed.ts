/**
 * Seeding MongoDB for the analytics bench through the adapter's bulk path: the counter documents the
 * fold of earlier click documents writes (src/storage/clicks/mongo-fold.ts: slot FOLD_SLOT, plain
 * inserts), the same layout and indexes reads use. `record()` upserts one document per dimension
 * value with a condition on its sequence; FerretDB 1.24 took over ten minutes for a fraction of two
 * links' year that way, where plain inserts take seconds.
 */
import { MongoClient } from 'mongodb';
import { FOLD_SLOT, ROLLUPS, type RollupDoc, rollupEntries, rollupId, TOTALS, type TotalsDoc, totalsId } from '../src/storage/clicks/mongo-docs.js';
import { HOUR_MS } from '../src/storage/clicks/repository.js';
import { linkHour, type SeedLink } from './analytics-seed.js';

const BATCH = 10_000;

/** Insert `hours` hours from `firstHour` of every link as rollup documents, then each link's totals; returns the link-hours written. */
export async function insertRollups(databaseUrl: string, workspaceId: string, links: readonly SeedLink[], firstHour: number, hours: number): Promise<number> {
  const client = new MongoClient(databaseUrl);
  try {
    const db = client.db();
    const rollups = db.collection<RollupDoc>(ROLLUPS);
    const totals = new Map<string, TotalsDoc>();
    let docs: RollupDoc[] = [];
    for (let h = 0; h < hours; h++) {
      const hour = firstHour + h * HOUR_MS;
      for (const l of links) {
        const c = linkHour(workspaceId, l, h, hour);
        const t = totals.get(l.id) ?? { _id: totalsId(FOLD_SLOT, l.id), s: FOLD_SLOT, l: l.id, w: workspaceId, n: 0, b: 0, q: 0 };
        t.n += c.clicks;
        t.b += c.bots;
        totals.set(l.id, t);
        for (const [d, v, n] of rollupEntries(c)) {
          docs.push({ _id: rollupId(FOLD_SLOT, l.id, hour, d, v), s: FOLD_SLOT, l: l.id, w: workspaceId, h: new Date(hour), d, v, n, q: 0 });
        }
      }
      if (docs.length >= BATCH) {
        await rollups.insertMany(docs, { ordered: false });
        docs = [];
      }
    }
    if (docs.length > 0) await rollups.insertMany(docs, { ordered: false });
    if (totals.size > 0) await db.collection<TotalsDoc>(TOTALS).insertMany([...totals.values()], { ordered: false });
    return hours * links.length;
  } finally {
    await client.close();
  }
}
