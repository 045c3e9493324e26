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

/**
 * Every top-level folder (and file) of src/ on a floor, the outermost first: a file imports its own
 * floor's modules and lower ones only (docs/adr/0245). The composition root (wiring/) sits above all
 * it builds and below the edges that call it; the events' words and buses, shared by the services,
 * auth, abuse and webhooks, are in domain/events/; the MCP route is mounted on the HTTP edge by
 * server.ts (http/mounted-route.ts), so mcp/ sits above http/. No import points up: a new one fails
 * here (sink the shared word, or move the file to the floor it belongs on).
 */
const FLOORS = [
  ['cli', 'main.ts'],
  ['mcp', 'server.ts'],
  ['http'],
  ['openapi'],
  ['graphql', 'import'],
  ['wiring'],
  ['health', 'email'],
  ['services'],
  ['webhooks', 'startup'],
  ['redirect', 'abuse'],
  ['v1', 'limits', 'auth', 'observability'],
  ['storage', 'qr', 'csv', 'config'],
  ['domain', 'logger.ts', 'generated'],
];

/** A module's floor, counted from the ground (1); null for a top-level name no floor lists. */
function floorOf(path: string): number | null {
  const top = relative(SRC, path).split('/')[0]!;
  const i = FLOORS.findIndex((names) => names.includes(top));
  return i < 0 ? null : FLOORS.length - i;
}

describe('every floor of src/', () => {
  it('places every top-level folder and file of src/ on one floor', () => {
    const names = readdirSync(SRC).filter((n) => !n.startsWith('.'));
    expect(names.filter((n) => floorOf(join(SRC, n)) === null)).toEqual([]);
    expect(FLOORS.flat().filter((n) => !names.includes(n))).toEqual([]);
  });

  it('imports nothing from a higher floor', () => {
    const up = sources(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s+|\bimport\()\s*'(\.[^']+)'/g)]
        .map((m) => resolve(file, '..', m[1]!))
        .filter((target) => floorOf(target)! > floorOf(file)!)
        .map((target) => `${relative(SRC, file)} -> ${relative(SRC, target).replace(/\.js$/, '.ts')}`),
    );
    expect([...new Set(up)].sort()).toEqual([]);
  });
});
