import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { Encoding } from '../accept-encoding.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface DashboardFile {
  body: Buffer;
  type: string;
  /** Built with a content hash in its name (under assets/): cacheable for ever. */
  hashed: boolean;
  /** The same bytes compressed at build time (`x.js.br`, `x.js.gz` beside `x.js`), when there. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** The built app, read once at start: URL path (`/dashboard/assets/index-3f2a.js`) -> file. */
export interface DashboardFiles {
  index: DashboardFile;
  files: Map<string, DashboardFile>;
}

const SUFFIXES: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

function encodedBeside(full: string): Partial<Record<Encoding, Buffer>> {
  const encoded: Partial<Record<Encoding, Buffer>> = {};
  for (const [encoding, suffix] of Object.entries(SUFFIXES) as [Encoding, string][]) {
    if (existsSync(full + suffix)) encoded[encoding] = readFileSync(full + suffix);
  }
  return encoded;
}

/**
 * Every file of the build (dist/dashboard) into memory, with its precompressed copies: the
 * whitelist of what /dashboard/* can answer (the .br and .gz files are no paths of their own). Nothing is read from disk per request, so no request path can reach another file. Null
 * when the app is not built (or a file has a type the service does not serve: a broken build).
 */
export function loadDashboard(dir: string): DashboardFiles | null {
  if (!existsSync(join(dir, 'index.html'))) return null;
  const files = new Map<string, DashboardFile>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      const type = TYPES[extname(name).toLowerCase()];
      if (!type) continue;
      const rel = relative(dir, full).split(sep).join('/');
      files.set(`/dashboard/${rel}`, { body: readFileSync(full), type, hashed: rel.startsWith('assets/'), encoded: encodedBeside(full) });
    }
  };
  walk(dir);
  return { index: files.get('/dashboard/index.html')!, files };
}
