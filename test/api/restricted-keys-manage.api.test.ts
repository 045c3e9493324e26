/**
 * Restricted keys and other keys (docs/adr/0233), through the real server on both stores: a key
 * restricted to domains/tags lists and revokes only keys restricted at least as narrowly as itself
 * (the rule for the keys it creates); any other key answers 404 not_found, on REST and GraphQL alike,
 * stays usable, and no `key.revoked` entry is written for it. Unrestricted keys are unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLines } from '../support/cli-in-process.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { BIG_PLAN, expectError, graphql, keyIdOf } from './_assert.js';

type Api = ReturnType<typeof client>;
const TEAM = 'team.example.com';
/** Each key's restriction; `campaign` is the caller. */
const RESTRICTIONS = {
  campaign: { tags: ['spring', 'summer'] },
  narrower: { tags: ['Spring'] },
  same: { tags: ['summer', 'spring'] },
  narrowerBoth: { domains: [TEAM], tags: ['spring'] },
  otherTag: { tags: ['autumn'] },
  wider: { tags: ['spring', 'summer', 'autumn'] },
  byDomain: { domains: [TEAM] },
  unrestricted: {},
} as const;
type Name = keyof typeof RESTRICTIONS;
const REACHED: Name[] = ['campaign', 'narrower', 'same', 'narrowerBoth'];
const NOT_REACHED: Name[] = ['otherTag', 'wider', 'byDomain', 'unrestricted'];

describe.each(STORES)('restricted keys and other keys on %s', (store) => {
  let lsk: Lsk;
  let owner: Api;
  let ownerSecret: string;
  const secrets = {} as Record<Name, string>;
  const ids = {} as Record<Name, string>;
  const mint = async (name: Name) => {
    const res = await owner('POST', '/v1/keys', { name, ...RESTRICTIONS[name] });
    expect(res.status, res.text).toBe(201);
    secrets[name] = res.body.key;
    ids[name] = res.body.id;
  };

  beforeAll(async () => {
    lsk = await startLsk(store);
    ownerSecret = await lsk.workspace('rkm', BIG_PLAN);
    owner = client(lsk.base, ownerSecret);
    await cliLines(['domain', 'add', TEAM, '--workspace', 'rkm'], lsk.env);
    for (const name of Object.keys(RESTRICTIONS) as Name[]) await mint(name);
  }, 60_000);
  afterAll(async () => {
    await lsk?.stop();
  });

  it('lists only the keys restricted at least as narrowly as the caller (REST and GraphQL)', async () => {
    const campaign = client(lsk.base, secrets.campaign);
    const listed = await campaign('GET', '/v1/keys');
    expect(listed.status, listed.text).toBe(200);
    const expected = REACHED.map((n) => ids[n]).sort();
    expect((listed.body.data as { id: string }[]).map((k) => k.id).sort()).toEqual(expected);
    const gql = await graphql(lsk.base, secrets.campaign)('{ keys { data { id } } }');
    expect((gql.body.data.keys.data as { id: string }[]).map((k) => k.id).sort()).toEqual(expected);
    const all = (await owner('GET', '/v1/keys')).body.data as { id: string }[];
    expect(all.map((k) => k.id)).toEqual(expect.arrayContaining([keyIdOf(ownerSecret), ...Object.values(ids)]));
  });

  it('answers 404 not_found for revoking a wider or unrelated key, which stays usable and unlogged', async () => {
    const campaign = client(lsk.base, secrets.campaign);
    const gql = graphql(lsk.base, secrets.campaign);
    for (const name of NOT_REACHED) {
      expectError(await campaign('DELETE', `/v1/keys/${ids[name]}`), 404, 'not_found');
      const viaGraphql = await gql('mutation($id: ID!) { revokeKey(id: $id) { id } }', { id: ids[name] });
      expect(viaGraphql.body.errors?.[0]?.extensions?.code, JSON.stringify(viaGraphql.body)).toBe('not_found');
    }
    expectError(await campaign('DELETE', `/v1/keys/${keyIdOf(ownerSecret)}`), 404, 'not_found');
    for (const name of NOT_REACHED) expect((await client(lsk.base, secrets[name])('GET', '/v1/workspace')).status).toBe(200);
    expect((await owner('GET', '/v1/workspace')).status).toBe(200);
    const log = await owner('GET', '/v1/audit-log?action=key.revoked');
    expect(log.status, log.text).toBe(200);
    expect(log.body.data).toEqual([]);
  });

  it('revokes a narrower key, recorded in the audit log with the restricted key as actor', async () => {
    const campaign = client(lsk.base, secrets.campaign);
    const res = await campaign('DELETE', `/v1/keys/${ids.narrowerBoth}`);
    expect(res.status, res.text).toBe(204);
    expectError(await client(lsk.base, secrets.narrowerBoth)('GET', '/v1/workspace'), 401, 'key_revoked');
    const gql = await graphql(lsk.base, secrets.campaign)('mutation($id: ID!) { revokeKey(id: $id) { id revoked_at } }', { id: ids.narrower });
    expect(gql.body.data?.revokeKey?.id, JSON.stringify(gql.body)).toBe(ids.narrower);
    const log = await owner('GET', '/v1/audit-log?action=key.revoked');
    const entries = log.body.data as { actor: { type: string; id: string }; target: { id: string } }[];
    expect(entries.map((e) => e.target.id).sort()).toEqual([ids.narrower, ids.narrowerBoth].sort());
    for (const e of entries) expect(e.actor).toMatchObject({ type: 'key', id: ids.campaign });
  });

  it('lets an unrestricted key revoke any key of the workspace, restricted or not', async () => {
    const res = await owner('DELETE', `/v1/keys/${ids.wider}`);
    expect(res.status, res.text).toBe(204);
    expect((await owner('DELETE', `/v1/keys/${ids.unrestricted}`)).status).toBe(204);
  });
});
