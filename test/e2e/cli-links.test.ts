/**
 * `lsk links create|list` against a real server's store, on both stores: the same service as the API
 * (its rules and errors, webhook events stored in the outbox), the CLI's output style (people's
 * lines, then the result as JSON in the API's shapes). And `lsk user create` for an email that
 * already has an account: it says so and issues no set-password link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';

describe.each(STORES)('lsk links on %s', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_WEBHOOK_ALLOW_PRIVATE: 'true' } });
    api = client(lsk.base, await lsk.workspace('acme'));
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('links create makes the link the API then returns, in its shape, and the webhook outbox holds link.created', async () => {
    const hook = await api('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['link.created'] });
    expect(hook.status).toBe(201);
    const r = await lsk.cli([
      'links',
      'create',
      'https://example.com/cli',
      '--workspace',
      'acme',
      '--alias',
      'from-cli',
      '--tags',
      'cli, ops',
      '--title',
      'Made by the CLI',
      '--max-clicks',
      '5',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const link = JSON.parse(r.last);
    expect(r.stdout.split('\n')[0]).toBe(`created ${link.id} http://localhost:${lsk.port}/from-cli -> https://example.com/cli in acme`);
    const read = await api('GET', `/v1/links/${link.id}`);
    expect(read.status).toBe(200);
    expect(link).toEqual(read.body);
    expect(link).toMatchObject({ alias: 'from-cli', tags: ['cli', 'ops'], title: 'Made by the CLI', max_clicks: 5, status: 'active' });
    const deliveries = await api('GET', `/v1/webhooks/${hook.body.id}/deliveries`);
    expect(deliveries.body.data.map((d: { event_type: string }) => d.event_type)).toEqual(['link.created']);
  });

  it('links create refuses what the API refuses, with the same reasons, and changes nothing', async () => {
    const taken = await lsk.cli(['links', 'create', 'https://example.com/again', '--workspace', 'acme', '--alias', 'from-cli']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/^lsk: .*from-cli.*(taken|already)/im);
    const bad = await lsk.cli(['links', 'create', 'ftp://example.com/x', '--workspace', 'acme', '--max-clicks', 'many']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^lsk: destination: .*; max_clicks: /m);
    expect(bad.stdout).toBe('');
    expect((await api('GET', '/v1/links?limit=100')).body.data).toHaveLength(1);
  });

  it('links list pages like GET /v1/links: a table for people, then {"data", "next_cursor"}', async () => {
    for (const alias of ['l1', 'l2']) expect((await api('POST', '/v1/links', { destination: `https://example.com/${alias}`, alias })).status).toBe(201);
    const first = await lsk.cli(['links', 'list', '--workspace', 'acme', '--limit', '2']);
    expect(first.code, first.stderr).toBe(0);
    const page = JSON.parse(first.last);
    expect(page).toEqual((await api('GET', '/v1/links?limit=2')).body);
    const lines = first.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+SHORT URL\s+CLICKS\s+STATUS\s+CREATED\s+DESTINATION$/);
    expect(lines[1]).toContain(`http://localhost:${lsk.port}/l2`);
    expect(lines.at(-2)).toBe(`more: --cursor ${page.next_cursor}`);
    const second = JSON.parse((await lsk.cli(['links', 'list', '--workspace', 'acme', '--limit', '2', '--cursor', page.next_cursor])).last);
    expect(second.data.map((l: { alias: string }) => l.alias)).toEqual(['from-cli']);
    expect(second.next_cursor).toBeNull();
    const tagged = JSON.parse((await lsk.cli(['links', 'list', '--workspace', 'acme', '--tag', 'ops'])).last);
    expect(tagged.data.map((l: { alias: string }) => l.alias)).toEqual(['from-cli']);
    const wrong = await lsk.cli(['links', 'list', '--workspace', 'acme', '--limit', '500']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^lsk: limit: must be at most 100/m);
  });

  it('user create for an email with an account adds it to the workspace, says so, and issues no link', async () => {
    await lsk.cli(['workspace', 'create', 'other']);
    const first = await lsk.cli(['user', 'create', 'ann@example.com', '--workspace', 'acme']);
    expect(first.last).toMatch(/\/dashboard\/set-password#token=/);
    const again = await lsk.cli(['user', 'create', 'Ann@Example.com', '--workspace', 'other', '--role', 'viewer']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^ann@example\.com already has an account \(usr_\w+\): added to other as viewer; no link issued, the password is unchanged/);
    expect(again.stdout).not.toContain('#token=');
    expect(JSON.parse(again.last)).toMatchObject({ email: 'ann@example.com', role: 'viewer' });
    const members = JSON.parse((await lsk.cli(['user', 'list', '--workspace', 'other'])).last);
    expect(members.data.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([['ann@example.com', 'viewer']]);
    const member = await lsk.cli(['user', 'create', 'ann@example.com', '--workspace', 'other']);
    expect(member.code).toBe(1);
    expect(member.stderr).toMatch(/already a member of other/);
  });
});
