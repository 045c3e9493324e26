/**
 * What every `lsk` process loads before it knows its command (docs/adr/0232): the modules reached by
 * static imports from src/cli/lsk.ts, as tsc emits them (type-only imports elided). `lsk --help`, a
 * usage error and the command table must not load the settings' schema (zod), a store, the services
 * or any command's libraries: those are imported when the command that needs them runs.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** The specifiers of a file's static imports and re-exports, after tsc's elision of types. */
function staticImports(file: string): string[] {
  const js = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  return [...js.matchAll(/^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*'([^']+)'/gm)].map((m) => m[1]!);
}

/** Every module the file loads statically: lsk's own files (relative to src/) and packages. */
function closure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    const rel = file.slice(SRC.length);
    if (files.has(rel)) return;
    files.add(rel);
    for (const spec of staticImports(file)) {
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec).replace(/\.js$/, '.ts'));
      else if (!spec.startsWith('node:')) packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the modules every lsk command loads before it runs', () => {
  const { files, packages } = closure(join(SRC, 'cli/lsk.ts'));

  it('reach the whole command table (every command is listed by lsk --help)', () => {
    for (const noun of ['workspace', 'key', 'domain', 'links', 'import', 'user', 'moderation', 'report', 'blocklist', 'backup', 'mcp']) {
      expect(files).toContain(`cli/${noun}.ts`);
    }
  });

  it('load no package: not zod, no store driver, no CSV parser', () => {
    expect([...packages]).toEqual([]);
  });

  it('load neither the settings nor the services nor a store', () => {
    const heavy = [...files].filter(
      (f) => /^(config\/env|services\/|storage\/|startup\/settings|import\/run|csv\/link-import)/.test(f) || f.endsWith('-schemas.ts'),
    );
    expect(heavy).toEqual([]);
  });
});
