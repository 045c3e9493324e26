/**
 * Large click writes are prepared in slices with a turn of the event loop between them, so a flush
 * of tens of thousands of link-hours never holds the loop that answers redirects for long.
 */

/** Items (link-hours, events, combinations) handled between two turns. */
export const SLICE = 200;

/** Let the event loop turn once (timers, I/O) before going on. */
export const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

/** How long a step of a flush's preparation holds the event loop before it lets it turn (docs/adr/0200). */
export const TURN_MS = 1;
/** Items handled between two looks at the clock (a look costs about as much as a few items). */
export const LOOK_EVERY = 32;

/**
 * Turns of the event loop by time rather than by count, for loops whose items cost the main thread
 * anywhere from a fraction of a microsecond to several (a visit whose combination key is hashed for
 * the first time, a link-hour with many combinations): `due()` answers true once the current step
 * has lasted TURN_MS, looked at every LOOK_EVERY items, and `turn()` lets the loop turn and starts
 * the next step. `due()` is synchronous, so a step that goes on costs no promise per item. Items
 * that cost far more than a look (an upsert encoded by the driver) look every item (`lookEvery` 1).
 */
export class Turns {
  private started: number;
  private items = 0;
  /** Turns taken. */
  taken = 0;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly budgetMs = TURN_MS,
    private readonly lookEvery = LOOK_EVERY,
  ) {
    this.started = now();
  }

  due(): boolean {
    return ++this.items % this.lookEvery === 0 && this.now() - this.started >= this.budgetMs;
  }

  async turn(): Promise<void> {
    this.taken++;
    await nextTurn();
    this.started = this.now();
  }
}
