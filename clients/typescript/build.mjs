// Builds dist/esm (ES modules + .d.ts) and dist/cjs (CommonJS + .d.ts, marked by its own package.json)
// with the TypeScript compiler of the enclosing checkout (the package itself has no dependencies).
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync(`${here}dist`, { recursive: true, force: true });
for (const config of ['tsconfig.build.json', 'tsconfig.cjs.json']) execFileSync(process.execPath, [tsc, '-p', `${here}${config}`], { stdio: 'inherit' });
writeFileSync(`${here}dist/cjs/package.json`, '{ "type": "commonjs" }\n');
