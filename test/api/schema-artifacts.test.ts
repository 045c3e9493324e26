/**
 * The committed schema artifacts (schema/schema.graphql, schema/openapi.json, src/generated/graphql.ts)
 * are current, and the GraphQL SDL uses the contract's names (the OpenAPI document's own checks:
 * openapi-document.test.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generate } from '@graphql-codegen/cli';
import {
  buildSchema as buildSchemaFromSdl,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import codegenConfig from '../../codegen.js';
import { CONTRACT_ENDPOINTS, LINK_FIELDS, ROOT, readText, SNAKE_CASE, STALE } from './_artifacts.js';

const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

/**
 * Fresh artifacts from the compiled print script (dist/, built by `npm test`), in a child process:
 * the schema's modules cannot be loaded twice into vitest's module graph (two graphql realms).
 */
let fresh: { 'schema.graphql': string; 'openapi.json': string };
beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'lsk-schema-'));
  try {
    await promisify(execFile)(process.execPath, [join(ROOT, 'dist/scripts/print-schema.js'), '--out', dir], { cwd: ROOT });
    fresh = { 'schema.graphql': await readFile(join(dir, 'schema.graphql'), 'utf8'), 'openapi.json': await readFile(join(dir, 'openapi.json'), 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);

describe('committed artifacts are current', () => {
  it('schema/schema.graphql is the printed schema of buildSchema()', async () => {
    expect(await readText('schema/schema.graphql'), STALE('schema/schema.graphql', 'npm run schema:print')).toBe(fresh['schema.graphql']);
  });

  it('schema/openapi.json is the document the server builds', async () => {
    expect(await readText('schema/openapi.json'), STALE('schema/openapi.json', 'npm run schema:print')).toBe(fresh['openapi.json']);
  });

  it('src/generated/graphql.ts is what codegen makes of schema/schema.graphql', async () => {
    const outputs = (await generate({ ...codegenConfig, cwd: ROOT, silent: true }, false)) as { filename: string; content: string }[];
    const out = outputs.find((o) => o.filename === 'src/generated/graphql.ts');
    expect(out, 'codegen.ts no longer generates src/generated/graphql.ts').toBeDefined();
    expect(await readText('src/generated/graphql.ts'), STALE('src/generated/graphql.ts', 'npm run schema:print && npm run codegen')).toBe(out!.content);
  }, 60_000);
});

describe('GraphQL SDL', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = buildSchemaFromSdl(await readText('schema/schema.graphql'));
  });

  const fieldsOf = (type: string) => {
    const t = schema.getType(type);
    if (!isObjectType(t)) throw new Error(`${type} is not an object type of the schema`);
    return t.getFields();
  };

  it('has the snake_case data fields of the contract', () => {
    const ecc = schema.getType('QrEcc');
    expect(isEnumType(ecc) && ecc.getValues().map((v) => v.name)).toEqual(['H', 'L', 'M', 'Q']);
    // qr_svg and stats are GraphQL-only (fields with arguments); REST answers GET /v1/links/{id}/qr and /stats instead.
    expect(Object.keys(fieldsOf('Link')).sort()).toEqual([...LINK_FIELDS, 'qr_svg', 'stats'].sort());
    expect(Object.keys(fieldsOf('LinkList')).sort()).toEqual(['data', 'next_cursor']);
    expect(Object.keys(fieldsOf('Workspace'))).toEqual(expect.arrayContaining(['id', 'slug', 'plan', 'rate_limit_rpm']));
    expect(Object.keys(fieldsOf('ApiKey'))).toEqual(expect.arrayContaining(['id', 'name', 'created_at', 'expires_at', 'last_used_at', 'revoked_at']));
    expect(Object.keys(fieldsOf('Tag'))).toEqual(expect.arrayContaining(['name', 'links', 'created_at']));
    expect(Object.keys(fieldsOf('Domain'))).toEqual(expect.arrayContaining(['host', 'created_at']));
    expect(Object.keys(fieldsOf('LinkStats'))).toEqual(
      expect.arrayContaining(['link_id', 'from', 'to', 'clicks', 'bots', 'by_day', 'by_country', 'by_referrer', 'by_device', 'by_browser', 'by_os']),
    );
    expect(isScalarType(getNamedType(fieldsOf('Link').geo_targeting!.type)), 'geo_targeting is a scalar').toBe(true);

    const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean).map((t) => t!.name));
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || roots.has(type.name)) continue;
      if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
        for (const f of Object.keys(type.getFields())) expect(f, `${type.name}.${f} is snake_case`).toMatch(SNAKE_CASE);
      }
      // Enum values are the wire values REST takes too: snake_case, except the QR standard's level letters L, M, Q and H.
      if (isEnumType(type) && type.name !== 'QrEcc') for (const v of type.getValues()) expect(v.name, `${type.name}.${v.name}`).toMatch(SNAKE_CASE);
    }
  });

  it('has camelCase root fields with snake_case arguments, and flat createLink/updateLink arguments', () => {
    const query = fieldsOf('Query');
    const mutation = fieldsOf('Mutation');
    for (const [name, field] of [...Object.entries(query), ...Object.entries(mutation)]) {
      expect(name, `root field ${name} is camelCase`).toMatch(CAMEL_CASE);
      for (const a of field.args) expect(a.name, `${name}(${a.name}) is snake_case`).toMatch(SNAKE_CASE);
    }
    expect(Object.keys(query)).toEqual(expect.arrayContaining(['link', 'links', 'linkStats', 'tags', 'domains', 'keys', 'workspace']));
    expect(Object.keys(mutation)).toEqual(
      expect.arrayContaining(['createLink', 'updateLink', 'deleteLink', 'updateTag', 'deleteTag', 'createDomain', 'deleteDomain', 'createKey', 'revokeKey']),
    );
    expect(query.links!.args.map((a) => a.name).sort()).toEqual(['cursor', 'domain', 'external_id', 'health', 'limit', 'q', 'sort', 'status', 'tag']);
    const behaviour = [
      'title',
      'external_id',
      'expires_at',
      'expired_url',
      'max_clicks',
      'password',
      'device_targeting',
      'rules',
      'variants',
      'utm',
      'preview',
    ];
    expect(mutation.createLink!.args.map((a) => a.name).sort()).toEqual(['alias', 'destination', 'domain', 'geo_targeting', 'tags', ...behaviour].sort());
    expect(mutation.updateLink!.args.map((a) => a.name).sort()).toEqual(['alias', 'destination', 'domain', 'geo_targeting', 'id', 'tags', ...behaviour].sort());
    // Every REST operation is the projection of a root field of the same name.
    // The CSV export is a stream the edge answers itself, not a root field's value.
    for (const e of CONTRACT_ENDPOINTS.filter((c) => c.operationId !== 'exportLinks'))
      expect({ ...query, ...mutation }, `root field ${e.operationId}`).toHaveProperty(e.operationId);
  });
});
