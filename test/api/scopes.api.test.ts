/**
 * Key scopes, black-box: every REST route and every GraphQL root field is called with a key holding
 * each single scope in turn; it runs exactly when that scope (or the write that implies it) is the
 * one the operation declares, and is otherwise refused with 403 insufficient_scope naming the scope.
 * Then the key side: scopes set at creation (REST, GraphQL, CLI), listed, and never beyond the creator's.
 */
import { buildOperationNodeForField } from '@graphql-tools/utils';
import { type GraphQLSchema, Kind, OperationTypeNode, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandScopes, SCOPES, type Scope } from '../../src/domain/scopes.js';
import { declaredScope, declaredScopes, isPublicField } from '../../src/graphql/declared-scope.js';
import { buildSchema } from '../../src/graphql/schema/index.js';
import { withoutNestedArguments } from '../../src/http/rest/operations.js';
import { requestComponent } from '../../src/openapi/components.js';
import { rootField } from '../../src/openapi/descriptions.js';
import { SCHEMA_EXAMPLES } from '../../src/openapi/examples.js';
import type { RestRoute } from '../../src/v1/route.js';
import { REST_ROUTES } from '../../src/v1/routes.js';
import { cliLines } from '../support/cli-in-process.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { BIG_PLAN, expectError } from './_assert.js';

/** Values for every required argument / path parameter: nothing that exists, so allowed calls change little. */
const VALUES: Record<string, unknown> = {
  id: 'none',
  tag: 'none',
  name: 'none',
  host: 'none.example',
  domain: 'none.example',
  delivery_id: 'dlv_none',
  destination: 'https://example.com/x',
  url: 'http://127.0.0.1:9/x',
  events: ['link.created'],
  user_id: 'usr_none',
  role: 'viewer',
  email: 'scoped@example.com',
  ids: ['lnk_none'],
  links: [{ destination: 'https://example.com/x' }],
  frequency: 'weekly',
  recipients: ['usr_none'],
  // Not the workspace's slug: a caller allowed to delete it gets 400, and it stays.
  confirm: 'not-this-workspace',
};
/** Query strings a route needs (its required query parameters). */
const QUERIES: Record<string, string> = { deleteLinks: '?ids=lnk_none', deleteWorkspace: '?confirm=not-this-workspace' };
/** Request bodies where the documented example would be refused for another reason than scope. */
const BODIES: Record<string, unknown> = {
  createKey: { name: 'ci' }, // the example asks for scopes a single-scope creator lacks
  createWebhook: { url: VALUES.url, events: VALUES.events }, // a loopback target, allowed on this server
};

const schema: GraphQLSchema = buildSchema();
const opName = (r: RestRoute) => r.field.split('.')[1]!;

function restCall(route: RestRoute): { path: string; body?: unknown } {
  const path = `/v1${route.path.replace(/:([a-z_]+)/g, (_m, p: string) => encodeURIComponent(String(VALUES[p])))}${QUERIES[opName(route)] ?? ''}`;
  if (!route.body) return { path };
  return { path, body: BODIES[opName(route)] ?? SCHEMA_EXAMPLES[requestComponent(route)] };
}

function graphqlCall(kind: 'Query' | 'Mutation', field: string): { query: string; variables: Record<string, unknown> } {
  // Fields below the root that take arguments (Link.qr_svg, Tag.tagged_links...) are left out: the call is about the root field.
  const node = withoutNestedArguments(
    buildOperationNodeForField({
      schema,
      kind: kind === 'Query' ? OperationTypeNode.QUERY : OperationTypeNode.MUTATION,
      field,
      models: [],
      ignore: [],
    }),
  );
  const required = (node.variableDefinitions ?? []).filter((v) => v.type.kind === Kind.NON_NULL_TYPE).map((v) => v.variable.name.value);
  const optional = new Set((node.variableDefinitions ?? []).map((v) => v.variable.name.value).filter((n) => !required.includes(n)));
  const trimmed = { ...node, variableDefinitions: (node.variableDefinitions ?? []).filter((v) => !optional.has(v.variable.name.value)) };
  const query = print({ kind: Kind.DOCUMENT, definitions: [trimmed] }).replace(/\(\s*([a-z_]+): \$[a-z_]+\s*\)/g, (m, a: string) => (optional.has(a) ? '' : m));
  return { query: stripOptionalArgs(query, optional), variables: Object.fromEntries(required.map((n) => [n, VALUES[n]])) };
}

/** Remove `arg: $arg` for optional arguments (the call passes only the required ones). */
function stripOptionalArgs(query: string, optional: ReadonlySet<string>): string {
  let q = query;
  for (const a of optional) q = q.replace(new RegExp(`,?\\s*${a}: \\$${a}`, 'g'), '');
  return q.replace(/\(\s*,\s*/g, '(').replace(/\(\s*\)/g, '');
}

const ROOT_FIELDS = (['Query', 'Mutation'] as const).flatMap((kind) => {
  const type = kind === 'Query' ? schema.getQueryType()! : schema.getMutationType()!;
  return Object.values(type.getFields()).map((f) => ({ kind, field: f.name, scope: declaredScope(f)!, scopes: declaredScopes(f), public: isPublicField(f) }));
});
/** Whether a key of the one scope `s` may call what needs every one of `needed` (a field may need a second scope, checked by its resolver). */
const allows = (s: Scope, needed: readonly Scope[]) => needed.every((n) => expandScopes([s]).has(n));
/** The first of `needed` a key of the one scope `s` lacks: the one its refusal names. */
const lacking = (s: Scope, needed: readonly Scope[]) => needed.find((n) => !expandScopes([s]).has(n))!;

describe('every operation against every scope (SQLite)', () => {
  let lsk: Lsk;
  const keys = new Map<Scope, string>();

  beforeAll(async () => {
    lsk = await startLsk('sqlite', { env: { LSK_WEBHOOK_ALLOW_PRIVATE: 'true' } });
    await lsk.workspace('scoped', BIG_PLAN);
    // Through the CLI's command (in this process: seeding; the last test runs the real CLI):
    // createKey has a per-field limit of 10 a minute.
    for (const s of SCOPES) keys.set(s, (await cliLines(['key', 'create', '--workspace', 'scoped', '--name', s, '--scopes', s], lsk.env)).at(-1)!);
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('declares a scope on every root field, and the route table covers them all', () => {
    expect(ROOT_FIELDS.filter((f) => !f.scope && !f.public)).toEqual([]);
    // The one field answered without credentials (shared analytics, docs/adr/0215) declares no scope.
    expect(ROOT_FIELDS.filter((f) => f.public).map((f) => [f.field, f.scope])).toEqual([['sharedAnalytics', null]]);
    for (const r of REST_ROUTES) expect(declaredScope(rootField(schema, r)), r.field).toBeTruthy();
  });

  it.each(REST_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('REST %s', async (_name, route) => {
    const needed = declaredScopes(rootField(schema, route));
    const { path, body } = restCall(route);
    for (const s of SCOPES) {
      const res = await client(lsk.base, keys.get(s))(route.method, path, body);
      if (allows(s, needed)) {
        expect(res.body?.error?.code, `${s} may call ${route.method} ${path}: ${res.text}`).not.toBe('insufficient_scope');
        expect(res.status).not.toBe(403);
      } else {
        expectError(res, 403, 'insufficient_scope');
        expect(res.body.error.message, s).toContain(`"${lacking(s, needed)}"`);
      }
    }
  });

  it.each(ROOT_FIELDS.filter((f) => !f.public).map((f) => [`${f.kind}.${f.field}`, f] as const))('GraphQL %s', async (_name, f) => {
    const { query, variables } = graphqlCall(f.kind, f.field);
    for (const s of SCOPES) {
      const res = await client(lsk.base, keys.get(s))('POST', '/graphql', { query, variables });
      const codes = (res.body?.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code);
      expect(codes, `${query} ${res.text}`).not.toContain('GRAPHQL_VALIDATION_FAILED');
      if (allows(s, f.scopes)) {
        expect(codes, `${s} may call ${f.field}: ${res.text}`).not.toContain('insufficient_scope');
      } else {
        expect(codes, `${s} may not call ${f.field}: ${res.text}`).toEqual(['insufficient_scope']);
        expect(res.body.errors[0].message).toContain(`"${lacking(s, f.scopes)}"`);
        expect(res.body.data?.[f.field] ?? null).toBeNull();
      }
    }
  });
});

describe.each(STORES)('key scopes on %s', (store) => {
  let lsk: Lsk;
  let full: ReturnType<typeof client>;

  beforeAll(async () => {
    lsk = await startLsk(store);
    full = client(lsk.base, await lsk.workspace('keys', BIG_PLAN));
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('creates a key with scopes over REST and GraphQL, lists them, and lets write imply read', async () => {
    const res = await full('POST', '/v1/keys', { name: 'reader', scopes: ['links:write', 'links:write'] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.scopes).toEqual(['links:write']);
    const scoped = client(lsk.base, res.body.key);
    expect((await scoped('GET', '/v1/links')).status).toBe(200);
    expectError(await scoped('GET', '/v1/domains'), 403, 'insufficient_scope');
    const gql = await full('POST', '/graphql', { query: 'mutation { createKey(name: "g", scopes: ["webhooks:read"]) { id scopes key } }' });
    expect(gql.body.data.createKey.scopes).toEqual(['webhooks:read']);
    const listed = await full('GET', '/v1/keys');
    const byName = Object.fromEntries(listed.body.data.map((k: { name: string; scopes: string[] }) => [k.name, k.scopes]));
    expect(byName.reader).toEqual(['links:write']);
    expect(byName.g).toEqual(['webhooks:read']);
    expect(byName.default).toEqual([...SCOPES]);
  });

  it('refuses a key with a scope its creator lacks, and unknown scopes, changing nothing', async () => {
    const keyAdmin = (await full('POST', '/v1/keys', { name: 'keys-only', scopes: ['keys:write'] })).body.key as string;
    const before = (await full('GET', '/v1/keys')).body.data.length;
    const res = await client(lsk.base, keyAdmin)('POST', '/v1/keys', { name: 'escalate', scopes: ['keys:read', 'webhooks:write'] });
    expectError(res, 403, 'insufficient_scope');
    expect(res.body.error.message).toContain('"webhooks:write"');
    const gql = await client(lsk.base, keyAdmin)('POST', '/graphql', { query: 'mutation { createKey(name: "x", scopes: ["links:write"]) { id } }' });
    expect(gql.body.errors[0].extensions.code).toBe('insufficient_scope');
    expectError(await full('POST', '/v1/keys', { scopes: ['links:admin'] }), 400, 'validation_failed', { paths: ['scopes.0'] });
    expectError(await full('POST', '/v1/keys', { scopes: [] }), 400, 'validation_failed', { paths: ['scopes'] });
    // Without scopes, a restricted creator's key gets the creator's own scopes.
    const own = await client(lsk.base, keyAdmin)('POST', '/v1/keys', { name: 'same' });
    expect(own.body.scopes).toEqual(['keys:read', 'keys:write']);
    expect((await full('GET', '/v1/keys')).body.data.length).toBe(before + 1);
  });

  it('takes --scopes in the CLI', async () => {
    const made = await lsk.cli(['key', 'create', '--workspace', 'keys', '--name', 'cli', '--scopes', 'analytics:read,links:read']);
    expect(made.code, made.stderr).toBe(0);
    const scoped = client(lsk.base, made.last);
    expect((await scoped('GET', '/v1/links')).status).toBe(200);
    expectError(await scoped('POST', '/v1/links', { destination: 'https://example.com' }), 403, 'insufficient_scope');
    const bad = await lsk.cli(['key', 'create', '--workspace', 'keys', '--scopes', 'links:read,nope']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--scopes/);
  });
});
