/**
 * The Java and Kotlin clients (clients/java, clients/kotlin).
 *  1. Every operation and schema of the OpenAPI document is in both, with named parameters: Java
 *     `…Params.builder()…build()` objects, Kotlin named arguments with defaults (never positional,
 *     nullable lists of query parameters).
 *  2. `mvn -q -B test` in each against a real lsk (SQLite): the JUnit 5 integration tests, with
 *     LSK_BASE_URL and LSK_API_KEY set. Needs Maven and JDK 11+; the first run fills ~/.m2 from Maven
 *     Central, after which `mvn -o` works offline (MVN_ARGS="-o" does that here).
 * Staleness of the generated files: test/e2e/sdk-staleness.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JAVA_CLIENT, JAVA_MODEL_DIR, KOTLIN_CLIENT, KOTLIN_MODELS } from '../../scripts/clients/generate.js';
import { optionParams, paramsClass } from '../../scripts/clients/java-models.js';
import { clearable } from '../../scripts/clients/model.js';
import { constant, pascal } from '../../scripts/clients/names.js';
import { readApi } from '../../scripts/clients/read-api.js';
import { mavenJvmEnv } from '../support/maven.js';
import { run } from '../support/run.js';
import { type Lsk, startLsk } from '../support/server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAVEN_TIMEOUT = 10 * 60_000;
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');
const api = readApi(JSON.parse(read('schema/openapi.json')));

describe('every operation and schema of the OpenAPI document is in the Java and Kotlin clients', () => {
  const java = read(JAVA_CLIENT);
  const kotlin = read(KOTLIN_CLIENT);
  const kotlinModels = read(KOTLIN_MODELS);

  it.each(api.operations.map((o) => [o.id, o] as const))('%s: a Java method (+ Async) and a Kotlin suspend fun', (id, op) => {
    const named = optionParams(op);
    expect(java).toMatch(new RegExp(`\\n  public [\\w<>\\[\\], ]+ ${id}\\(`));
    expect(java).toMatch(new RegExp(`\\n  public CompletableFuture<[\\w<>\\[\\], ]+> ${id}Async\\(`));
    expect(kotlin).toMatch(new RegExp(`\\n    suspend fun ${id}\\(`));
    if (named.length) {
      // Java: the query/header parameters travel in one builder-made object, never as positional nullables.
      const cls = read(`${JAVA_MODEL_DIR}/${paramsClass(op)}.java`);
      expect(java).toMatch(new RegExp(`\\b${id}\\([^)]*${paramsClass(op)} params\\)`));
      for (const p of named) expect(cls).toMatch(new RegExp(`public Builder ${p.name}_?\\(`));
      // Kotlin: named arguments, optional ones defaulted to null.
      for (const p of named.filter((x) => !x.required)) expect(kotlin).toMatch(new RegExp(`\\n        ${p.name}: [^\\n]+\\? = null,`));
    }
  });

  it.each(api.models.map((m) => [m.name, m] as const))('model %s has a Java type and a Kotlin class with every JSON name', (name, m) => {
    const file = `${JAVA_MODEL_DIR}/${name}.java`;
    expect(existsSync(join(ROOT, file)), file).toBe(true);
    const javaModel = read(file);
    if (m.kind === 'enum') {
      expect(kotlinModels).toMatch(new RegExp(`\\nenum class ${name}\\(`));
      for (const v of m.values) expect(javaModel).toContain(`(${JSON.stringify(v)})`);
      return;
    }
    expect(kotlinModels).toMatch(new RegExp(`\\ndata class ${name}\\(`));
    for (const f of m.fields) {
      expect(javaModel).toContain(`@JsonProperty("${f.json}")`);
      expect(kotlinModels).toContain(`@get:JsonProperty("${f.json}")`);
    }
    // Every nullable request-body field can be sent as an explicit JSON null; no other field can.
    const clears = new Set(clearable(m));
    const kotlinClass = kotlinModels.slice(kotlinModels.indexOf(`\ndata class ${name}(`)).split(/\n\n(?=\S)/)[0]!;
    for (const f of m.fields) {
      expect(javaModel.includes(`public ${name} clear${pascal(f.name)}() {`), `Java ${name}.clear${pascal(f.name)}()`).toBe(clears.has(f));
      expect(kotlinClass.includes(`        ${constant(f.json)}(${JSON.stringify(f.json)}, `), `Kotlin ${name}.Clear.${constant(f.json)}`).toBe(clears.has(f));
    }
    expect(kotlinClass.includes('val clear: Set<Clear> = emptySet()'), `Kotlin ${name}(clear = …)`).toBe(clears.size > 0);
  });

  it('the hand-written cores read every field of the error envelope, Retry-After and Lsk-Rotated-Key', () => {
    const cores = {
      java: read('clients/java/src/main/java/dev/lsk/client/LskException.java'),
      kotlin: read('clients/kotlin/src/main/kotlin/dev/lsk/client/LskException.kt'),
    };
    for (const [lang, src] of Object.entries(cores)) {
      for (const f of ['code', 'message', 'details', 'request_id', 'path']) expect(src, `${lang} reads ${f}`).toMatch(new RegExp(`\\b${f}\\b`));
      expect(src.includes('Retry-After'), `${lang} reads Retry-After`).toBe(true);
    }
    for (const p of ['clients/java/src/main/java/dev/lsk/client/LskHttp.java', 'clients/kotlin/src/main/kotlin/dev/lsk/client/LskHttp.kt']) {
      expect(read(p), `${p} picks up Lsk-Rotated-Key`).toContain('Lsk-Rotated-Key');
    }
  });

  it('each README has install (Maven coordinates, mvn -o) and an example with named parameters', () => {
    const java = read('clients/java/README.md');
    const kotlin = read('clients/kotlin/README.md');
    for (const [readme, artifact] of [
      [java, 'lsk-client'],
      [kotlin, 'lsk-client-kotlin'],
    ] as const) {
      expect(readme).toMatch(/## Install/);
      expect(readme).toMatch(/## Example/);
      expect(readme).toContain('<groupId>dev.lsk</groupId>');
      expect(readme).toContain(`<artifactId>${artifact}</artifactId>`);
      expect(readme).toMatch(/mvn -o/);
    }
    expect(java).toMatch(/LinksParams\.builder\(\)/);
    expect(kotlin).toMatch(/links\(tag = /);
    expect(java).toContain('new UpdateLinkRequest().clearTags()');
    expect(kotlin).toContain('UpdateLinkRequest(clear = setOf(UpdateLinkRequest.Clear.TAGS))');
    expect(java + kotlin).not.toMatch(/not possible/);
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
        const extra = (process.env.MVN_ARGS ?? '').split(' ').filter(Boolean);
        const res = await run(
          mvn,
          [...extra, '-q', '-B', 'test'],
          join(ROOT, 'clients', lang),
          { ...mavenJvmEnv(), LSK_BASE_URL: lsk.base, LSK_API_KEY: key },
          MAVEN_TIMEOUT,
        );
        expect(res.code, `mvn test in clients/${lang} failed (needs Maven 3.8+, JDK 11+, Maven Central or a warm ~/.m2):\n${res.out.slice(-8000)}`).toBe(0);
      },
      MAVEN_TIMEOUT + 30_000,
    );
  }
});
