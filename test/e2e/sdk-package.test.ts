/**
 * The TypeScript SDK as a user gets it: `npm pack` of clients/typescript (its prepack builds dist/esm
 * and dist/cjs with .d.ts), the tarball installed offline into a scratch project in a temp dir (the
 * SDK has no dependencies, so nothing is downloaded), a small program type-checked against the
 * installed package with tsc (and a wrong one refused), then run against a live lsk: ESM and CommonJS.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../support/run.js';
import { type Lsk, startLsk } from '../support/server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const sh = promisify(execFile);

let lsk: Lsk;
let key: string;
let dir: string;
let app: string;
let files: string[];

const TSCONFIG = {
  compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], strict: true, outDir: 'out', types: [] },
};

const MAIN = `import { LskClient, LskError, type Link, type LinksParams } from '@lsk/client';
import { LinkDocument, gql } from '@lsk/client/graphql';
declare const process: { env: Record<string, string | undefined> };

const lsk = new LskClient({ baseUrl: process.env.BASE!, apiKey: process.env.KEY! });
const link: Link = await lsk.createLink({ destination: 'https://example.com/packed', tags: ['packed'] });
const again = await lsk.link(link.id);
const filter: LinksParams = { tag: 'packed', limit: 5 };
const listed = await lsk.links(filter);
const { link: viaGraphql } = await lsk.graphql(LinkDocument, { id: link.id });
const tags = await lsk.graphql(gql<{ tags: { data: { name: string }[] } }>('{ tags { data { name } } }'));
let code: string | null = null;
try {
  await lsk.link('lnk_missing');
} catch (e) {
  if (e instanceof LskError) code = e.code;
}
console.log(JSON.stringify({ id: link.id, same: again.id === link.id, listed: listed.data.map((l) => l.id), graphqlAlias: viaGraphql?.alias === link.alias, tags: tags.tags.data.map((t) => t.name), code }));
`;

/** Wrong on purpose: each line must be refused by tsc (the installed types are real, not `any`). */
const WRONG = `import { LskClient } from '@lsk/client';
const lsk = new LskClient({ baseUrl: 'http://x', apiKey: 'k' });
await lsk.createLink({ alias: 'no-destination' });
await lsk.links({ tga: 'typo' });
const n: number = (await lsk.link('lnk_1')).alias;
`;

const CJS_CHECK = `import lsk = require('@lsk/client');
const c: lsk.LskClient = new lsk.LskClient({ baseUrl: 'http://x', apiKey: 'k' });
export const p: Promise<lsk.LinkList> = c.links({ tag: 'x' });
`;

const CJS_RUN = `const { LskClient } = require('@lsk/client');
const c = new LskClient({ baseUrl: process.env.BASE, apiKey: process.env.KEY });
c.createLink({ destination: 'https://example.com/cjs' }).then((l) => c.link(l.id)).then((l) => console.log(JSON.stringify({ alias: l.alias })));
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lsk-ts-pkg-'));
  const packed = await sh('npm', ['pack', '--json', '--pack-destination', dir], { cwd: join(ROOT, 'clients/typescript'), maxBuffer: 16 << 20 });
  const info = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  files = info[0]!.files.map((f) => f.path).sort();
  app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  const installed = await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(dir, info[0]!.filename)], app, {}, 120_000);
  if (installed.code !== 0) throw new Error(`npm install of the tarball failed:\n${installed.out}`);
  lsk = await startLsk('sqlite');
  key = await lsk.workspace('packed');
}, 240_000);

afterAll(async () => {
  await lsk?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed TypeScript SDK (@lsk/client)', () => {
  it('holds built ESM and CommonJS with declarations, no sources, nothing from outside the package', () => {
    for (const f of [
      'package.json',
      'README.md',
      'dist/esm/index.js',
      'dist/esm/index.d.ts',
      'dist/esm/graphql.js',
      'dist/cjs/index.js',
      'dist/cjs/index.d.ts',
      'dist/cjs/package.json',
    ])
      expect(files).toContain(f);
    expect(files.filter((f) => f.startsWith('src/') || (f.endsWith('.ts') && !f.endsWith('.d.ts')))).toEqual([]);
    const pkg = join(app, 'node_modules/@lsk/client');
    const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
    expect(manifest.dependencies ?? {}).toEqual({});
    for (const f of files.filter((x) => /\.(js|d\.ts)$/.test(x))) {
      const text = readFileSync(join(pkg, f), 'utf8');
      expect(text, f).not.toMatch(/from ['"](\.\.\/){2,}|require\(['"](\.\.\/){2,}/);
    }
    expect(existsSync(join(app, 'node_modules/@lsk/client/dist/esm/generated/graphql-documents.js'))).toBe(true);
  });

  it('a program type-checks against the installed package, and a wrong one is refused', async () => {
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ ...TSCONFIG, files: ['main.ts'] }));
    writeFileSync(join(app, 'main.ts'), MAIN);
    const ok = await run(process.execPath, [TSC, '-p', 'tsconfig.json'], app, {}, 120_000);
    expect(ok.code, ok.out).toBe(0);

    writeFileSync(
      join(app, 'tsconfig.wrong.json'),
      JSON.stringify({ ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, noEmit: true }, files: ['wrong.ts'] }),
    );
    writeFileSync(join(app, 'wrong.ts'), WRONG);
    const bad = await run(process.execPath, [TSC, '-p', 'tsconfig.wrong.json'], app, {}, 120_000);
    expect(bad.code).not.toBe(0);
    expect(bad.out).toMatch(/wrong\.ts\(3,[\s\S]*?'destination' is missing/);
    expect(bad.out).toMatch(/wrong\.ts\(4,.*tga/);
    expect(bad.out).toMatch(/wrong\.ts\(5,.*not assignable to type 'number'/);

    writeFileSync(
      join(app, 'tsconfig.cjs.json'),
      JSON.stringify({ ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, noEmit: true }, files: ['check.cts'] }),
    );
    writeFileSync(join(app, 'check.cts'), CJS_CHECK);
    const cjs = await run(process.execPath, [TSC, '-p', 'tsconfig.cjs.json'], app, {}, 120_000);
    expect(cjs.code, cjs.out).toBe(0);
  }, 180_000);

  it('the compiled program creates and reads a link on a live lsk (ESM)', async () => {
    const res = await run(process.execPath, [join(app, 'out/main.js')], app, { BASE: lsk.base, KEY: key }, 60_000);
    expect(res.code, res.out).toBe(0);
    const out = JSON.parse(res.out.trim().split('\n')[0]!);
    expect(out).toMatchObject({ same: true, graphqlAlias: true, tags: ['packed'], code: 'not_found' });
    expect(out.id).toMatch(/^lnk_/);
    expect(out.listed).toEqual([out.id]);
  });

  it('require() works too (CommonJS build)', async () => {
    writeFileSync(join(app, 'main.cjs'), CJS_RUN);
    const res = await run(process.execPath, [join(app, 'main.cjs')], app, { BASE: lsk.base, KEY: key }, 60_000);
    expect(res.code, res.out).toBe(0);
    expect(JSON.parse(res.out.trim().split('\n')[0]!).alias).toMatch(/^[A-Za-z0-9]{7}$/);
  });
});
