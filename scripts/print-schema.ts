/**
 * Writes the committed schema artifacts from the code (run `npm run schema:print` after any schema
 * change; test/api/schema-artifacts.test.ts fails while they are stale):
 *   schema/schema.graphql  the GraphQL SDL (lexicographically sorted)
 *   schema/openapi.json    the exact OpenAPI document GET /v1/openapi.json serves
 *
 * `node dist/scripts/print-schema.js [--out DIR]` writes them into DIR instead (the staleness test
 * does, to compare with the committed files).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { printSchema } from 'graphql';
import { buildSchema } from '../src/graphql/schema/index.js';
import { buildOpenApiDocument } from '../src/openapi/document.js';

/** The artifact texts, exactly as written to disk. */
export async function schemaArtifacts(): Promise<{ 'schema.graphql': string; 'openapi.json': string }> {
  const schema = buildSchema();
  const sdl = `${printSchema(schema).trimEnd()}\n`;
  const openapi = `${JSON.stringify(buildOpenApiDocument(schema), null, 2)}\n`;
  return { 'schema.graphql': sdl, 'openapi.json': openapi };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  // The repository root: above scripts/ (ts source) or above dist/scripts/ (compiled).
  const here = fileURLToPath(new URL('.', import.meta.url));
  const root = fileURLToPath(new URL(/[/\\]dist[/\\]scripts[/\\]$/.test(here) ? '../../' : '../', import.meta.url));
  const outDir = values.out ? resolve(values.out) : join(root, 'schema');
  await mkdir(outDir, { recursive: true });
  for (const [name, text] of Object.entries(await schemaArtifacts())) {
    const file = join(outDir, name);
    await writeFile(file, text);
    const rel = relative(process.cwd(), file);
    process.stdout.write(`wrote ${rel.startsWith('..') ? file : rel}\n`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    process.stderr.write(`print-schema: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  });
}
