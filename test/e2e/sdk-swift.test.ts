/**
 * The Swift SDK (clients/swift) is parsed, not compiled: no Swift toolchain exists on any registry
 * this project can reach. tree-sitter-swift parses every .swift file of the package; a single ERROR
 * or MISSING node fails. The generated operations call only what the hand-written core declares.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clearable } from '../../scripts/clients/model.js';
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

  it('README shows how to send an explicit null', () => {
    expect(read('README.md')).toMatch(/tags: \.null/);
  });

  it('the README says what was checked and what was not', () => {
    const readme = readFileSync(join(SWIFT, 'README.md'), 'utf8');
    expect(readme).toMatch(/tree-sitter-swift/);
    expect(readme).toMatch(/not compiled/i);
  });
});

describe('Swift explicit null: Nullable<T> (generated text; read, not run)', () => {
  const models = read('Sources/Lsk/Models.swift');
  const api = readApi(JSON.parse(readFileSync(join(ROOT, 'schema/openapi.json'), 'utf8')));
  const struct = (name: string) => models.slice(models.indexOf(`\npublic struct ${name}: `)).split('\n}\n')[0]!;
  const nullable = models.slice(models.indexOf('public enum Nullable<Wrapped> {'), models.indexOf('\npublic struct '));

  it('Nullable encodes .null as JSON null and .value(x) as x, and reads null back as .null', () => {
    expect(nullable).toMatch(/public enum Nullable<Wrapped> \{\n {4}case value\(Wrapped\)\n {4}case null\n\}/);
    const encode = nullable.slice(nullable.indexOf('public func encode(to encoder: Encoder) throws {'));
    expect(encode).toContain('var container = encoder.singleValueContainer()');
    expect(encode).toContain('case .value(let wrapped): try container.encode(wrapped)');
    expect(encode).toContain('case .null: try container.encodeNil()');
    expect(nullable).toContain('self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))');
    // The conformances the request structs need (Codable, Sendable, Equatable), each conditional on Wrapped.
    for (const p of ['Codable', 'Equatable', 'Sendable']) expect(nullable).toContain(`extension Nullable: ${p} where Wrapped: ${p}`);
    expect(swiftSyntaxProblems(nullable)).toEqual([]);
  });

  it('every nullable request-body field is Nullable<T>? (nil: not sent), every other field is not', () => {
    let cleared = 0;
    for (const m of api.models) {
      if (m.kind !== 'object') continue;
      const text = struct(m.name);
      const clears = new Set(clearable(m));
      for (const f of m.fields) {
        // A Swift keyword as a name is written in backquotes (`if`).
        const decl = new RegExp(`\\n {4}public var \`?${f.name}\`?: (.+)\\n`).exec(text)?.[1];
        expect(decl, `${m.name}.${f.name}`).toBeDefined();
        if (clears.has(f)) expect(decl, `${m.name}.${f.name}`).toMatch(/^Nullable<.+>\?$/);
        else expect(decl, `${m.name}.${f.name}`).not.toContain('Nullable<');
        cleared += clears.has(f) ? 1 : 0;
      }
      // Synthesized Codable: an Optional property is written with encodeIfPresent, so nil is left out
      // and .some(.null) reaches Nullable.encode(to:), which writes null.
      expect(text, m.name).not.toContain('func encode(to');
    }
    expect(cleared).toBeGreaterThan(0);
    expect(struct('UpdateLinkRequest')).toContain('public var tags: Nullable<[String]>?\n');
    expect(struct('UpdateLinkRequest')).toContain('public var geoTargeting: Nullable<[String: String]>?\n');
    expect(struct('UpdateLinkRequest')).toContain('tags: Nullable<[String]>? = nil');
    expect(struct('Link')).not.toContain('Nullable<');
  });
});
