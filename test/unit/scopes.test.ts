/**
 * Declared scopes: the vocabulary and its implications, and the schema refusing exactly the root
 * fields a principal lacks the scope for. Runs the real schema (graphql-js execute) against real
 * services on an in-memory SQLite store, with principals made by hand (as a session or a scoped key
 * will make them).
 */
import { execute, type GraphQLSchema, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, type Principal } from '../../src/auth/principal.js';
import { loadConfig } from '../../src/config/env.js';
import { ALL_SCOPES, expandScopes, ROLE_SCOPES, SCOPES, type Scope } from '../../src/domain/scopes.js';
import type { GraphQLContext } from '../../src/graphql/context.js';
import { buildSchema } from '../../src/graphql/schema/index.js';
import { toGraphQLError } from '../../src/http/errors.js';
import type { Services } from '../../src/wiring/all-services.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { as, TEST_ACTING } from '../support/caller.js';

describe('the scope vocabulary', () => {
  it('lets every write imply the read of the same resource, and nothing else', () => {
    expect([...expandScopes(['links:write'])].sort()).toEqual(['links:read', 'links:write']);
    expect([...expandScopes(['keys:write', 'analytics:read'])].sort()).toEqual(['analytics:read', 'keys:read', 'keys:write']);
    expect([...expandScopes(['workspace:read'])]).toEqual(['workspace:read']);
    expect([...expandScopes([])]).toEqual([]);
  });

  it('maps member roles to nested scope sets: viewer ⊂ member ⊂ admin ⊂ owner = all', () => {
    const { viewer, member, admin, owner } = ROLE_SCOPES;
    const within = (a: ReadonlySet<Scope>, b: ReadonlySet<Scope>) => [...a].every((s) => b.has(s));
    expect(within(viewer, member) && within(member, admin) && within(admin, owner)).toBe(true);
    expect([...viewer].every((s) => s.endsWith(':read'))).toBe(true);
    expect([...member].filter((s) => s.endsWith(':write'))).toEqual(['links:write']);
    expect(admin.has('domains:write') && admin.has('keys:write') && admin.has('members:write')).toBe(true);
    // The audit log is for owners and admins only.
    expect([viewer.has('audit:read'), member.has('audit:read'), admin.has('audit:read'), owner.has('audit:read')]).toEqual([false, false, true, true]);
    expect([...owner].sort()).toEqual([...SCOPES].sort());
  });
});

/** What each root field declares (the contract's "API key scopes"). */
const DECLARED: Record<string, Scope | undefined> = {
  link: 'links:read',
  links: 'links:read',
  tags: 'links:read',
  linkStats: 'analytics:read',
  analytics: 'analytics:read',
  clickEvents: 'analytics:read',
  domains: 'domains:read',
  keys: 'keys:read',
  workspace: 'workspace:read',
  updateWorkspace: 'workspace:write',
  deleteWorkspace: 'workspace:write',
  createLink: 'links:write',
  updateLink: 'links:write',
  deleteLink: 'links:write',
  linkQrCode: 'links:read',
  createLinks: 'links:write',
  updateLinks: 'links:write',
  deleteLinks: 'links:write',
  updateTag: 'links:write',
  deleteTag: 'links:write',
  createDomain: 'domains:write',
  deleteDomain: 'domains:write',
  createKey: 'keys:write',
  revokeKey: 'keys:write',
  members: 'members:read',
  invites: 'members:read',
  updateMember: 'members:write',
  removeMember: 'members:write',
  createInvite: 'members:write',
  revokeInvite: 'members:write',
  node: 'workspace:read',
  viewer: 'workspace:read',
  webhooks: 'webhooks:read',
  webhook: 'webhooks:read',
  webhookDeliveries: 'webhooks:read',
  createWebhook: 'webhooks:write',
  updateWebhook: 'webhooks:write',
  deleteWebhook: 'webhooks:write',
  rotateWebhookSecret: 'webhooks:write',
  testWebhook: 'webhooks:write',
  retryWebhookDelivery: 'webhooks:write',
  updateDomain: 'domains:write',
  utmTemplates: 'links:read',
  linkCount: 'links:read',
  utmTemplate: 'links:read',
  createUtmTemplate: 'links:write',
  updateUtmTemplate: 'links:write',
  deleteUtmTemplate: 'links:write',
  auditLog: 'audit:read',
  analyticsReports: 'analytics:read',
  analyticsReport: 'analytics:read',
  createAnalyticsReport: 'links:write',
  updateAnalyticsReport: 'links:write',
  deleteAnalyticsReport: 'links:write',
  sendAnalyticsReport: 'links:write',
  // Shared analytics (docs/adr/0215): making and revoking also need links:write, which the resolver checks.
  analyticsShares: 'analytics:read',
  createAnalyticsShare: 'analytics:read',
  deleteAnalyticsShare: 'analytics:read',
  // The one public field: no scope (its token is the credential).
  sharedAnalytics: undefined,
};

describe('declared scopes on the schema', () => {
  let schema: GraphQLSchema;
  let services: Services;
  let principal: (scopes: Iterable<Scope>) => Principal;

  beforeAll(async () => {
    schema = buildSchema();
    services = await buildServices(loadConfig({ DATABASE_URL: 'file::memory:', LSK_COUNTRY_HEADER: 'cf-ipcountry' }));
    const ws = await services.workspaces.create(TEST_ACTING, 'scoped', 'standard');
    const { key } = await services.keys.issue(as(ws.id), 'hand-made');
    principal = (scopes) => ({ kind: 'key', key, workspace: ws, scopes: expandScopes(scopes) });
  });
  afterAll(async () => {
    await services?.repos.close();
  });

  async function run(query: string, who: Principal | null) {
    const contextValue: GraphQLContext = { services, principal: who, caller: who && callerOf(who, 'unit'), requestId: 'unit' };
    const result = await execute({ schema, document: parse(query), contextValue });
    return { data: result.data as Record<string, unknown> | null, errors: (result.errors ?? []).map((e) => toGraphQLError(e)) };
  }

  it('states one scope on every root field but the public one, exactly the contract’s', () => {
    const declared: Record<string, unknown> = {};
    for (const type of [schema.getQueryType()!, schema.getMutationType()!]) {
      for (const [name, field] of Object.entries(type.getFields())) {
        declared[name] = (field.extensions as { pothosOptions?: { authScopes?: { scope?: string } } }).pothosOptions?.authScopes?.scope;
      }
    }
    expect(declared).toEqual(DECLARED);
  });

  it('refuses only the root fields a principal lacks the scope for, naming the scope (403)', async () => {
    const who = principal(['links:read', 'workspace:read']);
    const res = await run('{ links { next_cursor } domains { data { host } } workspace { slug } }', who);
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0]!.path).toEqual(['domains']);
    expect(res.errors[0]!.extensions).toMatchObject({ code: 'insufficient_scope', http: { status: 403 } });
    expect(res.errors[0]!.message).toContain('"domains:read"');
    // Query root fields are nullable: the refused one is null, the others still answer.
    expect(res.data).toEqual({ links: { next_cursor: null }, domains: null, workspace: { slug: 'scoped' } });
    expect((await run('{ links { next_cursor } workspace { slug } }', who)).data).toEqual({ links: { next_cursor: null }, workspace: { slug: 'scoped' } });
  });

  it('refuses a signed-in user by role with forbidden where a key lacking the same scope gets insufficient_scope', async () => {
    const key = principal(['links:read', 'workspace:read']);
    const user = await services.accounts.createUser('viewer@example.com', 'Vi');
    const viewer: Principal = { kind: 'user', user, sessionId: 's', workspace: key.workspace, role: 'viewer', scopes: ROLE_SCOPES.viewer };
    const write = 'mutation { createDomain(host: "role.example.com") { host } }';
    expect((await run(write, key)).errors.map((e) => e.extensions.code)).toEqual(['insufficient_scope']);
    const refused = await run(write, viewer);
    expect(refused.errors.map((e) => [e.extensions.code, (e.extensions.http as { status: number }).status])).toEqual([['forbidden', 403]]);
    expect(refused.errors[0]!.message).toContain('viewer');
    expect((await run('{ workspace { slug } }', viewer)).data).toEqual({ workspace: { slug: 'scoped' } });
  });

  it('lets a write scope imply its read scope', async () => {
    const res = await run('{ links { next_cursor } }', principal(['links:write']));
    expect(res.errors).toEqual([]);
  });

  it('refuses a mutation without its write scope and writes nothing; the other root fields still run', async () => {
    const who = principal(['links:read', 'domains:write']);
    const res = await run('mutation { createLink(destination: "https://example.com/") { id } createDomain(host: "scoped.example.com") { host } }', who);
    expect(res.data).toEqual({ createLink: null, createDomain: { host: 'scoped.example.com' } });
    expect(res.errors.map((e) => [e.path, e.extensions.code])).toEqual([[['createLink'], 'insufficient_scope']]);
    expect(res.errors[0]!.message).toContain('"links:write"');
    expect((await run('{ links { data { id } } }', who)).data).toEqual({ links: { data: [] } });
  });

  it('answers 401 unauthorized, not 403, when there is no principal at all', async () => {
    const res = await run('{ workspace { slug } }', null);
    expect(res.errors.map((e) => [e.path, e.extensions.code, (e.extensions.http as { status: number }).status])).toEqual([
      [['workspace'], 'unauthorized', 401],
    ]);
  });

  it('lets a principal holding every scope run every root field', async () => {
    const everything = principal(ALL_SCOPES);
    const res = await run('{ links { next_cursor } tags { data { name } } domains { data { host } } keys { data { id } } workspace { id } }', everything);
    expect(res.errors).toEqual([]);
  });

  it('keeps introspection open without a principal', async () => {
    const res = await run('{ __schema { queryType { name } } __typename }', null);
    expect(res).toEqual({ data: { __schema: { queryType: { name: 'Query' } }, __typename: 'Query' }, errors: [] });
  });
});
