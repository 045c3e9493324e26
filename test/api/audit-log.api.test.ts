/**
 * The audit log through the real server on both stores: who may read it, sign-ins and failed
 * sign-ins with the member as actor, the CLI as actor `cli`, REST and dashboard changes with their
 * request ids, filters, cursor pages, the CSV stream, workspace isolation and no secret in any entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLines } from '../support/cli-in-process.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { type Account, CHEAP_PASSWORDS, dashboard, newAccount, post, signIn } from './_accounts.js';
import { BIG_PLAN, expectError, graphql, ISO_TIME, keyIdOf } from './_assert.js';

type Api = ReturnType<typeof client>;
interface Entry {
  id: string;
  at: string;
  actor: { type: string; id: string; label: string };
  action: string;
  target: { type: string; id: string };
  request_id: string | null;
}

describe.each(STORES)('the audit log on %s', (store) => {
  let lsk: Lsk;
  let ownerKey: string;
  let api: Api;
  let owner: Account;
  let ownerId: string;
  /** Every secret the run handled: none may appear in an entry. */
  const secrets: string[] = [];

  const log = async (query = '', as: Api = api): Promise<Entry[]> => {
    const res = await as('GET', `/v1/audit-log${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { ...CHEAP_PASSWORDS, LSK_TRUST_PROXY: '1' } });
    ownerKey = await lsk.workspace('aud', BIG_PLAN);
    secrets.push(ownerKey);
    api = client(lsk.base, ownerKey);
    await lsk.workspace('elsewhere', BIG_PLAN);
    owner = await newAccount(lsk, `owner.${store}@example.com`, 'aud', 'owner', 'owner password 1');
    secrets.push(owner.password, owner.cookie.split('=')[1]!);
    const users = JSON.parse((await cliLines(['user', 'list', '--workspace', 'aud'], lsk.env)).at(-1)!) as { data: { id: string; email: string }[] };
    ownerId = users.data.find((u) => u.email === owner.email)!.id;
  }, 60_000);
  afterAll(async () => {
    await lsk?.stop();
  });

  it("records the CLI's changes with actor cli (operating-system user and host), one request id per command", async () => {
    const entries = await log('?actor_id=cli');
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['workspace.created', 'key.created', 'member.added', 'user.password_link_issued']));
    for (const e of entries) {
      expect(e.actor).toMatchObject({ type: 'cli', id: 'cli' });
      expect(e.actor.label).toMatch(/^.+@.+$/);
      expect(e.request_id).toMatch(/^cli-[0-9a-f]{12}$/);
      expect(e.at).toMatch(ISO_TIME);
      expect(e.id).toMatch(/^aud_[0-9A-Za-z]{20,}$/);
    }
    const created = entries.find((e) => e.action === 'key.created')!;
    expect(created.target).toEqual({ type: 'key', id: keyIdOf(ownerKey) });
    const added = await lsk.cli(['domain', 'add', 'aud.example.com', '--workspace', 'aud']);
    expect(added.code, added.stderr).toBe(0);
    expect((await log('?action=domain.created'))[0]).toMatchObject({ actor: { type: 'cli' }, target: { type: 'domain', id: 'aud.example.com' } });
  });

  it("records members' sign-ins, failed sign-ins, password changes and sign-outs, with the member as actor", async () => {
    const failed = await signIn(lsk, owner.email, 'not the password');
    expect(failed.status).toBe(401);
    const ok = await signIn(lsk, owner.email, owner.password);
    expect(ok.status).toBe(204);
    expect((await post(lsk, '/auth/sign-out', undefined, { cookie: owner.cookie })).status).toBe(204);
    const mine = await log(`?target_id=${ownerId}`);
    const actions = mine.map((e) => e.action);
    // Newest first: the password set through the CLI link (which signs in), a failure, a sign-in, a sign-out.
    expect(actions.slice(0, 5)).toEqual(['user.signed_out', 'user.signed_in', 'user.sign_in_failed', 'user.signed_in', 'user.password_changed']);
    for (const e of mine.slice(0, 5)) {
      expect(e.actor).toEqual({ type: 'user', id: ownerId, label: owner.email });
      expect(e.target).toEqual({ type: 'user', id: ownerId });
      expect(e.request_id).toBeTruthy();
    }
    expect(failed.headers.get('x-request-id')).toBe(mine[2]!.request_id);
    // Another workspace sees none of it.
    const other = client(lsk.base, (await cliLines(['key', 'create', '--workspace', 'elsewhere'], lsk.env)).at(-1)!);
    expect((await log(`?target_id=${ownerId}`, other)).length).toBe(0);
  });

  it('records REST and dashboard changes with their request ids: the key or the signed-in member as actor', async () => {
    const made = await api('POST', '/v1/links', { destination: 'https://example.com/rest' }, { 'x-request-id': `rest-${store}` });
    expect(made.status).toBe(201);
    const viaKey = await log(`?target_id=${made.body.id}`);
    expect(viaKey).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        actor: { type: 'key', id: keyIdOf(ownerKey), label: 'default' },
        action: 'link.created',
        target: { type: 'link', id: made.body.id },
        request_id: `rest-${store}`,
      },
    ]);
    const session = await signIn(lsk, owner.email, owner.password);
    const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
    const edited = await graphql(lsk.base)(
      'mutation($id: ID!) { updateLink(id: $id, title: "From the dashboard") { id } }',
      { id: made.body.id },
      {
        ...dashboard(cookie, 'aud'),
        'x-request-id': `dash-${store}`,
      },
    );
    expect(edited.body.errors, edited.text).toBeUndefined();
    const [latest] = await log(`?target_id=${made.body.id}`);
    expect(latest).toMatchObject({ actor: { type: 'user', id: ownerId, label: owner.email }, action: 'link.updated', request_id: `dash-${store}` });
  });

  it('filters by action, actor, target and time (AND), and pages newest first with a cursor', async () => {
    for (let i = 0; i < 5; i++) expect((await api('POST', '/v1/links', { destination: `https://example.com/p${i}` })).status).toBe(201);
    const all = await log('?action=link.created&limit=100');
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(all.every((e) => e.action === 'link.created')).toBe(true);
    expect([...all].sort((a, b) => (a.id < b.id ? 1 : -1))).toEqual(all);
    const paged: Entry[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { data: Entry[]; next_cursor: string | null } } = await api(
        'GET',
        `/v1/audit-log?action=link.created&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      paged.push(...res.body.data);
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(paged).toEqual(all);
    const byKey = await log(`?actor_id=${keyIdOf(ownerKey)}&action=link.created&limit=100`);
    expect(byKey.length).toBe(all.filter((e) => e.actor.id === keyIdOf(ownerKey)).length);
    // Bounds from the entries' own times: `from` is inclusive, `to` exclusive, a date is a whole UTC day.
    const oldest = all[all.length - 1]!.at;
    const after = new Date(Date.parse(all[0]!.at) + 1).toISOString();
    const ids = async (q: string) => (await log(`?action=link.created&limit=100&${q}`)).map((e) => e.id);
    expect(await ids(`from=${oldest}&to=${after}`)).toEqual(all.map((e) => e.id));
    expect(await ids(`from=${after}`)).toEqual([]);
    expect(await ids(`to=${oldest}`)).toEqual([]);
    expect(await ids(`from=${oldest.slice(0, 10)}&to=${all[0]!.at.slice(0, 10)}`)).toEqual(all.map((e) => e.id));
  });

  it('refuses bad filters, limits and cursors with the contract errors', async () => {
    expectError(await api('GET', '/v1/audit-log?action=link.exploded'), 400, 'validation_failed', { paths: ['action'] });
    expectError(await api('GET', '/v1/audit-log?limit=0'), 400, 'validation_failed', { paths: ['limit'] });
    expectError(await api('GET', '/v1/audit-log?limit=101'), 400, 'validation_failed', { paths: ['limit'] });
    expectError(await api('GET', '/v1/audit-log?from=yesterday'), 400, 'validation_failed', { paths: ['from'] });
    expectError(await api('GET', '/v1/audit-log?from=2026-11-22&to=2026-11-21'), 400, 'validation_failed', { paths: ['from'] });
    expectError(await api('GET', '/v1/audit-log?who=me'), 400, 'validation_failed', { paths: ['who'] });
    expectError(await api('GET', '/v1/audit-log?cursor=bm90LWFuLWlk'), 400, 'invalid_cursor');
    expectError(await api('GET', '/v1/audit-log?cursor=***'), 400, 'invalid_cursor');
    expectError(await api('GET', '/v1/audit-log?format=csv&limit=0'), 400, 'validation_failed', { paths: ['limit'] });
  });

  it('streams every matching entry as CSV (not one page), and records the export', async () => {
    const json = await log('?action=link.created&limit=100');
    const res = await api('GET', '/v1/audit-log?action=link.created&format=csv&limit=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="audit-log.csv"');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,at,actor_type,actor_id,actor_label,action,target_type,target_id,request_id');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(json.map((e) => e.id));
    expect((await log('?action=audit_log.exported'))[0]).toMatchObject({ actor: { type: 'key' }, target: { type: 'workspace' } });
  });

  it('is for owners and admins: members and viewers get 403 forbidden, keys without audit:read 403 insufficient_scope', async () => {
    const as = async (role: string) => (await newAccount(lsk, `${role}.${store}@example.com`, 'aud', role)).cookie;
    const anon = client(lsk.base);
    expect((await anon('GET', '/v1/audit-log', undefined, dashboard(await as('admin'), 'aud'))).status).toBe(200);
    for (const role of ['member', 'viewer']) {
      const cookie = await as(role);
      expectError(await anon('GET', '/v1/audit-log', undefined, dashboard(cookie, 'aud')), 403, 'forbidden');
      expectError(await anon('GET', '/v1/audit-log?format=csv', undefined, dashboard(cookie, 'aud')), 403, 'forbidden');
      const gql = await graphql(lsk.base)('{ auditLog { data { id } } }', undefined, dashboard(cookie, 'aud'));
      expect(gql.body.errors[0].extensions.code).toBe('forbidden');
    }
    const narrow = (await api('POST', '/v1/keys', { name: 'links only', scopes: ['links:read'] })).body.key;
    secrets.push(narrow);
    expectError(await client(lsk.base, narrow)('GET', '/v1/audit-log'), 403, 'insufficient_scope');
    expectError(await client(lsk.base, narrow)('GET', '/v1/audit-log?format=csv'), 403, 'insufficient_scope');
    const restricted = (await api('POST', '/v1/keys', { name: 'restricted', tags: ['team'] })).body.key;
    secrets.push(restricted);
    expectError(await client(lsk.base, restricted)('GET', '/v1/audit-log'), 403, 'forbidden');
    expectError(await anon('GET', '/v1/audit-log'), 401, 'unauthorized');
  });

  it('holds no secret: no key, password, session, invite or webhook secret in any entry', async () => {
    const invite = await api('POST', '/v1/invites', { email: `invitee.${store}@example.com`, role: 'viewer' });
    secrets.push(new URL(invite.body.url).hash.slice('#token='.length));
    const hook = await api('POST', '/v1/webhooks', { url: 'https://hooks.invalid/in', events: ['link.created'] });
    secrets.push(hook.body.secret);
    const linkPassword = 'link password 42';
    secrets.push(linkPassword);
    expect((await api('POST', '/v1/links', { destination: 'https://example.com/secret', password: linkPassword })).status).toBe(201);
    const csv = (await api('GET', '/v1/audit-log?format=csv')).text;
    expect(csv.split('\r\n').length).toBeGreaterThan(20);
    for (const s of secrets) expect(csv.includes(s), `a secret in the audit log: ${s.slice(0, 12)}…`).toBe(false);
    expect(csv).not.toMatch(/lsk_live_|whsec_|token=/);
  });
});
