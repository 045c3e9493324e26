/**
 * The OpenAPI document as a statement of the rules (schema/openapi.json, kept current by
 * test/api/schema-artifacts.test.ts): every example is accepted by the zod schema it illustrates,
 * every input carries its constraints, times are date-times, and the error codes are the one table's.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { FILTER_FIELDS } from '../../src/domain/click-fields.js';
import { ERROR_STATUS } from '../../src/domain/errors.js';
import { operationId, requestComponent, responseComponent } from '../../src/openapi/components.js';
import { ERROR_EXAMPLES, SCHEMA_EXAMPLES } from '../../src/openapi/examples.js';
import { REST_ROUTES } from '../../src/v1/routes.js';

type Obj = Record<string, any>;
const doc = JSON.parse(readFileSync(fileURLToPath(new URL('../../schema/openapi.json', import.meta.url)), 'utf8')) as Obj;
const schemas = doc.components.schemas as Obj;

/** Every schema node under `node`, with its place. */
function* nodes(node: Obj, where: string): Generator<[string, Obj]> {
  yield [where, node];
  for (const [k, v] of Object.entries(node.properties ?? {})) yield* nodes(v as Obj, `${where}.${k}`);
  if (node.items) yield* nodes(node.items, `${where}[]`);
  for (const s of node.allOf ?? []) yield* nodes(s, where);
}

const requestSchemas = (): [string, Obj][] => [
  ...Object.entries(schemas).filter(([name]) => name.endsWith('Request')),
  ...Object.values(doc.paths as Obj).flatMap((item) =>
    Object.values(item as Obj).flatMap((op) =>
      ((op as Obj).parameters ?? []).map((p: Obj): [string, Obj] => [`${(op as Obj).operationId} ${p.name}`, p.schema]),
    ),
  ),
];

describe('examples', () => {
  it.each(REST_ROUTES.filter((r) => r.body).map((r) => [operationId(r), r] as const))('the request example of %s is a valid request', (_id, route) => {
    const r = route.body!.safeParse(SCHEMA_EXAMPLES[requestComponent(route)]);
    expect(r.error?.issues ?? []).toEqual([]);
  });

  it.each(REST_ROUTES.filter((r) => r.response).map((r) => [operationId(r), r] as const))(
    'the response example of %s is what the service returns',
    (_id, route) => {
      const r = route.response!.safeParse(SCHEMA_EXAMPLES[responseComponent(route)!]);
      expect(r.error?.issues ?? []).toEqual([]);
    },
  );

  it('every operation shows an example request body and an example success body, in the document', () => {
    for (const item of Object.values(doc.paths as Obj)) {
      for (const op of Object.values(item as Obj) as Obj[]) {
        if (op.requestBody) expect(op.requestBody.content['application/json'].example, `${op.operationId} request`).toBeDefined();
        const ok = Object.entries(op.responses as Obj).find(([s]) => /^2/.test(s))![1] as Obj;
        // Every textual body has an example (JSON, NDJSON, SVG, CSV); bytes (PNG) are described by their schema.
        for (const [type, c] of Object.entries((ok.content ?? {}) as Obj) as [string, Obj][]) {
          if (type === 'application/json' || type === 'application/x-ndjson' || type.endsWith('+xml') || type.startsWith('text/'))
            expect(c.example, `${op.operationId} response ${type}`).toBeDefined();
          else expect(c.schema, `${op.operationId} response ${type}`).toEqual({ type: 'string', format: 'binary' });
        }
      }
    }
  });

  it('every error status has an example body carrying one of its codes', () => {
    for (const [name, response] of Object.entries(doc.components.responses as Obj)) {
      const example = response.content['application/json'].example;
      expect(ERROR_STATUS[example.error.code as keyof typeof ERROR_STATUS], name).toBe(Number(name.slice(1)));
      expect(example.error.message.length).toBeGreaterThan(0);
    }
    for (const [code, example] of Object.entries(ERROR_EXAMPLES)) expect(example.error.code).toBe(code);
  });
});

describe('the rules are in the document', () => {
  it('every string a request carries is bounded: a format, a pattern, a maximum length or an enum', () => {
    for (const [name, root] of requestSchemas()) {
      for (const [where, s] of nodes(root, name)) {
        if (s.type === 'string') expect(s.pattern ?? s.format ?? s.maxLength ?? s.enum, `${where}`).toBeDefined();
        if (s.type === 'integer') expect([s.minimum, s.maximum], where).not.toContain(undefined);
        if (s.type === 'array') expect(s.maxItems, where).toBeDefined();
      }
    }
  });

  it('every property states its type (zod schemas zod cannot express alone carry theirs in .meta())', () => {
    for (const [name, root] of Object.entries(schemas)) {
      for (const [where, s] of nodes(root, name)) expect(s.type ?? s.$ref ?? s.allOf, where).toBeDefined();
    }
  });

  it('times are date-times and dates are dates, in every response', () => {
    for (const [name, root] of Object.entries(schemas)) {
      for (const [where, s] of nodes(root, name)) {
        if (/_at$/.test(where)) expect(s.format, where).toBe('date-time');
        // Analytics windows are instants (a date bound is read in the request's time zone); LinkStats' are UTC dates.
        if (/\.(from|to)$/.test(where) && where.startsWith('Analytics.')) expect(s.format, where).toBe('date-time');
        // (A link rule's `to` is its target URL.)
        else if (/\.(from|to|date)$/.test(where) && !/(LinkRule|rules\[\])\.to$/.test(where)) expect(s.format, where).toBe('date');
      }
    }
  });

  it('the query parameters and the stats dates carry their formats', () => {
    const params = (path: string, method: string) => Object.fromEntries((doc.paths[path][method].parameters as Obj[]).map((p) => [p.name, p.schema]));
    expect(params('/links', 'get').limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(params('/links/{id}/stats', 'get').from).toMatchObject({ type: 'string', format: 'date' });
    expect(schemas.HttpUrl).toMatchObject({ type: 'string', maxLength: 8192 });
    expect(schemas.Link.properties.short_url).toMatchObject({ type: 'string', format: 'uri' });
    expect(schemas.DeviceClicks.properties.device.enum).toEqual(['desktop', 'mobile', 'tablet', 'other']);
    expect(schemas.Workspace.properties.plan.enum).toEqual(['standard', 'advanced', 'custom']);
  });

  it('the error code enum is the error table, in its order', () => {
    expect(schemas.Error.properties.error.properties.code.enum).toEqual(Object.keys(ERROR_STATUS));
    const statuses = [...new Set(Object.values(ERROR_STATUS))].map((s) => `E${s}`);
    expect(Object.keys(doc.components.responses).sort()).toEqual(statuses.sort());
  });
});

describe('the route table and the GraphQL schema (schema/schema.graphql) agree', () => {
  const schema = buildSchema(readFileSync(fileURLToPath(new URL('../../schema/schema.graphql', import.meta.url)), 'utf8'));
  it.each(REST_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: path, query and body together are the arguments of its root field',
    (_label, route) => {
      const [kind, name] = route.field.split('.') as ['Query' | 'Mutation', string];
      const field = (kind === 'Query' ? schema.getQueryType() : schema.getMutationType())!.getFields()[name];
      expect(field, route.field).toBeDefined();
      const inPath = [...route.path.matchAll(/:([a-z_]+)/g)].map((m) => m[1]!);
      const inBody = Object.keys((route.body as { shape?: object } | undefined)?.shape ?? {});
      // format=csv picks the REST answer's media type; it is no argument of the field.
      const inQuery = (route.queryParams ?? []).filter((n) => !(route.csv && n === 'format'));
      // REST spells the field's `filter` input as one query parameter per filtered field (country=DE,FR).
      const args = new Set(field!.args.map((a) => a.name));
      const asArgument = (n: string) => (args.has('filter') && !args.has(n) && (FILTER_FIELDS as readonly string[]).includes(n) ? 'filter' : n);
      expect([...new Set([...inPath, ...inQuery, ...inBody].map(asArgument))].sort()).toEqual([...args].sort());
      expect(Object.keys(route.params ?? {}).sort()).toEqual([...inPath].sort());
    },
  );
});
