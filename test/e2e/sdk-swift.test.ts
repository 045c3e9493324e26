/**
 * The Swift SDK (clients/swift) is parsed, not compiled: no Swift toolchain exists on any registry
 * this project can reach. tree-sitter-swift parses every .swift file of the package; a single ERROR
 * or MISSING node fails. The generated operations call only what the hand-written core declares.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readApi } from '../../scripts/clients/read-api.js';
import { swiftSyntaxProblems } from '../support/swift-parse.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SWIFT = join(ROOT, 'clients/swift');
const files = [
  'Package.swift',
  ...readdirSync(join(SWIFT, 'Sources/Lsk'))
    .filter((f) => f.endsWith('.swift'))
    .map((f) => `Sources/Lsk/${f}`),
];
const read = (p: string) => readFileSync(join(SWIFT, p), 'utf8');

describe('Swift SDK parses with tree-sitter-swift', () => {
  it('covers the package manifest, the core and both generated files', () => {
    expect(files).toEqual(
      expect.arrayContaining(['Package.swift', 'Sources/Lsk/LskClient.swift', 'Sources/Lsk/LskClient+Operations.swift', 'Sources/Lsk/Models.swift']),
    );
  });

  it.each(files)('%s has no ERROR or MISSING node', (f) => {
    expect(swiftSyntaxProblems(read(f))).toEqual([]);
  });

  it('the check bites: broken Swift is reported with its position', () => {
    const broken = 'public struct Link: Codable {\n    public var id: String\n    public init(id: String {\n        self.id = id\n    }\n}\n';
    const problems = swiftSyntaxProblems(broken);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^(ERROR|MISSING .*) at \d+:\d+/);
    expect(swiftSyntaxProblems('let s = "unterminated\n')).not.toEqual([]);
  });

  it('every operation has an async throws method and every model a type', () => {
    const api = readApi(JSON.parse(readFileSync(join(ROOT, 'schema/openapi.json'), 'utf8')));
    const ops = read('Sources/Lsk/LskClient+Operations.swift');
    const models = read('Sources/Lsk/Models.swift');
    for (const op of api.operations) expect(ops, op.id).toMatch(new RegExp(`\\n    public func ${op.id}\\([^)]*\\) async throws`));
    for (const m of api.models) expect(models, m.name).toMatch(new RegExp(`\\npublic struct ${m.name}: `));
  });

  it('the generated code calls only what the core declares', () => {
    const core = read('Sources/Lsk/LskClient.swift');
    const ops = read('Sources/Lsk/LskClient+Operations.swift');
    const called = new Set([...ops.matchAll(/try await (\w+)\(/g)].map((m) => m[1]!));
    for (const fn of called)
      expect(core, `core declares ${fn}`).toMatch(
        new RegExp(
          `\\bfunc ${fn}(<[^>]+>)?\\(_ method: String, _ path: String, query: \\[\\(String, String\\?\\)\\], headers: \\[\\(String, String\\?\\)\\], body: Data\\?`,
        ),
      );
    for (const helper of ['segment', 'param']) if (ops.includes(`Self.${helper}(`)) expect(core).toMatch(new RegExp(`static func ${helper}\\b`));
    if (ops.includes('try encode(')) expect(core).toMatch(/func encode<T: Encodable>\(_ body: T\?\) throws -> Data\?/);
    expect(core).toContain('Lsk-Rotated-Key');
    expect(core).toContain('Retry-After');
  });

  it('the README says what was checked and what was not', () => {
    const readme = readFileSync(join(SWIFT, 'README.md'), 'utf8');
    expect(readme).toMatch(/tree-sitter-swift/);
    expect(readme).toMatch(/not compiled/i);
  });
});
