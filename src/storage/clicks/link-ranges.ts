import { countAtOrBelow } from '../../domain/sorted.js';
import { nextTurn, SLICE } from './turns.js';

/** Link ids sampled from a flush to find where to cut it into ranges. */
const SAMPLE = 256;
/** Items looked at between two turns of the event loop while grouping them (a few µs each at most). */
const GROUP_SLICE = 10 * SLICE;

/**
 * The positions of `n` items (the i-th's link id `linkOf(i)`) grouped into ranges of link ids of
 * about `per` items each, the ranges in id order, each range's items in their given order; null when
 * they fit in one range. The cuts come from a sample of SAMPLE ids taken at fixed positions, then a
 * counting sort by range (a binary search among the cuts per item, no sort of the whole), letting the
 * event loop turn every GROUP_SLICE items. Items cut `per` at a time from this order then cover a
 * range of the open table rather than the whole of it, whatever the ids (random, or in creation order
 * and visited in any order): the writer updates their open rows in key order, and a part's rows share
 * B-tree pages (each page a part dirties is written to the WAL and copied back by the next
 * checkpoint: docs/adr/0183). Depends on the ids alone (a retry gives the same order).
 */
export async function linkRangeOrder(n: number, linkOf: (i: number) => string, per: number): Promise<Uint32Array | null> {
  const ranges = Math.ceil(n / per);
  if (ranges <= 1) return null;
  const step = n / SAMPLE;
  const sample = Array.from({ length: SAMPLE }, (_, i) => linkOf(Math.floor(i * step))).sort();
  const cuts = Array.from({ length: ranges - 1 }, (_, r) => sample[Math.floor(((r + 1) * SAMPLE) / ranges)]!);
  const range = new Uint16Array(n);
  const starts = new Uint32Array(ranges + 1);
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % GROUP_SLICE === 0) await nextTurn();
    const r = countAtOrBelow(cuts, linkOf(i));
    range[i] = r;
    starts[r + 1]!++;
  }
  for (let r = 1; r <= ranges; r++) starts[r]! += starts[r - 1]!;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[starts[range[i]!]!++] = i;
  return order;
}
