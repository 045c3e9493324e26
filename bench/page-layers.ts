/**
 * The page of 20 links in process, layer by layer (no HTTP; docs/adr/0205): the link service and its
 * store reads alone, the guard, yoga's parse and validate through the caches, the edge's executor,
 * graphql-jit's compiled query alone, and the answer's JSON. CPU microseconds per page
 * (process.cpuUsage, every thread), three rounds each. LAYERS=a,b runs the cases named so.
 * argv: <dir for the fixture, made when missing> [pages per round]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DocumentNode, parse } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { callerOf } from '../src/auth/principal.js';
import { loadConfig } from '../src/config/env.js';
import type { GraphQLContext } from '../src/graphql/context.js';
import { buildSchema } from '../src/graphql/schema/index.js';
import { createExecutor } from '../src/http/graphql/execute.js';
import { createGraphQLServer } from '../src/http/graphql/yoga.js';
import { apiKeyAuthenticator } from '../src/http/guard/authenticators.js';
import { Guard } from '../src/http/guard/guard.js';
import { buildRestOperations } from '../src/http/rest/operations.js';
import { createLogger } from '../src/logger.js';
import { REST_ROUTES } from '../src/v1/routes.js';
import { buildServices } from '../src/wiring/build-services.js';
import { prepare } from './fixtures.js';

const [dir = '/tmp/page-layers', perRound = '2000'] = process.argv.slice(2);
const N = Number(perRound);
const keyFile = join(dir, 'key');
if (!existsSync(keyFile)) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(keyFile, (await prepare(dir, 100_000)).key);
}
const key = readFileSync(keyFile, 'utf8');
const services = await buildServices(loadConfig({ DATABASE_URL: `file:${join(dir, 'lsk.db')}`, LSK_COUNTRY_HEADER: 'cf-ipcountry' }));
const log = createLogger('warn', 'stderr');
const schema = buildSchema();
const yoga = createGraphQLServer(schema, log);
const guard = new Guard({ services, limiter: services.limiter, authenticators: [apiKeyAuthenticator(services.keys)], anonymousPerMinute: 60 });
const req = { headers: { authorization: `Bearer ${key}` }, socket: { remoteAddress: '127.0.0.1' } } as never;
const principal = (await guard.authenticate(req))!;
const caller = callerOf(principal, 'req');
const ctx = (): GraphQLContext => ({ services, principal, caller, requestId: 'req' });

const rows = (await services.repos.links.list(caller.workspaceId, { order: 'newest', limit: 20 })) as never[];
const ids = rows.map((r: { id: string }) => r.id);
const operations = await buildRestOperations(schema, REST_ROUTES, (doc) => yoga.getEnveloped({}).validate(schema, doc));
const restOp = [...operations].find(([r]) => r.method === 'GET' && r.path === '/links')![1];
const gqlText = '{ links(limit: 20) { data { id short_url domain alias destination geo_targeting tags clicks created_at updated_at } next_cursor } }';
const gqlDoc = parse(gqlText);

const execute = createExecutor(yoga, log);
/** The edge's execution of a document (a text is parsed and validated through yoga's caches first). */
async function engine(doc: DocumentNode | string, variables: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  let document = doc as DocumentNode;
  if (typeof doc === 'string') {
    const enveloped = yoga.getEnveloped(ctx());
    document = enveloped.parse(doc);
    enveloped.validate(enveloped.schema, document);
  }
  return (await execute({ document, context: ctx(), variables })) as Record<string, unknown>;
}
const jit = (doc: DocumentNode) => {
  const c = compileQuery(schema, doc);
  if (!isCompiledQuery(c)) throw new Error('not compiled');
  return c;
};
const gqlJit = jit(gqlDoc);
const restJit = jit(restOp.document);
// graphql-jit's own serializer (fast-json-stringify from the query's shape), where it compiles.
const fjs = compileQuery(schema, gqlDoc, undefined, { customJSONSerializer: true });
if (!isCompiledQuery(fjs)) console.log(`graphql-jit's compiled stringify: not compiled (${fjs.errors?.map((e) => e.message).join('; ')})`);
else {
  const sample = await fjs.query(undefined, ctx(), {});
  console.log(`graphql-jit's compiled stringify ${fjs.stringify(sample) === JSON.stringify(sample) ? 'equals' : 'differs from'} JSON.stringify on the page`);
}
const restVars = { limit: 20 };

const cases: [string, () => Promise<unknown>][] = [
  ['service.list', () => services.links.list(caller, { limit: 20 })],
  ['service.list of 1', () => services.links.list(caller, { limit: 1 })],
  ['repo links.list 21', () => services.repos.links.list(caller.workspaceId, { order: 'newest', limit: 21 })],
  ['repo links.list 2', () => services.repos.links.list(caller.workspaceId, { order: 'newest', limit: 2 })],
  ['repo clicks.totals 20', () => services.repos.clicks.totals(caller.workspaceId, ids)],
  ['health.of 20', async () => services.health.service.of(rows)],
  ['guard authenticate+charge', async () => guard.charge((await guard.authenticate(req))!, 1)],
  ['gql getEnveloped', async () => yoga.getEnveloped(ctx())],
  ['gql getEnveloped + parse (cache)', async () => yoga.getEnveloped(ctx()).parse(gqlText)],
  [
    'gql getEnveloped + parse + validate (cache)',
    async () => {
      const e = yoga.getEnveloped(ctx());
      return e.validate(e.schema, e.parse(gqlText));
    },
  ],
  ['gql engine (text parsed via cache)', () => engine(gqlText)],
  ['gql engine + JSON.stringify', async () => JSON.stringify({ data: (await engine(gqlText)).data })],
  ['gql jit alone', async () => gqlJit.query(undefined, ctx(), {})],
  ['gql jit + JSON.stringify', async () => JSON.stringify(await gqlJit.query(undefined, ctx(), {}))],
  ...(isCompiledQuery(fjs)
    ? [['gql jit + compiled stringify', async (): Promise<unknown> => fjs.stringify(await fjs.query(undefined, ctx(), {}))] as [string, () => Promise<unknown>]]
    : []),
  ['rest engine', () => engine(restOp.document, restVars)],
  ['rest jit alone', async () => restJit.query(undefined, ctx(), restVars)],
  ['rest jit + JSON.stringify', async () => JSON.stringify(((await restJit.query(undefined, ctx(), restVars)).data as Record<string, unknown>)[restOp.field])],
];
await engine(restOp.document, restVars);

const only = process.env.LAYERS?.split(',');
for (let round = 0; round < 3; round++) {
  for (const [name, run] of cases) {
    if (only && !only.some((o) => name.startsWith(o))) continue;
    for (let i = 0; i < N / 4; i++) await run();
    const t0 = process.cpuUsage();
    for (let i = 0; i < N; i++) await run();
    const t = process.cpuUsage(t0);
    console.log(`${name.padEnd(40)} ${((t.user + t.system) / N).toFixed(1)} µs`);
  }
}
await services.repos.close();
