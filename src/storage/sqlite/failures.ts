import type { StoreFailureKind } from '../errors.js';

/** SQLite's result codes (better-sqlite3's `code`) as failure kinds; null for any other error. */
export function sqliteFailureKind(e: unknown): StoreFailureKind | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return null;
  if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return 'busy';
  if (code.startsWith('SQLITE_CONSTRAINT')) return 'constraint';
  if (/^SQLITE_(FULL|IOERR|CORRUPT|READONLY|NOTADB|CANTOPEN)/.test(code)) return 'disk';
  return null;
}
