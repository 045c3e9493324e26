/**
 * The Java, Kotlin and Swift clients (clients/java, clients/kotlin, clients/swift).
 *  1. Staleness: the files generated from schema/openapi.json by scripts/gen-jvm-swift-clients.mjs are
 *     regenerated into a temp dir and must equal the checked-in ones byte for byte (this also proves the
 *     generation is reproducible). Fix with `npm run clients:gen:jvm`.
 *  2. Java and Kotlin: `mvn -q -B test` against a real lsk (SQLite), i.e. the JUnit 5 integration test of
 *     each client, with LSK_BASE_URL and LSK_API_KEY set. Needs Maven + JDK 11+ and Maven Central (or a
 *     warm ~/.m2); the first run downloads the plugins and dependencies.
 *  3. Swift (no toolchain on these machines, so it is not compiled here): every operation has a method,
 *     every schema a type, and the hand-written core provides what the generated code calls.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lsk, startLsk } from '../support/server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GEN = join(ROOT, 'scripts/gen-jvm-swift-clients.mjs');
const MAVEN_TIMEOUT = 10 * 60_000;

type Gen = {
  generate(spec: string): { files: Record<string, string>; api: { operations: { id: string }[]; models: { name: string }[] } };
  existingGenerated(root: string): string[];
  staleFiles(root: string, files: Record<string, string>): string[];
  JAVA_MODEL_DIR: string;
  JAVA_CLIENT: string;
  KOTLIN_MODELS: string;
  KOTLIN_CLIENT: string;
  SWIFT_MODELS: string;
  SWIFT_CLIENT: string;
};

const spec = JSON.parse(readFileSync(join(ROOT, 'schema/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
  components: {
    schemas: Record<
      string,
      {
        type?: string;
        enum?: unknown[];
        'x-lsk-map'?: boolean;
        properties?: Record<string, { properties?: Record<string, unknown>; items?: { properties?: Record<string, unknown> } }>;
      }
    >;
  };
};
const operationIds = Object.values(spec.paths).flatMap((item) =>
  ['get', 'post', 'put', 'patch', 'delete'].map((m) => item[m]?.operationId).filter((x): x is string => !!x),
);
/**
 * Schemas that become a class or enum. A map documented by its possible keys (x-lsk-map: GeoTargeting)
 * is a Map<String, String> and a plain string with rules (HttpUrl) a String in every client; the
 * test below checks those where they are used.
 */
const isClass = (s: { type?: string; enum?: unknown; 'x-lsk-map'?: boolean }) => s['x-lsk-map'] !== true && (s.type === 'object' || Array.isArray(s.enum));
const schemaNames = Object.keys(spec.components.schemas).filter((n) => n !== 'Error' && isClass(spec.components.schemas[n]!));
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');

function run(cmd: string, args: string[], cwd: string, env: Record<string, string>, timeout: number): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, env: { ...process.env, ...env }, timeout, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      resolve({ code, out: `${String(stdout)}\n${String(stderr)}${err && code === 1 && !stdout && !stderr ? String(err) : ''}` });
    });
  });
}

describe('generated clients are up to date (npm run clients:gen:jvm)', () => {
  let gen: Gen;
  let dir: string;
  beforeAll(async () => {
    gen = (await import(GEN)) as Gen;
    dir = mkdtempSync(join(tmpdir(), 'lsk-clients-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('regenerating from schema/openapi.json reproduces the checked-in files byte for byte', async () => {
    const res = await run(process.execPath, [GEN, '--out', dir], ROOT, {}, 60_000);
    expect(res.code, res.out).toBe(0);
    const { files } = gen.generate(read('schema/openapi.json'));
    // The CLI output equals the in-process generation (reproducible), and the repository matches it.
    expect(gen.staleFiles(dir, files)).toEqual([]);
    expect(gen.existingGenerated(dir)).toEqual(Object.keys(files).sort());
    const stale = gen.staleFiles(ROOT, files);
    expect(stale, `stale clients: run npm run clients:gen:jvm\n${stale.join('\n')}`).toEqual([]);
    for (const p of gen.existingGenerated(ROOT)) expect(read(p), p).toBe(readFileSync(join(dir, p), 'utf8'));
  });

  it('generating twice gives the same bytes', async () => {
    const a = gen.generate(read('schema/openapi.json')).files;
    const b = gen.generate(read('schema/openapi.json')).files;
    expect(a).toEqual(b);
  });

  it('a change to the spec makes the clients stale (the check bites)', () => {
    const doc = JSON.parse(read('schema/openapi.json'));
    doc.components.schemas.Link.properties.extra_field = { type: 'string' };
    const { files } = gen.generate(JSON.stringify(doc));
    const stale = gen.staleFiles(ROOT, files);
    expect(stale).toContain(`${gen.JAVA_MODEL_DIR}/Link.java`);
    expect(stale).toContain(gen.KOTLIN_MODELS);
    expect(stale).toContain(gen.SWIFT_MODELS);
  });
});

describe('every operation and schema of the OpenAPI document is in every client', () => {
  const java = read('clients/java/src/main/java/dev/lsk/client/LskClient.java');
  const kotlin = read('clients/kotlin/src/main/kotlin/dev/lsk/client/LskClient.kt');
  const kotlinModels = read('clients/kotlin/src/main/kotlin/dev/lsk/client/Models.kt');
  const swift = read('clients/swift/Sources/Lsk/LskClient+Operations.swift');
  const swiftModels = read('clients/swift/Sources/Lsk/Models.swift');

  it('the document has the operations the clients are documented with', () => {
    expect(operationIds).toEqual(
      expect.arrayContaining([
        'createLink',
        'links',
        'link',
        'updateLink',
        'deleteLink',
        'linkStats',
        'tags',
        'updateTag',
        'deleteTag',
        'domains',
        'createDomain',
        'deleteDomain',
        'keys',
        'createKey',
        'revokeKey',
        'workspace',
      ]),
    );
  });

  it.each(operationIds)('%s has a method in Java, Kotlin and Swift', (id) => {
    expect(java).toMatch(new RegExp(`\\n  public [\\w<>, ]+ ${id}\\(`));
    expect(java).toMatch(new RegExp(`\\n  public CompletableFuture<[\\w<>, ]+> ${id}Async\\(`));
    expect(kotlin).toMatch(new RegExp(`\\n    suspend fun ${id}\\(`));
    expect(swift).toMatch(new RegExp(`\\n    public func ${id}\\([^)]*\\) async throws`));
  });

  it.each(schemaNames)('schema %s has a type in Java, Kotlin and Swift, with every JSON field name', (name) => {
    expect(existsSync(join(ROOT, `clients/java/src/main/java/dev/lsk/client/model/${name}.java`))).toBe(true);
    const javaModel = read(`clients/java/src/main/java/dev/lsk/client/model/${name}.java`);
    expect(kotlinModels).toMatch(new RegExp(`\\n(data|enum) class ${name}\\b`));
    expect(swiftModels).toMatch(new RegExp(`\\npublic (struct|enum) ${name}: `));
    for (const field of Object.keys(spec.components.schemas[name]!.properties ?? {})) {
      expect(javaModel).toContain(`@JsonProperty("${field}")`);
      expect(swiftModels).toContain(`= "${field}"`);
      expect(kotlinModels).toContain(`@get:JsonProperty("${field}")`);
    }
  });

  it('maps and URL rules are plain Map<String, String> and String fields, not classes', () => {
    const link = read('clients/java/src/main/java/dev/lsk/client/model/Link.java');
    expect(link).toContain('private Map<String, String> geoTargeting;');
    expect(link).toContain('private String destination;');
    expect(kotlinModels).toMatch(/val geoTargeting: Map<String, String>,/);
    expect(kotlinModels).toMatch(/val destination: String,/);
    expect(swiftModels).toMatch(/public var geoTargeting: \[String: String\]\n/);
    expect(swiftModels).toMatch(/public var destination: String\n/);
    for (const name of ['GeoTargeting', 'HttpUrl']) expect(existsSync(join(ROOT, `clients/java/src/main/java/dev/lsk/client/model/${name}.java`))).toBe(false);
  });

  it('the hand-written cores read every field of the error envelope', () => {
    const env = spec.components.schemas.Error!.properties!.error!.properties!;
    const detail = (env.details as { items: { properties: Record<string, unknown> } }).items.properties;
    const cores = {
      java: read('clients/java/src/main/java/dev/lsk/client/LskException.java'),
      kotlin: read('clients/kotlin/src/main/kotlin/dev/lsk/client/LskException.kt'),
      swift: read('clients/swift/Sources/Lsk/LskClient.swift'),
    };
    for (const [lang, src] of Object.entries(cores)) {
      for (const f of Object.keys(env)) expect(src, `${lang} reads error.${f}`).toMatch(new RegExp(`\\b${f}\\b`));
      for (const f of Object.keys(detail)) expect(src, `${lang} reads details[].${f}`).toMatch(new RegExp(`\\b${f}\\b`));
      expect(src.includes('Retry-After'), `${lang} reads Retry-After`).toBe(true);
    }
    for (const p of [
      'clients/java/src/main/java/dev/lsk/client/LskHttp.java',
      'clients/kotlin/src/main/kotlin/dev/lsk/client/LskHttp.kt',
      'clients/swift/Sources/Lsk/LskClient.swift',
    ]) {
      expect(read(p), `${p} picks up Lsk-Rotated-Key`).toContain('Lsk-Rotated-Key');
    }
  });

  it('the Swift core provides what the generated Swift code calls', () => {
    const core = read('clients/swift/Sources/Lsk/LskClient.swift');
    expect(core).toMatch(/public final class LskClient\b/);
    expect(core).toMatch(
      /func send<T: Decodable>\(_ method: String, _ path: String, query: \[\(String, String\?\)\], body: Data\?, as type: T\.Type\) async throws -> T/,
    );
    expect(core).toMatch(/func sendNoContent\(_ method: String, _ path: String, query: \[\(String, String\?\)\], body: Data\?\) async throws/);
    expect(core).toMatch(/func encode<T: Encodable>\(_ body: T\?\) throws -> Data\?/);
    expect(core).toMatch(/static func segment\(_ value: String\) -> String/);
    expect(core).toContain('session.data(for: req)');
    // Balanced braces and parentheses in every Swift source (a cheap syntax sanity check without a compiler).
    for (const p of [
      'clients/swift/Sources/Lsk/LskClient.swift',
      'clients/swift/Sources/Lsk/LskClient+Operations.swift',
      'clients/swift/Sources/Lsk/Models.swift',
      'clients/swift/Package.swift',
    ]) {
      const code = read(p)
        .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
        .replace(/\/\/.*$/gm, '');
      for (const [o, c] of [
        ['{', '}'],
        ['(', ')'],
        ['[', ']'],
      ] as const) {
        expect(code.split(o).length, `${p}: ${o}${c} balance`).toBe(code.split(c).length);
      }
    }
  });

  it('each client has a README with install and an example', () => {
    for (const lang of ['java', 'kotlin', 'swift']) {
      const readme = read(`clients/${lang}/README.md`);
      expect(readme).toMatch(/## Install/);
      expect(readme).toMatch(/## Example/);
    }
    expect(read('clients/swift/README.md')).toMatch(/no Swift toolchain/i);
  });
});

describe('Java and Kotlin clients against a real lsk (mvn test)', () => {
  let lsk: Lsk;
  beforeAll(async () => {
    lsk = await startLsk('sqlite');
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  for (const lang of ['java', 'kotlin']) {
    it(
      `clients/${lang}: mvn -q -B test passes`,
      async () => {
        const key = await lsk.workspace(`clients-${lang}`);
        expect(key).toMatch(/^lsk_live_/);
        const mvn = process.env.MVN ?? 'mvn';
        const res = await run(mvn, ['-q', '-B', 'test'], join(ROOT, 'clients', lang), { LSK_BASE_URL: lsk.base, LSK_API_KEY: key }, MAVEN_TIMEOUT);
        expect(res.code, `mvn test in clients/${lang} failed (needs Maven 3.8+, JDK 11+, Maven Central or a warm ~/.m2):\n${res.out.slice(-8000)}`).toBe(0);
      },
      MAVEN_TIMEOUT + 30_000,
    );
  }
});
