/**
 * Large click writes are prepared in slices with a turn of the event loop between them, so a flush
 * of tens of thousands of link-hours never holds the loop that answers redirects for long.
 */

/** Items (link-hours, events, combinations) handled between two turns. */
export const SLICE = 200;

/** Let the event loop turn once (timers, I/O) before going on. */
export const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));
