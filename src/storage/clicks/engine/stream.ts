import type { ClickSource, Sheet, SheetRequest } from './source.js';
import type { Tally } from './tally.js';

/** Sheets folded between two settlings of the tally (combinations met but not known wait until then). */
const SETTLE_EVERY = 64;

/**
 * Each sheet of `r` to `fold`: streamed where the store streams (docs/adr/0197), else read whole.
 * With `tally`, the combinations met are learned every few sheets, so what waits for them stays small.
 */
export async function eachSheet(src: ClickSource, r: SheetRequest, fold: (s: Sheet) => void | Promise<void>, tally?: Tally): Promise<void> {
  let n = 0;
  const step = async (s: Sheet) => {
    await fold(s);
    if (tally && ++n % SETTLE_EVERY === 0) await tally.settle();
  };
  if (src.eachSheet) await src.eachSheet(r, step);
  else for (const s of await src.sheets(r)) await step(s);
}

/**
 * Periods per store read: a store that streams reads a whole run of consecutive periods at once;
 * otherwise at most `max` (what it returns is held in memory whole).
 */
export const periodsPerRead = (src: ClickSource, max: number): number => (src.eachSheet ? Number.POSITIVE_INFINITY : max);
