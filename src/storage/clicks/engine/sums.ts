import type { Shape } from './shape.js';
import type { ClickSource, ComboSet, SheetRequest } from './source.js';
import type { Tally } from './tally.js';

/** A workspace with more combinations than this is read through its count maps (listing them all would cost more). */
export const MAX_LISTED_COMBOS = 50_000;
/** Fewer named links than this read few sheets: listing the workspace's combinations would cost more than it saves. */
const MANY_LINKS = 100;

/** Whether a pass reads enough sheets by combination for the sums to pay: links' own sheets, every link's or many. */
export const sumsPay = (shape: Shape) => shape.combos && !shape.linksFromDomain && shape.kind === 'link' && (!shape.keys || shape.keys.length >= MANY_LINKS);

/**
 * The combinations a read counts, when the store can add up sheets by combination itself
 * (docs/adr/0102): only for a read with a filter and no breakdown by field (clicks by link, a total
 * or a time series of many links), which needs of each sheet nothing but the sum of the combinations
 * it counts.
 * Null: the read tallies the count maps as before.
 */
export async function countedCombos(src: ClickSource, workspaceId: string, tally: Tally): Promise<ComboSet | null> {
  if (tally.fields.length > 0 || !src.comboSums || !src.allCombos) return null;
  const all = await src.allCombos(workspaceId, MAX_LISTED_COMBOS);
  return all ? tally.learnAll(all) : null;
}

/**
 * Whole sheets (month or day) summed by the store over the counted combinations, each added to its
 * period's bucket, and to its link for a read of the links' own sheets.
 */
export async function addSums(
  src: ClickSource,
  r: SheetRequest,
  set: ComboSet,
  shape: Shape,
  tally: Tally,
  bucket: ReadonlyMap<number, number>,
  sign: 1 | -1,
): Promise<void> {
  for (const s of await src.comboSums!(r, set)) {
    const at = bucket.get(s.period);
    if (at === undefined || shape.exclude?.has(s.key)) continue;
    tally.addTotals(sign * s.people, sign * s.bots, at);
    if (shape.kind === 'link' && tally.byLink) tally.addLink(s.key, sign * s.people);
  }
}
