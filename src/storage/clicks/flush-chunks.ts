import { countAtOrBelow } from '../../domain/sorted.js';
import { ChunkEncoder, type FlushChunk } from './flush-wire.js';
import type { ClickEvent, HourCounts } from './repository.js';
import { nextTurn, SLICE } from './turns.js';

/** Link-hours (or events) per chunk, each chunk one transaction of the writer. */
export const FLUSH_CHUNK = 4000;

/** Link ids sampled from a flush to find where to cut it into ranges of about FLUSH_CHUNK. */
const SAMPLE = 256;
/** Link-hours looked at between two turns of the event loop while grouping them (a few µs each at most). */
const GROUP_SLICE = 10 * SLICE;

/**
 * The link-hours grouped into ranges of link ids of about FLUSH_CHUNK each, the ranges in id order,
 * each in its given order: the cuts come from a sample of SAMPLE ids taken at fixed positions, then
 * a counting sort by range (a binary search among the cuts per link-hour, no sort of the whole),
 * letting the event loop turn every GROUP_SLICE link-hours. A chunk's link-hours then cover a range
 * of the open table rather than the whole of it, whatever the ids (random, or in creation order and
 * visited in any order): the writer updates their open rows in key order, and a part's rows share
 * B-tree pages (each page a part dirties is written to the WAL and copied back by the next
 * checkpoint: docs/adr/0183). Depends on the link-hours alone (a retry gives the same chunks).
 */
export async function byLinkRange(hours: readonly HourCounts[]): Promise<readonly HourCounts[]> {
  const ranges = Math.ceil(hours.length / FLUSH_CHUNK);
  if (ranges <= 1) return hours;
  const step = hours.length / SAMPLE;
  const sample = Array.from({ length: SAMPLE }, (_, i) => hours[Math.floor(i * step)]!.linkId).sort();
  const cuts = Array.from({ length: ranges - 1 }, (_, r) => sample[Math.floor(((r + 1) * SAMPLE) / ranges)]!);
  const range = new Uint16Array(hours.length);
  const starts = new Uint32Array(ranges + 1);
  for (let i = 0; i < hours.length; i++) {
    if (i > 0 && i % GROUP_SLICE === 0) await nextTurn();
    const r = countAtOrBelow(cuts, hours[i]!.linkId);
    range[i] = r;
    starts[r + 1]!++;
  }
  for (let r = 1; r <= ranges; r++) starts[r]! += starts[r - 1]!;
  const out = new Array<HourCounts>(hours.length);
  for (let i = 0; i < hours.length; i++) out[starts[range[i]!]!++] = hours[i]!;
  return out;
}

/** Items [from, to) of a list in chunks of FLUSH_CHUNK. */
function* spans(n: number): Generator<[number, number]> {
  for (let i = 0; i < n; i += FLUSH_CHUNK) yield [i, Math.min(i + FLUSH_CHUNK, n)];
}

/**
 * A flush's chunks, one at a time, yielding to the event loop every SLICE items: the caller hands
 * each to the writer before the next is encoded, so no step holds the loop for long. Link-hours go
 * into chunks by ranges of link ids (`byLinkRange`), events in their order. A flush that fits in one
 * chunk is one chunk; a larger one sends all its link-hours' chunks before its events' chunks, so an
 * event is never written before its link-hour's open row (the writer keeps that order within a chunk
 * too: `partsOf`). The same hours and events under the same id always give the same chunks (a retry
 * repeats the ids).
 */
export async function* flushChunks(id: string, given: readonly HourCounts[], events: readonly ClickEvent[]): AsyncGenerator<FlushChunk> {
  const hours = await byLinkRange(given);
  const one = hours.length <= FLUSH_CHUNK && events.length <= FLUSH_CHUNK;
  let part = 0;
  for (const [from, to] of spans(hours.length)) {
    yield await encoded(`${id}:${part++}`, hours.slice(from, to), one ? events : []);
  }
  if (one && hours.length > 0) return;
  for (const [from, to] of spans(events.length)) yield await encoded(`${id}:${part++}`, [], events.slice(from, to));
}

/** One chunk of these link-hours and events, letting the event loop turn every SLICE of them. */
async function encoded(id: string, hours: readonly HourCounts[], events: readonly ClickEvent[]): Promise<FlushChunk> {
  const chunk = new ChunkEncoder(hours.length, events.length);
  for (let j = 0; j < Math.max(hours.length, events.length); j += SLICE) {
    if (j > 0) await nextTurn();
    for (let k = j; k < Math.min(j + SLICE, hours.length); k++) chunk.row(hours[k]!);
    for (let k = j; k < Math.min(j + SLICE, events.length); k++) chunk.event(events[k]!);
  }
  await nextTurn();
  return chunk.done(id);
}
