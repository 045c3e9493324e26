import type { MongoConnection } from '../mongo/connection.js';
import { insertOnce, LEGACY_ROLLUPS, TOTALS, type TotalsDoc, totalsId } from './mongo-docs.js';
import { HOUR_MS } from './repository.js';

/** The migration record written once every earlier click document has been folded into rollups. */
export const FOLD_MARK = 'clicks-to-rollups';

/** The slot holding counts folded in from the click documents of earlier versions (written once). */
export const FOLD_SLOT = -1;

/** A click document of the first versions (one per visit). */
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

/** A per-dimension rollup of the second versions: per link, hour, dimension (`clicks`, `bots`, ...) and value. */
export interface LegacyRollupDoc {
  _id: string;
  s: number;
  l: string;
  w: string;
  h: Date;
  d: string;
  v: string;
  n: number;
  q?: number;
  m?: unknown;
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

/**
 * On first start after the upgrade from the first versions, fold their per-visit click documents
 * into per-dimension rollups (which legacy moves on into sheets), then drop them. Every folded
 * document has a deterministic _id and its complete count, so a fold that is interrupted, or run by
 * two instances at once, is simply run again: inserts of documents already there are skipped.
 */
export async function foldRawClicks(conn: MongoConnection): Promise<void> {
  const raw = conn.collection<RawClick>('clicks');
  const rollups = conn.collection<LegacyRollupDoc>(LEGACY_ROLLUPS);
  const totals = conn.collection<TotalsDoc>(TOTALS);
  if (!(await isFolded(conn))) {
    let link = null as { id: string; ws: string; counts: Map<string, number> } | null;
    const emit = async () => {
      if (!link) return;
      const docs: LegacyRollupDoc[] = [];
      const total: TotalsDoc = { _id: totalsId(FOLD_SLOT, link.id), s: FOLD_SLOT, l: link.id, w: link.ws, n: 0, b: 0, q: 0 };
      for (const [k, n] of link.counts) {
        const [hour, d, v] = k.split('|') as [string, string, string];
        if (d === 'clicks') total.n += n;
        if (d === 'bots') total.b += n;
        const _id = `${FOLD_SLOT}|${link.id}|${Number(hour) / HOUR_MS}|${d}|${v}`;
        docs.push({ _id, s: FOLD_SLOT, l: link.id, w: link.ws, h: new Date(Number(hour)), d, v, n, q: 0 });
      }
      for (let i = 0; i < docs.length; i += 1000) await conn.run(() => insertOnce(rollups, docs.slice(i, i + 1000)));
      await conn.run(() => insertOnce(totals, [total]));
    };
    const add = (hour: number, d: string, v: string) => {
      const k = `${hour}|${d}|${v}`;
      link!.counts.set(k, (link!.counts.get(k) ?? 0) + 1);
    };
    const cursor = raw.find({}).sort({ linkId: 1 });
    for await (const c of cursor) {
      if (link?.id !== c.linkId) {
        await emit();
        link = { id: c.linkId, ws: c.workspaceId, counts: new Map() };
      }
      const at = new Date(c.at).getTime();
      const hour = at - (at % HOUR_MS);
      if (c.bot) {
        add(hour, 'bots', '');
        continue;
      }
      add(hour, 'clicks', '');
      add(hour, 'device', c.device === 'mobile' || c.device === 'tablet' ? c.device : 'desktop');
      if (c.country) add(hour, 'country', c.country);
      if (c.referrerHost) add(hour, 'referrer', c.referrerHost);
      if (BROWSERS[c.browser]) add(hour, 'browser', BROWSERS[c.browser]!);
    }
    await emit();
    await insertOnce(conn.collection<{ _id: string; at: Date }>('migrations'), [{ _id: FOLD_MARK, at: new Date() }]);
  }
  await raw.drop().catch(() => undefined); // absent on a new database
}
