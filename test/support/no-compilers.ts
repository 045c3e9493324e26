/**
 * A PATH like the slim Node image's: every program of this machine's PATH except a compiler tool
 * chain and Python (what node-gyp needs), with the test's own Node first. A folder of symlinks.
 */
import { existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** python3, make, gcc, g++, cc, c++, cpp, clang and their target-prefixed or versioned names. */
export const BUILD_TOOLS = /^(python[\d.]*(-config)?|pypy\d?|make|gmake|cc|c\+\+|cpp|gcc|g\+\+|clang(\+\+)?)(-[\d.]+)?$|-(gcc|g\+\+|cc|c\+\+|cpp)(-[\d.]+)?$/;

export function pathWithoutBuildTools(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const linked = new Set<string>();
  const dirs = [dirname(process.execPath), ...(process.env.PATH ?? '').split(delimiter)];
  for (const d of dirs) {
    if (!d || !existsSync(d) || !statSync(d).isDirectory()) continue;
    for (const name of readdirSync(d)) {
      if (BUILD_TOOLS.test(name) || linked.has(name)) continue;
      linked.add(name);
      symlinkSync(join(d, name), join(dir, name));
    }
  }
  return dir;
}
