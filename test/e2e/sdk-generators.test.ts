/**
 * The generators on what lsk's OpenAPI document grows into, before lsk has it: a hand-written fixture
 * (test/fixtures/openapi-shapes.json: date-time, enums, nullable, oneOf bulk items, allOf, PNG/SVG/CSV
 * answers, 204/202 without body, comma-list and repeated array queries, an Idempotency-Key header,
 * reserved words, $ref'd parameters and responses) and a GraphQL schema with an interface, a union and
 * a custom scalar. The clients generated from them (with the real hand-written cores) must type-check
 * (TypeScript), compile (Java, Kotlin: mvn compile), parse (Swift: tree-sitter-swift), and the
 * TypeScript client must put every shape on the wire right (a loopback server records the requests).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClients } from '../../scripts/clients/generate.js';
import { clearable, type ObjectModel } from '../../scripts/clients/model.js';
import { basePathOf, readApi } from '../../scripts/clients/read-api.js';
import { tsType } from '../../scripts/clients/typescript-schema.js';
import { mavenJvmEnv } from '../support/maven.js';
import { run } from '../support/run.js';
import { swiftSyntaxProblems } from '../support/swift-parse.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = join(ROOT, 'test/fixtures');
const openapi = readFileSync(join(FIXTURES, 'openapi-shapes.json'), 'utf8');
const sdl = readFileSync(join(FIXTURES, 'schema-shapes.graphql'), 'utf8');
const MAVEN_TIMEOUT = 10 * 60_000;
let dir: string;

/** The hand-written parts of each client, copied beside the generated ones. */
const CORES = [
  'clients/typescript/src/index.ts',
  'clients/typescript/src/client.ts',
  'clients/typescript/src/core.ts',
  'clients/typescript/src/errors.ts',
  'clients/typescript/src/graphql.ts',
  'clients/typescript/tsconfig.build.json',
  'clients/java/pom.xml',
  'clients/java/src/main/java/dev/lsk/client/LskHttp.java',
  'clients/java/src/main/java/dev/lsk/client/LskException.java',
  'clients/kotlin/pom.xml',
  'clients/kotlin/src/main/kotlin/dev/lsk/client/LskHttp.kt',
  'clients/kotlin/src/main/kotlin/dev/lsk/client/LskException.kt',
  'clients/swift/Package.swift',
  'clients/swift/Sources/Lsk/LskClient.swift',
];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lsk-shapes-'));
  for (const p of CORES) cpSync(join(ROOT, p), join(dir, p));
  for (const [p, text] of Object.entries(await generateClients(openapi, sdl))) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  cpSync(join(FIXTURES, 'sdk-usage/usage.ts'), join(dir, 'clients/typescript/usage.ts'));
  cpSync(join(FIXTURES, 'sdk-usage/Usage.java'), join(dir, 'clients/java/src/main/java/dev/lsk/client/Usage.java'));
  cpSync(join(FIXTURES, 'sdk-usage/Usage.kt'), join(dir, 'clients/kotlin/src/main/kotlin/dev/lsk/client/Usage.kt'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the shared reader names every shape', () => {
  const api = readApi(JSON.parse(openapi));
  const model = (name: string) => api.models.find((m) => m.name === name) as ObjectModel;
  const op = (id: string) => api.operations.find((o) => o.id === id)!;
  const field = (m: string, json: string) => model(m).fields.find((f) => f.json === json)!;

  it('objects, enums, dates, maps, unions and intersections', () => {
    expect(field('Thing', 'created_at').type).toEqual({ kind: 'datetime' });
    expect(field('Thing', 'day').type).toEqual({ kind: 'date' });
    expect(field('Thing', 'status').type).toEqual({ kind: 'ref', name: 'ThingStatus' });
    expect(api.models.find((m) => m.name === 'ThingStatus')).toMatchObject({ kind: 'enum', values: ['active', 'expired', 'exhausted'] });
    expect(field('Thing', 'expires_at')).toMatchObject({ nullable: true, required: false });
    expect(field('Thing', 'note')).toMatchObject({ nullable: true, type: { kind: 'string' } });
    expect(field('Thing', 'device_targeting').type).toEqual({ kind: 'ref', name: 'ThingDeviceTargeting' });
    expect(field('Thing', 'meta').type).toEqual({ kind: 'map', values: { kind: 'any' } });
    expect(field('Thing', 'either').type).toEqual({ kind: 'any' });
    expect(field('ThingStats', 'by_browser').type).toEqual({ kind: 'array', items: { kind: 'ref', name: 'ThingStatsByBrowserItem' } });
    expect(model('CreateThingsResponseDataItem').fields.map((f) => [f.json, f.required, f.type])).toEqual([
      ['thing', false, { kind: 'ref', name: 'Thing' }],
      ['error', false, { kind: 'ref', name: 'ErrorResponseError' }],
    ]);
    expect(model('ThingPatch').fields.map((f) => f.json)).toEqual(['name', 'expires_at', 'kind', 'device_targeting', 'add_tags']);
  });

  it('request bodies, nested too, are inputs: their nullable fields can be sent as an explicit null', () => {
    expect(clearable(model('ThingPatch')).map((f) => f.json)).toEqual(['expires_at', 'device_targeting']);
    expect(clearable(model('ThingInput')).map((f) => f.json)).toEqual(['expires_at', 'device_targeting']);
    expect(model('CreateThingsRequest').input).toBe(true);
    expect(model('ThingInputDeviceTargeting').input).toBe(true);
    expect(model('Thing').input).toBeUndefined();
    expect(clearable(model('Thing'))).toEqual([]);
  });

  it('answers, parameters and headers', () => {
    expect(op('thingQr').result).toEqual({ kind: 'binary', contentTypes: ['image/png', 'image/svg+xml'] });
    expect(op('thingLabel').result).toEqual({ kind: 'text', contentTypes: ['image/svg+xml'] });
    expect(op('exportThings').result).toEqual({ kind: 'text', contentTypes: ['text/csv'] });
    expect(op('report').result).toMatchObject({ kind: 'json', alsoRaw: ['text/csv'] });
    expect(op('deleteThing').result).toEqual({ kind: 'none' });
    expect(op('retryEvent').pathParams.map((p) => p.json)).toEqual(['id', 'event_id']);
    expect(op('deleteThings').queryParams[0]).toMatchObject({ json: 'ids', required: true, explode: false });
    expect(op('listThings').queryParams.find((p) => p.json === 'tags')).toMatchObject({ explode: true });
    expect(op('createThing').headerParams).toMatchObject([{ json: 'Idempotency-Key', name: 'idempotencyKey', required: false }]);
    expect(op('listThings').doc).toContain('things:read');
    expect(basePathOf({ servers: [{ url: 'https://lsk.example.com/v1/' }] })).toBe('/v1');
    expect(basePathOf({})).toBe('');
    expect(tsType({ description: 'free', readOnly: true }, '')).toBe('unknown');
    expect(tsType({ type: ['string', 'null'], format: 'date-time' }, '')).toBe('string | null');
  });
});

describe('TypeScript client generated from the fixture', () => {
  it('type-checks with a program using every shape', async () => {
    writeFileSync(
      join(dir, 'clients/typescript/tsconfig.usage.json'),
      JSON.stringify({ extends: './tsconfig.build.json', compilerOptions: { noEmit: true, rootDir: '.' }, files: ['usage.ts'] }),
    );
    const res = await run(
      process.execPath,
      [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.usage.json'],
      join(dir, 'clients/typescript'),
      {},
      120_000,
    );
    expect(res.code, res.out).toBe(0);
  }, 150_000);

  describe('on the wire', () => {
    let server: Server;
    let base: string;
    const seen: { method: string; url: string; idem?: string; accept?: string; body: string }[] = [];
    const bodyOf = (req: IncomingMessage) =>
      new Promise<string>((r) => {
        let b = '';
        req.on('data', (c) => {
          b += c;
        });
        req.on('end', () => r(b));
      });

    beforeAll(async () => {
      const thing = { id: 't1', created_at: '2026-11-21T10:15:00.123Z', status: 'active', device_targeting: {}, tags: [], kind: 'plain', class: 'c' };
      server = createServer(async (req, res) => {
        const body = await bodyOf(req);
        seen.push({ method: req.method!, url: req.url!, idem: req.headers['idempotency-key'] as string | undefined, accept: req.headers.accept, body });
        const u = new URL(req.url!, 'http://x');
        const json = (status: number, v: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(v));
        const key = `${req.method} ${u.pathname}`;
        if (key === 'GET /v1/things') return json(200, { data: [thing], next_cursor: null });
        if (key === 'POST /v1/things') return json(201, { ...thing, id: 't2' });
        if (key === 'POST /v1/things/bulk') return json(200, { data: [{ thing }, { error: { code: 'validation_failed', message: 'name is required' } }] });
        if (key === 'DELETE /v1/things/bulk') return json(200, { deleted: ['a'], not_found: ['b'] });
        if (key === 'GET /v1/things/export') return res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' }).end('id,name\nt1,x\n');
        if (key === 'GET /v1/things/t1/qr' && u.searchParams.get('format') === 'png')
          return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
        if (key === 'GET /v1/things/t1/qr') return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg/>');
        if (key === 'POST /v1/things/t1/events/e%2F1/retry') return res.writeHead(202).end();
        if (key === 'DELETE /v1/things/t1') return res.writeHead(204).end();
        if (key === 'GET /v1/report' && u.searchParams.get('format') === 'csv') return res.writeHead(200, { 'content-type': 'text/csv' }).end('key,clicks\n');
        if (key === 'GET /v1/report') return json(200, { total: { clicks: 3 }, data: [] });
        return json(404, { error: { code: 'not_found', message: 'no such route', request_id: 'r1' } });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    afterAll(async () => {
      await new Promise((r) => server?.close(r));
    });

    it('sends and reads every shape', async () => {
      const sdk = await import(pathToFileURL(join(dir, 'clients/typescript/src/index.ts')).href);
      const c = new sdk.LskClient({ baseUrl: base, apiKey: 'lsk_live_x', retries: 0 });
      const since = new Date('2026-11-20T00:00:00.000Z');
      expect((await c.listThings({ ids: ['a', 'b'], tags: ['x', 'y'], status: 'active', since, limit: 5 })).data[0].created_at).toBe(
        '2026-11-21T10:15:00.123Z',
      );
      expect(seen.at(-1)!.url).toBe('/v1/things?ids=a%2Cb&tags=x&tags=y&status=active&since=2026-11-20T00%3A00%3A00.000Z&limit=5');
      expect((await c.createThing({ name: 'n' }, { idempotencyKey: 'idem-1' })).id).toBe('t2');
      expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/v1/things', idem: 'idem-1', body: '{"name":"n"}' });
      const bulk = await c.createThings({ things: [{ name: 'a' }, { name: '' }] });
      expect(bulk.data.map((i: { thing?: { id: string }; error?: { code: string } }) => i.thing?.id ?? i.error?.code)).toEqual(['t1', 'validation_failed']);
      expect(await c.deleteThings({ ids: ['a', 'b'] })).toEqual({ deleted: ['a'], not_found: ['b'] });
      expect(seen.at(-1)!.url).toBe('/v1/things/bulk?ids=a%2Cb');
      expect(await c.exportThings()).toBe('id,name\nt1,x\n');
      const png = await c.thingQr('t1', { format: 'png' });
      expect(png).toBeInstanceOf(Blob);
      expect((png as Blob).type).toBe('image/png');
      expect([...new Uint8Array(await (png as Blob).arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      expect(await c.thingQr('t1', { format: 'svg' })).toBe('<svg/>');
      expect(await c.retryEvent('t1', 'e/1')).toBeUndefined();
      expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/v1/things/t1/events/e%2F1/retry' });
      expect(await c.deleteThing('t1')).toBeUndefined();
      expect(await c.report()).toEqual({ total: { clicks: 3 }, data: [] });
      expect(await c.report({ format: 'csv' })).toBe('key,clicks\n');
      const err = await c.thing('missing').catch((e: unknown) => e);
      expect(err).toMatchObject({ name: 'LskError', code: 'not_found', status: 404, requestId: 'r1' });
      expect(sdk.errorStatus).toEqual({ invalid_json: 400, not_found: 404, validation_failed: 400 });
    });
  });
});

describe('Swift client generated from the fixture', () => {
  it.each(['Sources/Lsk/LskClient+Operations.swift', 'Sources/Lsk/Models.swift'])('%s parses with tree-sitter-swift', (f) => {
    expect(swiftSyntaxProblems(readFileSync(join(dir, 'clients/swift', f), 'utf8'))).toEqual([]);
  });

  it('nullable request fields are Nullable<T>? (nil: not sent), response fields stay T?', () => {
    const models = readFileSync(join(dir, 'clients/swift/Sources/Lsk/Models.swift'), 'utf8');
    const struct = (name: string) => models.slice(models.indexOf(`public struct ${name}: `)).split('\n}\n')[0]!;
    expect(struct('ThingPatch')).toContain('public var expiresAt: Nullable<Date>?\n');
    expect(struct('ThingPatch')).toContain('public var deviceTargeting: Nullable<ThingInputDeviceTargeting>?\n');
    expect(struct('ThingPatch')).toContain('public var name: String\n');
    expect(struct('ThingPatch')).toContain('expiresAt: Nullable<Date>? = nil');
    expect(struct('Thing')).toMatch(/public var expiresAt: Date\?\n/);
  });
});

describe('Java and Kotlin clients generated from the fixture compile, with a program using every shape', () => {
  for (const lang of ['java', 'kotlin']) {
    it(
      `clients/${lang}: mvn compile`,
      async () => {
        const extra = (process.env.MVN_ARGS ?? '').split(' ').filter(Boolean);
        const res = await run(process.env.MVN ?? 'mvn', [...extra, '-q', '-B', 'compile'], join(dir, 'clients', lang), mavenJvmEnv(), MAVEN_TIMEOUT);
        expect(res.code, res.out.slice(-8000)).toBe(0);
      },
      MAVEN_TIMEOUT + 30_000,
    );
  }
});
