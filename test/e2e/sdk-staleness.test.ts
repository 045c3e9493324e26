/**
 * The clients cannot drift from the API: every generated file (TypeScript SDK, Java, Kotlin, Swift)
 * must equal what scripts/gen-clients.ts makes of schema/openapi.json and schema/schema.graphql now,
 * generation must be reproducible, and the checked-in browser bundles must equal a fresh build of
 * their sources and stay under 15 KB. Fix a failure with `npm run clients:gen`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_BUILDS, buildBrowser, MAX_BROWSER_BYTES } from '../../scripts/clients/browser.js';
import { existingGenerated, generateClients, JAVA_MODEL_DIR, KOTLIN_MODELS, SWIFT_MODELS, staleFiles, TS_API } from '../../scripts/clients/generate.js';
import { generateTypes } from '../../scripts/clients/typescript-types.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');
const openapi = () => read('schema/openapi.json');
const sdl = () => read('schema/schema.graphql');

describe('generated clients are up to date (npm run clients:gen)', () => {
  let files: Record<string, string>;
  beforeAll(async () => {
    files = await generateClients(openapi(), sdl());
  });

  it('every generated file equals a fresh generation from schema/', () => {
    const stale = staleFiles(ROOT, files);
    expect(stale, `stale clients: run npm run clients:gen\n${stale.join('\n')}`).toEqual([]);
    expect(existingGenerated(ROOT)).toEqual(Object.keys(files).sort());
  });

  it('generating twice gives the same bytes', async () => {
    expect(await generateClients(openapi(), sdl())).toEqual(files);
  });

  it('a change to the document makes the clients stale (the check bites)', async () => {
    const doc = JSON.parse(openapi());
    doc.components.schemas.Link.properties.extra_field = { type: 'string' };
    const changed = staleFiles(ROOT, await generateClients(JSON.stringify(doc), sdl()));
    expect(changed).toEqual(expect.arrayContaining([TS_API, `${JAVA_MODEL_DIR}/Link.java`, KOTLIN_MODELS, SWIFT_MODELS]));
  });

  it('the generators refuse what no client could call (drift is loud, not silent)', async () => {
    const api = JSON.parse(openapi());
    api.components.schemas.Link.properties.weird = { not: { type: 'string' } };
    expect(() => generateTypes(api)).toThrow(/unsupported schema/);
    const api2 = JSON.parse(openapi());
    delete api2.paths['/links'].get.operationId;
    await expect(generateClients(JSON.stringify(api2), sdl())).rejects.toThrow(/no operationId/);
    const api3 = JSON.parse(openapi());
    api3.paths['/links'].get.operationId = 'graphql';
    expect(() => generateTypes(api3)).toThrow(/shadow LskClient.graphql/);
  });

  describe('the CLI', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'lsk-clients-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('writes the same files as the in-process generation (node dist/scripts/gen-clients.js --out)', async () => {
      await promisify(execFile)(process.execPath, [join(ROOT, 'dist/scripts/gen-clients.js'), '--out', dir, '--no-browser'], { cwd: ROOT });
      expect(staleFiles(dir, files)).toEqual([]);
      const check = await promisify(execFile)(process.execPath, [join(ROOT, 'dist/scripts/gen-clients.js'), '--check'], { cwd: ROOT });
      expect(check.stdout).toMatch(/clients up to date/);
    }, 60_000);
  });
});

describe('browser bundles (clients/browser/dist)', () => {
  let fresh: Record<string, string>;
  beforeAll(async () => {
    fresh = await buildBrowser(ROOT);
  });

  for (const b of BROWSER_BUILDS) {
    it(`${b.out} is up to date and under ${MAX_BROWSER_BYTES} bytes`, () => {
      const onDisk = read(b.out);
      expect(onDisk === fresh[b.out], `${b.out} is stale: run \`npm run clients:gen\``).toBe(true);
      const bytes = Buffer.byteLength(onDisk);
      expect(bytes).toBeGreaterThan(1000);
      expect(bytes, `${b.out} is ${bytes} bytes minified; the budget is ${MAX_BROWSER_BYTES}`).toBeLessThan(MAX_BROWSER_BYTES);
    });
  }

  it('the bundles carry every operation of the document', () => {
    const ids = Object.values(JSON.parse(openapi()).paths as Record<string, Record<string, { operationId?: string }>>).flatMap((item) =>
      Object.values(item).flatMap((op) => (op?.operationId ? [op.operationId] : [])),
    );
    for (const b of BROWSER_BUILDS) for (const id of ids) expect(fresh[b.out], `${b.out}: ${id}`).toContain(`${id}:[`);
  });
});
