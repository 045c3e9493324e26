import { ChunkEncoder, type FlushChunk } from './flush-wire.js';
import { linkRangeOrder } from './link-ranges.js';
import type { ClickEvent, HourCounts } from './repository.js';
import { nextTurn, SLICE } from './turns.js';

/** Link-hours (or events) per chunk, each chunk one transaction of the writer. */
export const FLUSH_CHUNK = 4000;

/**
 * The link-hours grouped into ranges of link ids of about FLUSH_CHUNK each, the ranges in id order,
 * each in its given order (`linkRangeOrder`): a chunk's link-hours then share B-tree pages of the open
 * table (docs/adr/0183). Depends on the link-hours alone (a retry gives the same chunks).
 */
export async function byLinkRange(hours: readonly HourCounts[]): Promise<readonly HourCounts[]> {
  const order = await linkRangeOrder(hours.length, (i) => hours[i]!.linkId, FLUSH_CHUNK);
  if (order === null) return hours;
  const out = new Array<HourCounts>(hours.length);
  for (let i = 0; i < hours.length; i++) out[i] = hours[order[i]!]!;
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
