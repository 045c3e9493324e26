import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder at or above `dir` holding a package.json. */
function packageRoot(dir: string): string {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return d;
    if (dirname(d) === d) return dir;
  }
}

/**
 * The project root: the package folder (where package.json lives) this code was loaded from, in
 * `src/` and in the compiled `dist/src/` alike. Its `.env` is read at start, and relative paths in
 * the configuration (`DATABASE_URL=file:./data/lsk.db`, `LSK_GEOIP_DB`) are resolved against it,
 * so the server and the CLI find the same files from any current directory.
 */
export const PROJECT_ROOT = packageRoot(dirname(fileURLToPath(import.meta.url)));

/** A path from the configuration, absolute: a relative one is relative to the project root. */
export function projectPath(path: string, root = PROJECT_ROOT): string {
  return isAbsolute(path) ? path : resolve(root, path);
}

/** `file:PATH` with PATH made absolute (`file::memory:` and MongoDB URLs unchanged). */
export function resolveDatabaseUrl(url: string, root = PROJECT_ROOT): string {
  const path = sqlitePath(url);
  return path === null || path === ':memory:' ? url : `file:${projectPath(path, root)}`;
}

/** The SQLite file of a `file:` DATABASE_URL, as written; null for MongoDB. */
export function sqlitePath(url: string): string | null {
  return url.startsWith('file:') ? url.slice('file:'.length) : null;
}

/** The project's version, from its package.json. */
export function projectVersion(root = PROJECT_ROOT): string {
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}
