import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { plannerParamsUnmarked } from '../../src/storage/sqlite/planner-params.js';

describe('parameters the SQLite planner would mark for re-preparing', () => {
  it('are written +? after = and after LIMIT or OFFSET, and nowhere else', () => {
    expect(plannerParamsUnmarked('SELECT * FROM t WHERE a = ? AND b=@b ORDER BY c LIMIT ? OFFSET @o')).toBe(
      'SELECT * FROM t WHERE a = +? AND b=+@b ORDER BY c LIMIT +? OFFSET +@o',
    );
    expect(plannerParamsUnmarked('UPDATE t SET n = n + ?, c = @c WHERE id = ?')).toBe('UPDATE t SET n = n + ?, c = +@c WHERE id = +?');
    const untouched = 'SELECT * FROM t WHERE a <= ? AND b >= @b AND c != ? AND d == ? AND e IN (?, ?) AND f > ? LIMIT 10';
    expect(plannerParamsUnmarked(untouched)).toBe(untouched);
    expect(plannerParamsUnmarked('INSERT INTO t (a, b) VALUES (?, @b)')).toBe('INSERT INTO t (a, b) VALUES (?, @b)');
    expect(plannerParamsUnmarked('select 1 limit\n  ?')).toBe('select 1 limit\n  +?');
  });

  it('give the same rows as the statement as written, by the same index', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (ws TEXT NOT NULL, at INTEGER NOT NULL, v BLOB, PRIMARY KEY (ws, at)) WITHOUT ROWID');
    const insert = db.prepare('INSERT INTO t VALUES (?, ?, ?)');
    for (let i = 0; i < 50; i++) insert.run(i % 2 ? 'a' : '1', i, Buffer.from([i]));
    const sql = 'SELECT at, v FROM t WHERE ws = ? AND at > ? ORDER BY at DESC LIMIT ?';
    for (const args of [
      ['a', 10, 5],
      ['1', -1, 3],
      [1, 0, 2],
      ['a', 0, 0],
    ] as const) {
      expect(db.prepare(plannerParamsUnmarked(sql)).all(...args)).toEqual(db.prepare(sql).all(...args));
    }
    const plan = (s: string) => (db.prepare(`EXPLAIN QUERY PLAN ${s}`).all('a', 0, 5) as { detail: string }[]).map((r) => r.detail);
    expect(plan(plannerParamsUnmarked(sql))).toEqual(plan(sql));
    expect(plan(plannerParamsUnmarked(sql)).join()).toContain('PRIMARY KEY (ws=? AND at>?)');
    // Values of another type than the column's compare as they do without the +.
    db.exec("CREATE TABLE m (s TEXT, i INTEGER); INSERT INTO m VALUES ('1', 1), ('x', 2)");
    for (const column of ['s', 'i']) {
      const count = `SELECT count(*) AS n FROM m WHERE ${column} = ?`;
      for (const v of [1, 1.5, '1', 2n, 'x', null]) expect(db.prepare(plannerParamsUnmarked(count)).get(v)).toEqual(db.prepare(count).get(v));
    }
  });
});
