/**
 * Layers point inward (http edge -> schema -> services -> domain): the domain and the abuse service import nothing of
 * the edge (the redirect handler, HTTP, GraphQL, REST, CLI, MCP). Read from the source files' imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const EDGE = ['redirect', 'http', 'graphql', 'v1', 'cli', 'mcp'].map((d) => join(SRC, d));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The files of `dir` that import a module in one of the edge's folders, as `file -> module`. */
function edgeImports(dir: string): string[] {
  return sources(join(SRC, dir)).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\bfrom\s+'(\.[^']+)'/g)]
      .map((m) => resolve(file, '..', m[1]!))
      .filter((target) => EDGE.some((edge) => target.startsWith(`${edge}/`)))
      .map((target) => `${relative(SRC, file)} -> ${relative(SRC, target)}`),
  );
}

describe('layers point inward', () => {
  it.each(['domain', 'abuse'])('src/%s imports nothing of the edge', (dir) => {
    expect(edgeImports(dir)).toEqual([]);
  });
});
