import { type Collection, MongoBulkWriteError } from 'mongodb';
import { isDuplicateKey, type MongoConnection } from '../mongo/connection.js';
import { FOLD_SLOT, hasWriteErrors, ROLLUPS, type RollupDoc, rollupEntries, rollupId, TOTALS, type TotalsDoc, totalsId } from './mongo-docs.js';
import { addCount, HOUR_MS, type HourCounts } from './repository.js';

/** The migration record written once every earlier click document has been folded into rollups. */
export const FOLD_MARK = 'clicks-to-rollups';

/** A click document of earlier versions (one per visit). */
interface RawClick {
  linkId: string;
  workspaceId: string;
  at: Date;
  country: string | null;
  referrerHost: string | null;
  device: string;
  browser: string;
  bot: boolean;
}

const BROWSERS: Record<string, string> = {
  chrome: 'Chrome',
  safari: 'Safari',
  firefox: 'Firefox',
  edge: 'Microsoft Edge',
  opera: 'Opera',
  samsung: 'Samsung Internet for Android',
};

export async function isFolded(conn: MongoConnection): Promise<boolean> {
  return (await conn.run(() => conn.collection<{ _id: string }>('migrations').findOne({ _id: FOLD_MARK }))) !== null;
}

/** Insert documents that may exist already (a fold re-run after a crash, or by a second instance): duplicates are skipped. */
async function insertOnce<T extends { _id: string }>(coll: Collection<T>, docs: T[]): Promise<void> {
  if (docs.length === 0) return;
  try {
    await coll.insertMany(docs as never, { ordered: false });
  } catch (e) {
    if (!(e instanceof MongoBulkWriteError) || !hasWriteErrors(e)) throw e;
    // FerretDB stops an unordered bulk at its first error: insert each alone.
    for (const d of docs) await coll.insertOne(d as never).catch((e2: unknown) => (isDuplicateKey(e2) ? undefined : Promise.reject(e2)));
  }
}

/**
 * On first start after the upgrade, fold the per-visit click documents of earlier versions into
 * rollups of the fold slot, then drop them. Every folded document has a deterministic _id and its
 * complete count (the old documents no longer change), so a fold that is interrupted, or run by two
 * instances at once, is simply run again: inserts of documents already there are skipped.
 */
export async function foldRawClicks(conn: MongoConnection): Promise<void> {
  const raw = conn.collection<RawClick>('clicks');
  const rollups = conn.collection<RollupDoc>(ROLLUPS);
  const totals = conn.collection<TotalsDoc>(TOTALS);
  if (!(await isFolded(conn))) {
    let link = null as { id: string; ws: string; hours: Map<number, HourCounts> } | null;
    const emit = async () => {
      if (!link) return;
      const docs: RollupDoc[] = [];
      const total: TotalsDoc = { _id: totalsId(FOLD_SLOT, link.id), s: FOLD_SLOT, l: link.id, w: link.ws, n: 0, b: 0, q: 0 };
      for (const h of link.hours.values()) {
        total.n += h.clicks;
        total.b += h.bots;
        for (const [d, v, n] of rollupEntries(h)) {
          docs.push({ _id: rollupId(FOLD_SLOT, h.linkId, h.hour, d, v), s: FOLD_SLOT, l: h.linkId, w: h.workspaceId, h: new Date(h.hour), d, v, n, q: 0 });
        }
      }
      for (let i = 0; i < docs.length; i += 1000) await conn.run(() => insertOnce(rollups, docs.slice(i, i + 1000)));
      await conn.run(() => insertOnce(totals, [total]));
    };
    const cursor = raw.find({}).sort({ linkId: 1 });
    for await (const c of cursor) {
      if (link?.id !== c.linkId) {
        await emit();
        link = { id: c.linkId, ws: c.workspaceId, hours: new Map() };
      }
      const at = new Date(c.at).getTime();
      const hour = at - (at % HOUR_MS);
      let h = link.hours.get(hour);
      if (!h) {
        h = {
          linkId: c.linkId,
          workspaceId: c.workspaceId,
          hour,
          clicks: 0,
          bots: 0,
          counts: [],
        };
        link.hours.set(hour, h);
      }
      if (c.bot) {
        h.bots++;
        continue;
      }
      h.clicks++;
      addCount(h, 'device', c.device === 'mobile' || c.device === 'tablet' ? c.device : 'desktop');
      if (c.country) addCount(h, 'country', c.country);
      if (c.referrerHost) addCount(h, 'referrer', c.referrerHost);
      if (BROWSERS[c.browser]) addCount(h, 'browser', BROWSERS[c.browser]!);
    }
    await emit();
    await insertOnce(conn.collection<{ _id: string; at: Date }>('migrations'), [{ _id: FOLD_MARK, at: new Date() }]);
  }
  await raw.drop().catch(() => undefined); // absent on a new database
}
