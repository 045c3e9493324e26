/**
 * A Node older than lsk's minimum, to run the entry points on for real: LSK_OLD_NODE when set,
 * else the first `node` on PATH (or in /usr/bin, /usr/local/bin) older than package.json's
 * `engines`. This machine kind's own Node is 20; .ci/run installs node@20 from the npm registry
 * where there is none. Never skipped: without one, the tests that need it fail saying so.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const check = createRequire(import.meta.url)(join(ROOT, 'bin/node-check.cjs')) as {
  atLeast(version: string, minimum: string): boolean;
  minimumNode(root: string): string;
};

export const MINIMUM_NODE = check.minimumNode(ROOT);

function versionOf(node: string): string | null {
  try {
    return execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8', timeout: 10_000 }).trim();
  } catch {
    return null;
  }
}

export function oldNode(): { path: string; version: string } {
  const candidates = [
    ...(process.env.LSK_OLD_NODE ? [process.env.LSK_OLD_NODE] : []),
    ...(process.env.PATH ?? '').split(delimiter).map((d) => join(d, 'node')),
    '/usr/bin/node',
    '/usr/local/bin/node',
  ];
  for (const path of candidates) {
    if (!existsSync(path)) continue;
    const version = versionOf(path);
    if (version && !check.atLeast(version, MINIMUM_NODE)) return { path, version };
  }
  throw new Error(
    `no Node older than ${MINIMUM_NODE} found (tried ${candidates.join(', ')}): set LSK_OLD_NODE, or run .ci/run, which installs node@20 from the npm registry`,
  );
}
