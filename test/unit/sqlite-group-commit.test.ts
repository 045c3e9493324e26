/** Group commit on the event loop's SQLite connection (src/storage/sqlite/group-commit.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteConnection } from '../../src/storage/sqlite/connection.js';
import { GroupCommit } from '../../src/storage/sqlite/group-commit.js';

describe('group commit', () => {
  let conn: SqliteConnection | undefined;
  afterEach(() => {
    conn?.close();
    conn = undefined;
  });

  it('runs the writes of one turn in one transaction; one that throws fails alone, the next turn is the next transaction', async () => {
    conn = new SqliteConnection(':memory:');
    const c = conn;
    c.db.exec('CREATE TABLE t (k TEXT PRIMARY KEY)');
    // Transactions committed (a group whose write threw is rolled back once and runs again).
    let transactions = 0;
    const grouped = new GroupCommit((fn) => {
      if (c.db.inTransaction) return c.tx(fn);
      const out = c.tx(fn);
      transactions++;
      return out;
    });
    const insert = (k: string) => grouped.run(() => c.stmt('INSERT INTO t (k) VALUES (?)').run(k).changes);
    const first = [insert('a'), insert('b'), insert('a'), insert('c')];
    // Nothing is written before the turn ends.
    expect(c.stmt('SELECT count(*) FROM t').pluck().get()).toBe(0);
    const settled = await Promise.allSettled(first);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    expect(transactions).toBe(1);
    expect(await Promise.all([insert('d'), insert('e')])).toEqual([1, 1]);
    expect(transactions).toBe(2);
    expect(c.stmt('SELECT k FROM t ORDER BY k').pluck().all()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('commits at most its bound of writes per transaction, the rest in the next turns', async () => {
    conn = new SqliteConnection(':memory:');
    const c = conn;
    c.db.exec('CREATE TABLE t (k INTEGER PRIMARY KEY)');
    const sizes: number[] = [];
    const grouped = new GroupCommit((fn) => {
      if (c.db.inTransaction) return c.tx(fn);
      const before = c.stmt('SELECT count(*) FROM t').pluck().get() as number;
      const out = c.tx(fn);
      sizes.push((c.stmt('SELECT count(*) FROM t').pluck().get() as number) - before);
      return out;
    }, 3);
    const writes = Array.from({ length: 8 }, (_, k) => grouped.run(() => c.stmt('INSERT INTO t (k) VALUES (?)').run(k).changes));
    expect(await Promise.all(writes)).toEqual(Array(8).fill(1));
    expect(sizes).toEqual([3, 3, 2]);
  });

  it('takes no savepoint while no write throws; after one throws, each write of the group has its own', async () => {
    conn = new SqliteConnection(':memory:');
    const c = conn;
    c.db.exec('CREATE TABLE t (k TEXT PRIMARY KEY)');
    const calls: ('transaction' | 'savepoint')[] = [];
    const grouped = new GroupCommit((fn) => {
      calls.push(c.db.inTransaction ? 'savepoint' : 'transaction');
      return c.tx(fn);
    });
    const insert = (k: string) => grouped.run(() => c.stmt('INSERT INTO t (k) VALUES (?)').run(k).changes);
    expect(await Promise.all([insert('a'), insert('b'), insert('c')])).toEqual([1, 1, 1]);
    expect(calls).toEqual(['transaction']);
    calls.length = 0;
    const settled = await Promise.allSettled([insert('d'), insert('a'), insert('e')]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(calls).toEqual(['transaction', 'transaction', 'savepoint', 'savepoint', 'savepoint']);
    expect(c.stmt('SELECT k FROM t ORDER BY k').pluck().all()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('leaves nothing of a write that threw after its first statements, and commits the others of its group', async () => {
    conn = new SqliteConnection(':memory:');
    const c = conn;
    c.db.exec('CREATE TABLE t (k TEXT PRIMARY KEY); CREATE TABLE u (k TEXT PRIMARY KEY)');
    c.stmt("INSERT INTO u (k) VALUES ('taken')").run();
    const grouped = new GroupCommit((fn) => c.tx(fn));
    // Two statements each: a row of t, then a row of u (the second write's is taken).
    const pair = (k: string, u: string) =>
      grouped.run(() => {
        c.stmt('INSERT INTO t (k) VALUES (?)').run(k);
        return c.stmt('INSERT INTO u (k) VALUES (?)').run(u).changes;
      });
    const settled = await Promise.allSettled([pair('a', 'x'), pair('b', 'taken'), pair('c', 'y')]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(c.stmt('SELECT k FROM t ORDER BY k').pluck().all()).toEqual(['a', 'c']);
    expect(c.stmt('SELECT k FROM u ORDER BY k').pluck().all()).toEqual(['taken', 'x', 'y']);
    // A write alone that throws fails with its own error, and leaves nothing either.
    await expect(pair('d', 'taken')).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    expect(c.stmt('SELECT k FROM t ORDER BY k').pluck().all()).toEqual(['a', 'c']);
  });

  it('fails every write of the group when the transaction itself fails', async () => {
    conn = new SqliteConnection(':memory:');
    const c = conn;
    c.db.exec('CREATE TABLE t (k TEXT PRIMARY KEY)');
    const grouped = new GroupCommit((fn) => {
      if (!c.db.inTransaction) throw new Error('the store is gone');
      return c.tx(fn);
    });
    const settled = await Promise.allSettled([grouped.run(() => 1), grouped.run(() => 2)]);
    expect(settled.map((s) => (s.status === 'rejected' ? (s.reason as Error).message : s.value))).toEqual(['the store is gone', 'the store is gone']);
  });
});
