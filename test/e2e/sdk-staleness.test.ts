/**
 * The clients cannot drift from the API: the checked-in generated types must equal what the generator
 * makes of schema/openapi.json now, and the checked-in browser bundles must equal a fresh build of
 * their source. Fix a failure with `npm run clients:gen` / `npm run clients:build`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { generateTypes, OPENAPI_PATH, TYPES_PATH } from '../../scripts/gen-ts-client.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (p: string) => readFileSync(`${ROOT}${p}`, 'utf8');
const MAX_BROWSER_BYTES = 15 * 1024;

/** The same builds as `npm run clients:build` (package.json), in memory. */
const BROWSER_BUILDS: Array<{ out: string; options: BuildOptions }> = [
  { out: 'clients/browser/dist/lsk.min.js', options: { format: 'esm' } },
  { out: 'clients/browser/dist/lsk.iife.min.js', options: { format: 'iife', globalName: 'Lsk' } },
];

describe('client staleness', () => {
  it(`${TYPES_PATH} is what scripts/gen-ts-client.ts generates from ${OPENAPI_PATH}`, () => {
    const fresh = generateTypes(JSON.parse(read(OPENAPI_PATH)));
    expect(read(TYPES_PATH) === fresh, `${TYPES_PATH} is stale: run \`npm run clients:gen\``).toBe(true);
  });

  it('the generator refuses what it does not understand (drift is loud, not silent)', () => {
    const api = JSON.parse(read(OPENAPI_PATH));
    api.components.schemas.Link.properties.weird = { oneOf: [{ type: 'string' }] };
    expect(() => generateTypes(api)).toThrow(/unsupported schema/);
    const api2 = JSON.parse(read(OPENAPI_PATH));
    delete api2.paths['/links'].get.operationId;
    expect(() => generateTypes(api2)).toThrow(/no operationId/);
  });

  it('package.json clients:build matches the builds checked here', () => {
    const script: string = JSON.parse(read('package.json')).scripts['clients:build'];
    for (const b of BROWSER_BUILDS) expect(script).toContain(`--outfile=${b.out}`);
    expect(script).toContain('--global-name=Lsk');
    expect(script).toContain('--target=es2020');
  });

  for (const b of BROWSER_BUILDS) {
    it(`${b.out} is up to date and under ${MAX_BROWSER_BYTES} bytes`, async () => {
      const r = await build({
        entryPoints: [`${ROOT}clients/browser/src/lsk.ts`],
        bundle: true,
        minify: true,
        target: 'es2020',
        write: false,
        outfile: `${ROOT}${b.out}`,
        logLevel: 'silent',
        ...b.options,
      });
      const fresh = r.outputFiles![0]!.text;
      const onDisk = read(b.out);
      expect(onDisk === fresh, `${b.out} is stale: run \`npm run clients:build\``).toBe(true);
      const bytes = Buffer.byteLength(onDisk);
      expect(bytes).toBeGreaterThan(500);
      expect(bytes, `${b.out} is ${bytes} bytes minified; the budget is ${MAX_BROWSER_BYTES}`).toBeLessThan(MAX_BROWSER_BYTES);
    });
  }
});
