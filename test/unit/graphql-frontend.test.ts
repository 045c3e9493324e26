/** GraphQL for frontends: node(id) over every registered kind, viewer, and one store read per key per request. */
import { execute, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, type Principal } from '../../src/auth/principal.js';
import { loadConfig } from '../../src/config/env.js';
import { expandScopes, ROLE_SCOPES, type Scope } from '../../src/domain/scopes.js';
import type { GraphQLContext } from '../../src/graphql/context.js';
import { buildSchema } from '../../src/graphql/schema/index.js';
import { toGraphQLError } from '../../src/http/errors.js';
import { openRepositories } from '../../src/storage/open.js';
import type { Repositories } from '../../src/storage/repositories.js';
import type { Services } from '../../src/wiring/all-services.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { as, TEST_ACTING } from '../support/caller.js';

/** Every call of every repository method, as "repository.method(first argument…)". */
const calls: string[] = [];
function counted(repos: Repositories): Repositories {
  for (const name of ['links', 'apiKeys', 'users', 'members', 'workspaces'] as const) {
    const repo = repos[name] as unknown as Record<string, (...a: unknown[]) => unknown>;
    for (const method of Object.getOwnPropertyNames(Object.getPrototypeOf(repo))) {
      if (method === 'constructor') continue;
      const original = repo[method]!.bind(repo);
      repo[method] = (...args: unknown[]) => {
        calls.push(`${name}.${method}(${JSON.stringify(args)})`);
        return original(...args);
      };
    }
  }
  return repos;
}

describe('GraphQL for frontends', () => {
  const schema = buildSchema();
  let services: Services;
  let ids: { link: string; key: string; user: string; invite: string; otherLink: string };
  let key: (scopes: Iterable<Scope>) => Principal;
  let owner: Principal;

  beforeAll(async () => {
    const repos = counted(await openRepositories('file::memory:'));
    services = await buildServices(loadConfig({ DATABASE_URL: 'file::memory:', LSK_COUNTRY_HEADER: 'cf-ipcountry' }), { repos });
    const ws = await services.workspaces.create(TEST_ACTING, 'front', 'standard');
    const other = await services.workspaces.create(TEST_ACTING, 'elsewhere', 'standard');
    const link = await services.links.create(as(ws.id), { destination: 'https://example.com/', alias: 'front' });
    const otherLink = await services.links.create(as(other.id), { destination: 'https://example.com/', alias: 'other' });
    const issued = await services.keys.issue(as(ws.id), 'front');
    const user = await services.accounts.createUser('own@example.com', 'Own');
    await services.accounts.addMember(TEST_ACTING, ws, user.id, 'owner');
    key = (scopes) => ({ kind: 'key', key: issued.key, workspace: ws, scopes: expandScopes(scopes) });
    owner = { kind: 'user', user, sessionId: 's', workspace: ws, role: 'owner', scopes: ROLE_SCOPES.owner };
    const { invite } = await services.members.invite(callerOf(owner, 'unit'), { email: 'new@example.com', role: 'viewer' });
    ids = { link: link.id, key: issued.key.id, user: user.id, invite: invite.id, otherLink: otherLink.id };
  });
  afterAll(async () => {
    await services?.repos.close();
  });

  async function run(query: string, who: Principal) {
    const contextValue: GraphQLContext = { services, principal: who, caller: callerOf(who, 'unit'), requestId: 'unit' };
    calls.length = 0;
    const result = await execute({ schema, document: parse(query), contextValue });
    return { data: result.data as Record<string, any> | null, errors: (result.errors ?? []).map((e) => toGraphQLError(e)) };
  }

  it('resolves every kind of global id of the caller workspace, and null for another workspace or an unknown id', async () => {
    const res = await run(
      `{ l: node(id: "${ids.link}") { __typename id ... on Link { alias } }
         k: node(id: "${ids.key}") { __typename id ... on ApiKey { name } }
         u: node(id: "${ids.user}") { __typename id ... on User { email } }
         i: node(id: "${ids.invite}") { __typename id ... on Invite { email role } }
         o: node(id: "${ids.otherLink}") { id } m: node(id: "lnk_missing") { id } x: node(id: "zzz_1") { id } }`,
      owner,
    );
    expect(res.errors).toEqual([]);
    expect(res.data).toEqual({
      l: { __typename: 'Link', id: ids.link, alias: 'front' },
      k: { __typename: 'ApiKey', id: ids.key, name: 'front' },
      u: { __typename: 'User', id: ids.user, email: 'own@example.com' },
      i: { __typename: 'Invite', id: ids.invite, email: 'new@example.com', role: 'viewer' },
      o: null,
      m: null,
      x: null,
    });
  });

  it('never issues the same store read twice in one request (repository calls counted)', async () => {
    const res = await run(
      `{ a: node(id: "${ids.link}") { id } b: node(id: "${ids.link}") { id } c: node(id: "${ids.link}") { ... on Link { alias } }
         u1: node(id: "${ids.user}") { id } u2: node(id: "${ids.user}") { ... on User { name } } k1: node(id: "${ids.key}") { id } k2: node(id: "${ids.key}") { id } }`,
      owner,
    );
    expect(res.errors).toEqual([]);
    expect(calls.filter((c) => c.startsWith('links.get('))).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('apiKeys.get('))).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('users.getMany('))).toEqual([`users.getMany([${JSON.stringify([ids.user])}])`]);
    expect(calls.filter((c) => c.startsWith('members.get('))).toHaveLength(1);
    expect(new Set(calls).size).toBe(calls.length);
  });

  it("refuses a node the caller's scopes cannot read, while the other fields still answer", async () => {
    const res = await run(`{ k: node(id: "${ids.key}") { id } l: node(id: "${ids.link}") { id } workspace { slug } }`, key(['links:read', 'workspace:read']));
    expect(res.errors.map((e) => [e.path, e.extensions.code])).toEqual([[['k'], 'insufficient_scope']]);
    expect(res.data).toEqual({ k: null, l: { id: ids.link }, workspace: { slug: 'front' } });
  });

  it('sends every time as a DateTime: the ISO 8601 UTC string with milliseconds REST sends', async () => {
    const res = await run(`{ node(id: "${ids.key}") { ... on ApiKey { created_at expires_at last_used_at } } }`, owner);
    const key = res.data!.node;
    expect(key.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(key.expires_at) - Date.parse(key.created_at)).toBe(90 * 86_400_000);
    expect(key.last_used_at).toBeNull();
    expect(schema.getType('DateTime')).toBeDefined();
    expect(String((schema.getType('Link') as import('graphql').GraphQLObjectType).getFields().created_at!.type)).toBe('DateTime!');
  });

  it('pages the links of a tag (Tag.tagged_links)', async () => {
    for (const alias of ['t1', 't2', 't3'])
      await services.links.create(as(owner.workspace.id), { destination: 'https://example.com/', alias, tags: ['Spring'] });
    const first = await run('{ tags { data { name links tagged_links(limit: 2) { data { alias } next_cursor } } } }', owner);
    const tag = first.data!.tags.data.find((t: { name: string }) => t.name === 'Spring');
    expect(tag.links).toBe(3);
    expect(tag.tagged_links.data).toHaveLength(2);
    const next = await run(
      `{ tags { data { name tagged_links(limit: 2, cursor: "${tag.tagged_links.next_cursor}") { data { alias } next_cursor } } } }`,
      owner,
    );
    const rest = next.data!.tags.data.find((t: { name: string }) => t.name === 'Spring');
    expect(rest.tagged_links.next_cursor).toBeNull();
    const aliases = [...tag.tagged_links.data, ...rest.tagged_links.data].map((l: { alias: string }) => l.alias);
    expect(aliases.sort()).toEqual(['t1', 't2', 't3']);
  });

  it('answers the viewer: a user with role, or a key, with workspace and scopes', async () => {
    const asUser = await run('{ viewer { kind role user { email } key { id } workspace { slug } scopes } }', owner);
    expect(asUser.data!.viewer).toMatchObject({ kind: 'user', role: 'owner', user: { email: 'own@example.com' }, key: null, workspace: { slug: 'front' } });
    expect(asUser.data!.viewer.scopes).toContain('members:write');
    const asKey = await run('{ viewer { kind role user { id } key { id } scopes } }', key(['links:write', 'workspace:read']));
    expect(asKey.data!.viewer).toEqual({ kind: 'key', role: null, user: null, key: { id: ids.key }, scopes: ['links:read', 'links:write', 'workspace:read'] });
  });
});
