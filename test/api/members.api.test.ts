import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { CHEAP_PASSWORDS, cookieOf, dashboard, newAccount, post, signIn } from './_accounts.js';
import { BIG_PLAN, expectError, ISO_TIME } from './_assert.js';

const DAY = 86_400_000;
const INVITE_URL = /^http:\/\/localhost:\d+\/dashboard\/accept-invite#token=([A-Za-z0-9_-]{43})$/;

describe.each(STORES)('members and invites on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-members-'));
  const clockFile = join(dir, 'offset-ms');
  const moveTo = (offsetMs: number) => writeFileSync(clockFile, String(offsetMs));
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let n = 0;
  const email = () => `m${++n}.${store}@example.com`;
  let ws = 0;
  /** A fresh workspace with an owner signed in. */
  async function team() {
    const slug = `team-${++ws}`;
    const key = await lsk.workspace(slug, BIG_PLAN);
    const owner = await newAccount(lsk, email(), slug);
    const as = (cookie: string) => (method: string, path: string, body?: unknown) => api(method, path, body, dashboard(cookie, slug));
    return { slug, key, owner, as };
  }

  beforeAll(async () => {
    moveTo(0);
    lsk = await startLsk(store, { env: { ...CHEAP_PASSWORDS, LSK_TEST_CLOCK_FILE: clockFile, LSK_TRUST_PROXY: '1' } });
    api = client(lsk.base);
  });
  afterAll(async () => {
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists members with roles; an owner changes roles; the last owner can be neither demoted nor removed', async () => {
    const t = await team();
    const v = await newAccount(lsk, email(), t.slug, 'viewer');
    const owner = t.as(t.owner.cookie);
    const list = await owner('GET', '/v1/members');
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [t.owner.email, 'owner'],
      [v.email, 'viewer'],
    ]);
    const me = list.body.data[0];
    expect(me).toEqual({
      user_id: expect.stringMatching(/^usr_/),
      email: t.owner.email,
      name: t.owner.email.split('@')[0],
      role: 'owner',
      created_at: expect.stringMatching(ISO_TIME),
    });
    const vid = list.body.data[1].user_id;
    expectError(await owner('PATCH', `/v1/members/${me.user_id}`, { role: 'admin' }), 403, 'forbidden');
    expectError(await owner('DELETE', `/v1/members/${me.user_id}`), 403, 'forbidden');
    expectError(await owner('PATCH', `/v1/members/${vid}`, { role: 'boss' }), 400, 'validation_failed', { paths: ['role'] });
    expectError(await owner('PATCH', '/v1/members/usr_unknown', { role: 'admin' }), 404, 'not_found');
    expect((await owner('PATCH', `/v1/members/${vid}`, { role: 'owner' })).body.role).toBe('owner');
    expect((await owner('PATCH', `/v1/members/${me.user_id}`, { role: 'member' })).body.role).toBe('member');
    expect((await api('DELETE', `/v1/members/${me.user_id}`, undefined, dashboard(v.cookie, t.slug))).status).toBe(204);
    expectError(await owner('GET', '/v1/members'), 403, 'forbidden');
    expect((await api('GET', '/v1/members', undefined, { authorization: `Bearer ${t.key}` })).body.data.map((m: { role: string }) => m.role)).toEqual([
      'owner',
    ]);
  });

  it('an admin manages roles below owner only', async () => {
    const t = await team();
    const a = await newAccount(lsk, email(), t.slug, 'admin');
    const m = await newAccount(lsk, email(), t.slug, 'member');
    const admin = t.as(a.cookie);
    const ids = Object.fromEntries((await admin('GET', '/v1/members')).body.data.map((x: { email: string; user_id: string }) => [x.email, x.user_id]));
    expect((await admin('PATCH', `/v1/members/${ids[m.email]}`, { role: 'viewer' })).status).toBe(200);
    expectError(await admin('PATCH', `/v1/members/${ids[m.email]}`, { role: 'owner' }), 403, 'forbidden');
    expectError(await admin('PATCH', `/v1/members/${ids[t.owner.email]}`, { role: 'viewer' }), 403, 'forbidden');
    expectError(await admin('DELETE', `/v1/members/${ids[t.owner.email]}`), 403, 'forbidden');
    expectError(await admin('POST', '/v1/invites', { email: 'boss@example.com', role: 'owner' }), 403, 'forbidden');
    expect((await admin('DELETE', `/v1/members/${ids[m.email]}`)).status).toBe(204);
  });

  it('creates invites (link shown once), lists and revokes them', async () => {
    const t = await team();
    const owner = t.as(t.owner.cookie);
    const created = await owner('POST', '/v1/invites', { email: 'New.Person@example.com', role: 'member' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^inv_/),
      email: 'New.Person@example.com',
      role: 'member',
      created_at: expect.stringMatching(ISO_TIME),
      expires_at: expect.stringMatching(ISO_TIME),
      url: expect.stringMatching(INVITE_URL),
    });
    expect(Date.parse(created.body.expires_at) - Date.parse(created.body.created_at)).toBe(7 * DAY);
    const listed = await owner('GET', '/v1/invites');
    expect(listed.body).toEqual({ data: [{ ...created.body, url: undefined }].map(({ url: _, ...i }) => i) });
    expectError(await owner('POST', '/v1/invites', { email: 'not an email', role: 'member', extra: 1 }), 400, 'validation_failed', {
      paths: ['email', 'extra'],
    });
    expect((await owner('DELETE', `/v1/invites/${created.body.id}`)).status).toBe(204);
    expectError(await owner('DELETE', `/v1/invites/${created.body.id}`), 404, 'not_found');
    const token = INVITE_URL.exec(created.body.url)![1];
    expectError(await post(lsk, `/auth/invites/${token}/accept`, { name: 'Late', password: 'a good password' }), 400, 'validation_failed', {
      paths: ['token'],
    });
  });

  it('accepts an invite signed out (creating the account) and signed in (joining another workspace), once', async () => {
    const t = await team();
    const u = await team();
    const invited = email();
    const inv = await t.as(t.owner.cookie)('POST', '/v1/invites', { email: invited, role: 'viewer' });
    const token = INVITE_URL.exec(inv.body.url)![1];
    expectError(await post(lsk, `/auth/invites/${token}/accept`, {}), 400, 'validation_failed', { paths: ['name', 'password'] });
    const accepted = await post(lsk, `/auth/invites/${token}/accept`, { name: 'Vic', password: 'a good password' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ email: invited, name: 'Vic' });
    expect(accepted.body.workspaces).toEqual([{ id: expect.any(String), slug: t.slug, role: 'viewer', require_2fa: false }]);
    const cookie = cookieOf(accepted);
    expect((await api('GET', '/v1/links', undefined, dashboard(cookie, t.slug))).status).toBe(200);
    expectError(await post(lsk, `/auth/invites/${token}/accept`, { name: 'Vic', password: 'a good password' }), 400, 'validation_failed', { paths: ['token'] });
    // Signed in: joins the second workspace with the invite's role.
    const inv2 = await u.as(u.owner.cookie)('POST', '/v1/invites', { email: invited, role: 'admin' });
    const token2 = INVITE_URL.exec(inv2.body.url)![1];
    expectError(await post(lsk, `/auth/invites/${token2}/accept`, { name: 'Vic', password: 'a good password' }), 400, 'validation_failed', {
      paths: ['token'],
    });
    const joined = await post(lsk, `/auth/invites/${token2}/accept`, undefined, { cookie });
    expect(joined.status).toBe(200);
    expect(joined.body.workspaces.map((w: { slug: string; role: string }) => [w.slug, w.role])).toEqual([
      [t.slug, 'viewer'],
      [u.slug, 'admin'],
    ]);
    expect((await signIn(lsk, invited, 'a good password')).status).toBe(204);
  });

  it('an invite expires after 7 days (server clock)', async () => {
    const t = await team();
    const inv = await t.as(t.owner.cookie)('POST', '/v1/invites', { email: email(), role: 'member' });
    const token = INVITE_URL.exec(inv.body.url)![1];
    moveTo(7 * DAY + 60_000);
    try {
      expectError(await post(lsk, `/auth/invites/${token}/accept`, { name: 'Late', password: 'a good password' }), 400, 'validation_failed', {
        paths: ['token'],
      });
      expect((await api('GET', '/v1/invites', undefined, { authorization: `Bearer ${t.key}` })).body.data).toEqual([]);
    } finally {
      moveTo(0);
    }
  });

  it('offers members and invites in GraphQL too', async () => {
    const t = await team();
    const gql = (query: string) => api('POST', '/graphql', { query }, dashboard(t.owner.cookie, t.slug));
    const created = await gql('mutation { createInvite(email: "g@example.com", role: viewer) { id url } }');
    expect(created.body.data.createInvite.url).toMatch(INVITE_URL);
    const read = await gql('{ members { data { email role } } invites { data { id email } } }');
    expect(read.body.data).toEqual({
      members: { data: [{ email: t.owner.email, role: 'owner' }] },
      invites: { data: [{ id: created.body.data.createInvite.id, email: 'g@example.com' }] },
    });
    const revoked = await gql(`mutation { revokeInvite(id: "${created.body.data.createInvite.id}") }`);
    expect(revoked.body.data).toEqual({ revokeInvite: true });
  });

  it('lists users with the CLI, all or per workspace with roles', async () => {
    const t = await team();
    await newAccount(lsk, email(), t.slug, 'viewer');
    const listed = await lsk.cli(['user', 'list', '--workspace', t.slug]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.last).data.map((u: { role: string }) => u.role)).toEqual(['owner', 'viewer']);
    const all = await lsk.cli(['user', 'list']);
    expect(JSON.parse(all.last).data.length).toBeGreaterThanOrEqual(2);
    const bad = await lsk.cli(['user', 'create', 'not-an-email', '--workspace', t.slug]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/email/);
    const badRole = await lsk.cli(['user', 'create', email(), '--workspace', t.slug, '--role', 'king']);
    expect(badRole.code).toBe(1);
  });
});
