import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Clock } from '../../domain/clock.js';
import type { Metrics } from '../../observability/metrics.js';

/** What a stream reports on /metrics: streams open now and pages pulled from the store, by route. */
export interface StreamMeter {
  opened(): void;
  closed(): void;
  page(): void;
  /** Waiting for the client to read (a full socket buffer) or no longer. */
  blocked(on: boolean): void;
}

/** The stream gauges of /metrics, declared once per instance (every streamed route reports through them). */
export function streamMetrics(metrics: Metrics): (route: string) => StreamMeter {
  const open = metrics.gauge('lsk_streams_open', 'Streamed downloads whose store reading is not closed yet.', ['route']);
  const blocked = metrics.gauge('lsk_streams_blocked', "Streamed downloads waiting for their client to read ('drain').", ['route']);
  const pages = metrics.counter('lsk_stream_pages_total', 'Pages (of rows read from the store, or a CSV header) streamed downloads pulled.', ['route']);
  return (route) => ({
    opened: () => open.inc({ route }),
    closed: () => open.dec({ route }),
    page: () => pages.inc({ route }),
    blocked: (on) => (on ? blocked.inc({ route }) : blocked.dec({ route })),
  });
}

/** A client that reads nothing for this long (by the service's clock) is cut off, freeing its place. */
export const STREAM_STALL_MS = 60_000;
/** How often a blocked stream looks at the clock. */
const STALL_CHECK_MS = 1000;

export interface PumpOptions<T> {
  encode(page: T): string;
  clock: Clock;
  /** A loop turn of its own before each next page (StreamTurns). */
  turn(): Promise<void>;
  meter: StreamMeter;
}

/**
 * Write `first` and every next page of `pages`, each before the next is read: a full socket buffer
 * waits for 'drain' (a client that does not read stops the store reading, so a slow reader costs one
 * page of memory), and a client gone (aborted, or gone while its buffer was full) stops it before
 * another page is read; one that reads nothing for STREAM_STALL_MS is cut off (it would hold one of
 * the few places for streams for ever). Whatever ends the stream, `pages` is closed (`return()`: a store cursor it
 * holds is closed) before the meter counts it closed. A page that fails is thrown to the caller.
 */
export async function pumpPages<T>(res: ServerResponse, pages: AsyncGenerator<T>, first: IteratorResult<T>, o: PumpOptions<T>): Promise<boolean> {
  // One listener for the whole answer: a client gone mid-stream never drains (nor closes again if it
  // left while the first page was read).
  const closed = res.destroyed ? Promise.resolve() : new Promise<void>((resolve) => res.once('close', resolve));
  try {
    for (let r = first; !r.done; ) {
      if (!res.write(o.encode(r.value)) && !res.destroyed && (await untilRead(res, closed, o)) === 'stalled') res.destroy();
      if (res.destroyed) return false;
      await o.turn(); // a loop turn of its own for every page (a fast reader drains at once)
      if (res.destroyed) return false;
      r = await pages.next();
      if (!r.done) o.meter.page();
    }
    return true;
  } finally {
    await pages.return(undefined).catch(() => undefined);
    o.meter.closed();
  }
}

/** Wait until the client reads ('drain'), goes, or has read nothing for STREAM_STALL_MS by `o.clock`. */
async function untilRead(
  res: ServerResponse,
  closed: Promise<void>,
  o: Pick<PumpOptions<unknown>, 'clock' | 'meter'>,
): Promise<'drained' | 'closed' | 'stalled'> {
  o.meter.blocked(true);
  const since = o.clock.now().getTime();
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<'stalled'>((resolve) => {
    timer = setInterval(() => {
      if (o.clock.now().getTime() - since >= STREAM_STALL_MS) resolve('stalled');
    }, STALL_CHECK_MS).unref();
  });
  try {
    return await Promise.race([once(res, 'drain').then(() => 'drained' as const), closed.then(() => 'closed' as const), stalled]);
  } finally {
    clearInterval(timer);
    o.meter.blocked(false);
  }
}
