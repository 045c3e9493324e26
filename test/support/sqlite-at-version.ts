import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../src/storage/sqlite/migrations.js';

/**
 * A SQLite store file as an earlier version left it: the first `version` migrations applied, in a
 * directory removed by the cleanup pushed to `cleanups`. The caller writes that version's rows and
 * closes `db` before opening the store again.
 */
export function sqliteAtVersion(version: number, cleanups: (() => void)[]): { db: Database.Database; file: string } {
  const dir = mkdtempSync(join(tmpdir(), `lsk-v${version}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'lsk.db');
  const db = new Database(file);
  db.function('lsk_lower', { deterministic: true }, (v: unknown) => String(v ?? '').toLowerCase());
  for (const m of MIGRATIONS.slice(0, version)) db.exec(m);
  db.pragma(`user_version = ${version}`);
  return { db, file };
}
