import { existsSync, linkSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';

/**
 * Online backup of the SQLite store with SQLite's backup API (better-sqlite3 `db.backup()`): a
 * consistent copy taken page by page while the server keeps reading and writing. The copy is
 * written beside the target under a temporary name and linked into place only when complete, so
 * `target` is never a half-written file and an existing file is never overwritten.
 */
export async function backupSqlite(source: string, target: string): Promise<{ pages: number }> {
  if (existsSync(target)) throw new Error(`${target} already exists; give a new file name`);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  const partial = `${target}.${process.pid}.partial`;
  try {
    const { totalPages } = await db.backup(partial);
    linkSync(partial, target);
    return { pages: totalPages };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new Error(`${target} already exists; give a new file name`);
    throw e;
  } finally {
    db.close();
    rmSync(partial, { force: true });
  }
}
