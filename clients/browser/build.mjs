// The bundles in dist/ are built and checked in by `npm run clients:gen` at the repository root (a test
// fails when they are stale); this adds their type declarations (dist/types) for the package.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync(`${here}dist/types`, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', `${here}tsconfig.types.json`], { stdio: 'inherit' });
