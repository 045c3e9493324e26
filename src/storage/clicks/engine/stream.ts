import type { ClickSource, Sheet, SheetRequest } from './source.js';
import type { Tally } from './tally.js';

/** Sheets folded between two settlings of the tally (combinations met but not known wait until then). */
const SETTLE_EVERY = 64;

/**
 * Each sheet of `r` to `fold`: streamed where the store streams (docs/adr/0197), and then, with
 * `tally`, the combinations met are learned every few sheets, so what waits for them stays small.
 * A store that does not stream answers the request whole, folded in a plain loop as before.
 */
export async function eachSheet(src: ClickSource, r: SheetRequest, fold: (s: Sheet) => void, tally?: Tally): Promise<void> {
  if (!src.eachSheet) {
    for (const s of await src.sheets(r)) fold(s);
    return;
  }
  let n = 0;
  await src.eachSheet(r, async (s) => {
    fold(s);
    if (tally && ++n % SETTLE_EVERY === 0) await tally.settle();
  });
}

/**
 * Periods per store read: a store that streams reads a whole run of consecutive periods at once;
 * otherwise at most `max` (what it returns is held in memory whole).
 */
export const periodsPerRead = (src: ClickSource, max: number): number => (src.eachSheet ? Number.POSITIVE_INFINITY : max);
