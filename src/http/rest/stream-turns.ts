import { setImmediate as nextTurn } from 'node:timers/promises';
import { LskError } from '../../domain/errors.js';

/**
 * Long streamed answers (the CSV export) take turns with everything else on the event loop: each
 * page of work waits for a turn of its own, one page per loop iteration whatever the number of
 * streams, so requests arriving meanwhile (a redirect, /healthz) wait at most one page of work
 * (docs/adr/0062). And only `max` streams run at once per instance; one more is refused (429 with
 * Retry-After) rather than queued, so they cannot crowd out the rest (nor the click writer).
 */
export class StreamTurns {
  private last: Promise<void> = Promise.resolve();
  private running = 0;

  constructor(private readonly max: number) {}

  /** A place for one more stream, released by the returned function; 429 rate_limited when all are taken. */
  enter(): () => void {
    if (this.running >= this.max) {
      throw new LskError('rate_limited', `At most ${this.max} exports run at once; try again in a few seconds.`, { retryAfter: 5 });
    }
    this.running++;
    let left = false;
    return () => {
      if (!left) this.running--;
      left = true;
    };
  }

  /** Resolves in a loop iteration of its own, after every turn asked for before it. */
  turn(): Promise<void> {
    const mine = this.last.then(() => nextTurn());
    this.last = mine.catch(() => undefined);
    return mine;
  }
}
