/**
 * The OpenAPI document (committed and served) is valid OpenAPI 3.0.x, passes `redocly lint` and
 * covers the API reference's endpoint table (docs/api.md).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lsk, startLsk } from '../support/server.js';
import { CONTRACT_ENDPOINTS, LINK_FIELDS, ROOT, readText, SNAKE_CASE, STALE } from './_artifacts.js';

type Obj = Record<string, any>;

/** docs/api.md, "Errors". */
const CONTRACT_ERROR_CODES = [
  'invalid_json',
  'validation_failed',
  'invalid_cursor',
  'unauthorized',
  'invalid_api_key',
  'key_expired',
  'key_revoked',
  'not_found',
  'method_not_allowed',
  'alias_taken',
  'domain_taken',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'unavailable',
];
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Follow a local $ref (#/components/...) until a non-reference object is reached. */
function deref(doc: Obj, node: Obj): Obj {
  let n = node;
  for (let i = 0; n && typeof n.$ref === 'string' && i < 10; i++) {
    expect(n.$ref.startsWith('#/'), `only local $refs expected, got ${n.$ref}`).toBe(true);
    n = n.$ref
      .slice(2)
      .split('/')
      .reduce((o: Obj | undefined, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Obj;
    expect(n, `dangling $ref ${node.$ref}`).toBeDefined();
  }
  return n;
}

/** A property's schema: a described reference is a one-element allOf (OpenAPI 3.0 ignores siblings of $ref). */
function propertySchema(doc: Obj, node: Obj): Obj {
  return deref(doc, node.allOf?.length === 1 ? node.allOf[0] : node);
}

function operations(doc: Obj): { method: string; path: string; op: Obj }[] {
  return Object.entries(doc.paths as Obj).flatMap(([path, item]) =>
    Object.entries(item as Obj)
      .filter(([m]) => HTTP_METHODS.includes(m))
      .map(([m, op]) => ({ method: m.toUpperCase(), path, op: op as Obj })),
  );
}

/** The checks every published OpenAPI document must pass, committed or served. */
function checkDocument(doc: Obj): void {
  expect(doc.openapi).toMatch(/^3\.0\.\d+$/);
  expect(doc.servers).toEqual([{ url: '/v1' }]);

  // Bearer security, applied to every operation.
  const schemes = Object.entries((doc.components?.securitySchemes ?? {}) as Obj).filter(([, s]) => s.type === 'http' && /^bearer$/i.test(s.scheme));
  expect(schemes.length, 'an http bearer security scheme').toBeGreaterThan(0);
  const bearerNames = new Set(schemes.map(([name]) => name));

  // Error envelope: an object with error.code (every contract code) / message / request_id / details.
  const errorSchema = (responseRef: Obj): Obj => {
    const response = deref(doc, responseRef);
    const schema = deref(doc, response.content?.['application/json']?.schema ?? {});
    expect(schema.required).toContain('error');
    const error = deref(doc, schema.properties.error);
    expect(error.required).toEqual(expect.arrayContaining(['code', 'message', 'request_id']));
    expect(Object.keys(error.properties)).toEqual(expect.arrayContaining(['code', 'message', 'details', 'request_id']));
    return error;
  };

  const ops = operations(doc);
  const seen = new Set<string>();
  const operationIds = ops.map((o) => o.op.operationId);
  expect(new Set(operationIds).size, 'operationIds are unique').toBe(operationIds.length);

  for (const e of CONTRACT_ENDPOINTS) {
    const where = `${e.method} ${e.path}`;
    const path = e.path.slice('/v1'.length);
    const op = doc.paths[path]?.[e.method.toLowerCase()] as Obj | undefined;
    expect(op, `${where} is documented`).toBeDefined();
    seen.add(`${e.method} ${path}`);
    expect(op!.operationId, `${where} operationId`).toBe(e.operationId);
    expect(op!.summary, `${where} summary`).toBeTruthy();

    const security = (op!.security ?? doc.security) as Obj[] | undefined;
    expect(security?.length, `${where} requires the bearer key`).toBeGreaterThan(0);
    for (const requirement of security!)
      expect(
        Object.keys(requirement).some((n) => bearerNames.has(n)),
        `${where} security`,
      ).toBe(true);

    const statuses = Object.keys(op!.responses);
    expect(
      statuses.filter((s) => /^2/.test(s)),
      `${where} success status`,
    ).toEqual([String(e.status)]);
    const ok = deref(doc, op!.responses[String(e.status)]);
    if (e.status === 204) {
      expect(ok.content, `${where}: a 204 has no content`).toBeUndefined();
    } else if (e.media) {
      expect(Object.keys(ok.content ?? {}), `${where}: its media types`).toEqual(e.media);
    } else {
      const schema = ok.content?.['application/json']?.schema;
      expect(schema, `${where}: JSON success body`).toBeDefined();
    }
    if (e.status === 201 && e.operationId !== 'createKey') expect(Object.keys(ok.headers ?? {}), `${where} Location`).toContain('Location');

    const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const params = (op!.parameters ?? []).map((p: Obj) => deref(doc, p));
    expect(
      params
        .filter((p: Obj) => p.in === 'path')
        .map((p: Obj) => p.name)
        .sort(),
      `${where} path parameters`,
    ).toEqual([...pathParams].sort());

    // Actions on a resource (rotate a secret, send a test, retry a delivery, send a report now) take no body.
    const hasBody =
      (e.method === 'POST' || e.method === 'PATCH') &&
      !['rotateWebhookSecret', 'testWebhook', 'retryWebhookDelivery', 'sendAnalyticsReport'].includes(e.operationId);
    expect(Boolean(op!.requestBody), `${where} request body`).toBe(hasBody);
    if (hasBody) {
      // Body fields are not repeated as query parameters.
      expect(
        params.filter((p: Obj) => p.in === 'query'),
        `${where} query parameters`,
      ).toEqual([]);
      const body = deref(doc, deref(doc, op!.requestBody).content['application/json'].schema);
      expect(body.additionalProperties, `${where}: unknown fields are refused`).toBe(false);
    }

    const expectedErrors = ['400', '401', '429', '500', '503', ...(pathParams.length > 0 ? ['404'] : []), ...(hasBody ? ['413', '415'] : [])];
    if (['createLink', 'updateLink', 'createDomain'].includes(e.operationId)) expectedErrors.push('409');
    expect(statuses, `${where} error responses`).toEqual(expect.arrayContaining(expectedErrors));
    for (const s of statuses.filter((st) => !/^2/.test(st))) errorSchema(op!.responses[s]);
    const retryAfter = deref(doc, op!.responses['429']).headers ?? {};
    expect(Object.keys(retryAfter), `${where} 429 Retry-After`).toContain('Retry-After');
  }

  // Nothing beyond the table (no Sofa leftovers such as its own openapi route).
  expect(ops.map((o) => `${o.method} ${o.path}`).sort()).toEqual([...seen].sort());

  const anyError = deref(doc, operations(doc)[0]!.op.responses['401']);
  const code = deref(doc, deref(doc, deref(doc, anyError.content['application/json'].schema).properties.error).properties.code);
  expect(code.enum, 'error codes').toEqual(expect.arrayContaining(CONTRACT_ERROR_CODES));

  // Resources: the contract's field names.
  const schemas = doc.components.schemas as Obj;
  expect(schemas.Link.required).toEqual(expect.arrayContaining(LINK_FIELDS));
  expect(Object.keys(schemas.Link.properties).sort()).toEqual([...LINK_FIELDS].sort());
  expect(propertySchema(doc, schemas.Link.properties.geo_targeting).type).toBe('object');
  expect(schemas.LinkList.properties.next_cursor.nullable).toBe(true);
  expect(schemas.LinkList.required).toEqual(expect.arrayContaining(['data', 'next_cursor']));
  expect(Object.keys(schemas.Workspace.properties).sort()).toEqual(['id', 'plan', 'rate_limit_rpm', 'require_2fa', 'slug']);
  for (const [name, schema] of Object.entries(schemas)) {
    // A map's properties are its possible keys (data), not field names.
    if ((schema as Obj)['x-lsk-map']) continue;
    for (const field of Object.keys((schema as Obj).properties ?? {})) expect(field, `${name}.${field} is snake_case`).toMatch(SNAKE_CASE);
  }
  // geo_targeting: the officially assigned ISO 3166-1 alpha-2 codes and nothing else.
  const geo = propertySchema(doc, schemas.Link.properties.geo_targeting);
  expect(Object.keys(geo.properties).length).toBe(249);
  expect(Object.keys(geo.properties)).toEqual(expect.arrayContaining(['DE', 'US', 'FR', 'SS']));
  expect(Object.keys(geo.properties)).not.toContain('XK');
  expect(geo.additionalProperties).toBe(false);
}

describe('OpenAPI document', () => {
  let lsk: Lsk;
  let served: { status: number; type: string | null; text: string };

  beforeAll(async () => {
    lsk = await startLsk('sqlite');
    const res = await fetch(`${lsk.base}/v1/openapi.json`);
    served = { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it("info.version is the package's version (package.json)", async () => {
    const pkg = JSON.parse(await readText('package.json')) as { version: string };
    expect((JSON.parse(served.text) as Obj).info.version).toBe(pkg.version);
    expect((JSON.parse(await readText('schema/openapi.json')) as Obj).info.version).toBe(pkg.version);
  });

  it('schema/openapi.json is valid OpenAPI 3.0.x (swagger-parser)', async () => {
    const doc = JSON.parse(await readText('schema/openapi.json')) as Obj;
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc.openapi).toMatch(/^3\.0\.\d+$/);
  });

  it('schema/openapi.json passes `redocly lint`: the recommended ruleset, no errors, no warnings (intended exceptions in .redocly.lint-ignore.yaml)', async () => {
    const cli = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    // Offline: no telemetry, no update check.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'lint', '--format=json'], { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 }).catch(
      (e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr }),
    );
    const result = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Obj[] };
    const problems = result.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`);
    expect(problems).toEqual([]);
    expect(result.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('GET /v1/openapi.json is valid OpenAPI 3.0.x, served without a key, and equals schema/openapi.json', async () => {
    expect(served.status).toBe(200);
    expect(served.type).toMatch(/^application\/json/);
    const doc = JSON.parse(served.text) as Obj;
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc, STALE('schema/openapi.json (differs from what the server serves)', 'npm run build && npm run schema:print')).toEqual(
      JSON.parse(await readText('schema/openapi.json')),
    );
  });

  it('covers the contract: every call with its status, operationId, bearer security, error envelope; 204s without content', async () => {
    checkDocument(JSON.parse(await readText('schema/openapi.json')) as Obj);
    checkDocument(JSON.parse(served.text) as Obj);
  });
});
