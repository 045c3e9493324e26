/**
 * Regenerates every client from schema/openapi.json and schema/schema.graphql (`npm run clients:gen`):
 * the TypeScript SDK's generated files, the browser bundles, and the Java, Kotlin and Swift models and
 * operations. Deterministic; test/e2e/sdk-staleness.test.ts fails while the checked-in files differ.
 *
 *   node dist/scripts/gen-clients.js                 write into the repository
 *   node dist/scripts/gen-clients.js --out DIR       write into DIR instead (same relative paths)
 *   node dist/scripts/gen-clients.js --check         exit 1, listing the stale files
 *   --openapi FILE --graphql FILE                     generate from other documents (test fixtures)
 *   --no-browser                                     leave the browser bundles out
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildBrowser } from './clients/browser.js';
import { GENERATED_DIRS, generateClients, staleFiles } from './clients/generate.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), dirname(fileURLToPath(import.meta.url)).includes('/dist/') ? '../..' : '..');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      check: { type: 'boolean' },
      openapi: { type: 'string', default: join(ROOT, 'schema/openapi.json') },
      graphql: { type: 'string', default: join(ROOT, 'schema/schema.graphql') },
      'no-browser': { type: 'boolean' },
    },
  });
  const out = values.out ? resolve(values.out) : ROOT;
  const files = await generateClients(readFileSync(values.openapi!, 'utf8'), readFileSync(values.graphql!, 'utf8'));
  if (values.check) {
    const stale = staleFiles(out, files);
    if (stale.length) {
      process.stderr.write(`stale generated clients (run npm run clients:gen):\n  ${stale.join('\n  ')}\n`);
      process.exit(1);
    }
    process.stdout.write(`clients up to date (${Object.keys(files).length} generated files)\n`);
    return;
  }
  for (const dir of GENERATED_DIRS) rmSync(join(out, dir), { recursive: true, force: true });
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(out, p)), { recursive: true });
    writeFileSync(join(out, p), text);
  }
  let bundles = 0;
  if (!values['no-browser']) {
    // The bundles are built from the sources under ROOT (with the files just written when out is ROOT).
    for (const [p, text] of Object.entries(await buildBrowser(ROOT))) {
      mkdirSync(dirname(join(out, p)), { recursive: true });
      writeFileSync(join(out, p), text);
      bundles++;
    }
  }
  process.stdout.write(`wrote ${Object.keys(files).length} generated files and ${bundles} browser bundles under ${out}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`gen-clients: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
