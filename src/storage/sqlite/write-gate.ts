/**
 * Turns at the write lock between the event loop's SQLite connection and the click writer thread's
 * (docs/adr/0103). SQLite lets one connection write at a time, and a connection that finds the lock
 * taken waits in SQLite's busy handler, sleeping 1, 2, 5, 10, 15, 20, 25 ms... between tries: on
 * the main thread that wait holds the event loop, and its steps overshoot the moment the lock is
 * free. So the two threads take turns through two shared words: the main thread's writes in
 * progress, and whether the writer is inside a transaction. The writer keeps each transaction short
 * and starts none while the main thread writes; the main thread, before it writes, waits for the
 * writer's transaction in progress to end (woken the moment it does), so it rarely meets the lock.
 */

/** The longest the writer lets the main thread's writes go first, at one turn (a count left behind by a crash cannot stop it). */
export const MAX_YIELD_MS = 100;
/** The longest the main thread waits for one writer transaction before leaving the rest to SQLite's busy handler (a writer transaction that runs long: the writer's are bounded by work, docs/adr/0103, but one sheet of a busy domain is large, and a preempted thread holds its turn). */
const MAX_WAIT_MS = 1_000;

const MAIN = 0;
const WRITER = 1;

/** Two words both threads see: [0] the main thread's writes in progress, [1] 1 while the writer is in a transaction. */
export type WriteGate = Int32Array;

export const newWriteGate = (): WriteGate => new Int32Array(new SharedArrayBuffer(8));

/** The main thread's side: while `fn` writes, the writer starts no transaction. */
export class MainWrites {
  private depth = 0;

  constructor(private readonly gate: WriteGate) {}

  run<T>(fn: () => T): T {
    if (this.depth++ === 0) {
      Atomics.add(this.gate, MAIN, 1);
      const until = performance.now() + MAX_WAIT_MS;
      while (Atomics.load(this.gate, WRITER) === 1) {
        const left = until - performance.now();
        if (left <= 0) break;
        Atomics.wait(this.gate, WRITER, 1, left);
      }
    }
    try {
      return fn();
    } finally {
      if (--this.depth === 0 && Atomics.sub(this.gate, MAIN, 1) === 1) Atomics.notify(this.gate, MAIN);
    }
  }
}

/**
 * The writer's side: run one transaction `fn` when the main thread is not writing (or after
 * MAX_YIELD_MS of its writes), marked as in progress meanwhile.
 */
export function writerTurn<T>(gate: WriteGate, fn: () => T): T {
  const until = performance.now() + MAX_YIELD_MS;
  for (;;) {
    // Mark first, then look: either the main thread sees the mark and waits, or this sees its count.
    Atomics.store(gate, WRITER, 1);
    const n = Atomics.load(gate, MAIN);
    const left = until - performance.now();
    if (n === 0 || left <= 0) break;
    Atomics.store(gate, WRITER, 0);
    Atomics.notify(gate, WRITER);
    Atomics.wait(gate, MAIN, n, left);
  }
  try {
    return fn();
  } finally {
    Atomics.store(gate, WRITER, 0);
    Atomics.notify(gate, WRITER);
  }
}

/**
 * Seen from inside a writer transaction: whether the main thread has come to write meanwhile (it is
 * then waiting for this transaction to end, holding the event loop). Work that goes in steps ends
 * its transaction at the next step, leaving the rest to the next one.
 */
export const mainWaiting = (gate: WriteGate): boolean => Atomics.load(gate, MAIN) > 0;

/** The writer thread stopped: a transaction it was inside never took its mark back, and the main thread must not wait for it. */
export function writerGone(gate: WriteGate): void {
  Atomics.store(gate, WRITER, 0);
  Atomics.notify(gate, WRITER);
}
