/**
 * The modules a file of src/ loads statically (docs/adr/0232, 0238): its imports and re-exports as
 * tsc emits them (type-only imports elided), followed through lsk's own files.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** The specifiers of a file's static imports and re-exports, after tsc's elision of types. */
function staticImports(file: string): string[] {
  const js = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  return [...js.matchAll(/^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*'([^']+)'/gm)].map((m) => m[1]!);
}

/** Every module the file loads statically: lsk's own files (relative to src/) and packages. */
export function closure(entry: string): { files: Set<string>; packages: Set<string> } {
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
