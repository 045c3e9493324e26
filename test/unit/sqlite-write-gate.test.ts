/** The write gate between the event loop's SQLite connection and the click writer thread's (docs/adr/0103). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteConnection } from '../../src/storage/sqlite/connection.js';
import { MainWrites, newWriteGate, writerTurn } from '../../src/storage/sqlite/write-gate.js';

describe('the write gate', () => {
  let dir: string | undefined;
  let conn: SqliteConnection | undefined;
  afterEach(() => {
    conn?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    conn = dir = undefined;
  });

  it("counts the main connection's writes while they run, once however nested, and not its reads", () => {
    dir = mkdtempSync(join(tmpdir(), 'lsk-gate-'));
    conn = new SqliteConnection(join(dir, 'lsk.db'));
    const gate = conn.gate!;
    conn.db.function('gate_now', () => Atomics.load(gate, 0));
    conn.db.exec('CREATE TABLE seen (n INTEGER)');
    conn.stmt('INSERT INTO seen (n) VALUES (gate_now())').run();
    conn.tx(() => conn!.stmt('INSERT INTO seen (n) VALUES (gate_now())').run());
    expect(conn.stmt('SELECT n FROM seen').pluck().all()).toEqual([1, 1]);
    expect(conn.stmt('SELECT gate_now()').pluck().get()).toBe(0);
    expect(Atomics.load(gate, 0)).toBe(0);
    // A write that fails leaves the count as it found it.
    expect(() => conn!.tx(() => conn!.stmt('INSERT INTO missing (n) VALUES (1)').run())).toThrow();
    expect(Atomics.load(gate, 0)).toBe(0);
  });

  it('has no gate in memory (one connection, no writer thread) or on the writer side', () => {
    conn = new SqliteConnection(':memory:');
    expect(conn.gate).toBeUndefined();
    conn.close();
    dir = mkdtempSync(join(tmpdir(), 'lsk-gate-'));
    conn = new SqliteConnection(join(dir, 'lsk.db'), { side: 'writer', gate: newWriteGate() });
    expect(conn.gate).toBeUndefined();
  });

  it("runs the writer's transaction marked, at once when the main thread is not writing, and after a bounded wait when a count is left behind", () => {
    const gate = newWriteGate();
    expect(writerTurn(gate, () => Atomics.load(gate, 1))).toBe(1);
    expect(Atomics.load(gate, 1)).toBe(0);
    const writes = new MainWrites(gate);
    expect(writes.run(() => Atomics.load(gate, 0))).toBe(1);
    expect(Atomics.load(gate, 0)).toBe(0);
    Atomics.store(gate, 0, 1);
    // Returns after MAX_YIELD_MS: a crashed main thread cannot stop the writer.
    expect(writerTurn(gate, () => 'written')).toBe('written');
    expect(Atomics.load(gate, 0)).toBe(1);
  });

  it("makes the main thread's write wait for the end of the writer's transaction in progress", async () => {
    const gate = newWriteGate();
    const ready = new Int32Array(new SharedArrayBuffer(4));
    // Another thread plays the writer: marked in a transaction, it ends it a moment later.
    const worker = new Worker(
      `const { workerData: { gate, ready } } = require('node:worker_threads');
       Atomics.store(gate, 1, 1);
       Atomics.store(ready, 0, 1); Atomics.notify(ready, 0);
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
       Atomics.store(gate, 1, 0); Atomics.notify(gate, 1);`,
      { eval: true, workerData: { gate, ready } },
    );
    Atomics.wait(ready, 0, 0, 10_000);
    expect(Atomics.load(ready, 0)).toBe(1);
    const writes = new MainWrites(gate);
    expect(writes.run(() => Atomics.load(gate, 1))).toBe(0);
    await worker.terminate();
  });
});
