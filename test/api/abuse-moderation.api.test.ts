/**
 * Disabling links, suspending workspaces and abuse reports through the real server on both stores:
 * `lsk link disable|enable`, `lsk workspace suspend|unsuspend` (keys and sessions refused with 403
 * workspace_suspended, links answering link_disabled, data kept), `POST /report` on any host (JSON
 * or form, 10 an hour per client address) and `lsk reports list`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP } from '../../src/redirect/pages.js';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { dashboard, freshAddress, newAccount } from './_accounts.js';

describe.each(STORES)('moderation and reports on %s', (kind) => {
  let lsk: Lsk;
  const host = 'sho.rt';

  beforeAll(async () => {
    lsk = await startLsk(kind, { env: { LSK_DEFAULT_DOMAIN: host, LSK_TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
  const go = (alias: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    visit(lsk.base, `/${alias}`, { host, 'user-agent': UA, ...headers }, method);
  /** Polls with HEAD, which is never a click. */
  const until = (alias: string, status: number, what: string) =>
    waitFor(
      () => go(alias, {}, 'HEAD'),
      (v) => v.status === status,
      { timeout: 10_000, what: what },
    );

  it('disables a link with lsk link disable (403 link_disabled, not a click) and enables it again', async () => {
    const api = client(lsk.base, await lsk.workspace('dis', ['--rpm', '100000']));
    const link = (await api('POST', '/v1/links', { destination: 'https://example.com/promo', alias: 'promo' })).body;
    expect((await go('promo')).status).toBe(302);

    const off = await lsk.cli(['link', 'disable', `https://${host}/promo`, '--reason', 'phishing kit']);
    expect(off.code, off.stderr).toBe(0);
    expect(JSON.parse(off.last)).toEqual({ link_id: link.id, disabled: true });
    await until('promo', 403, 'the disabled link answering 403');
    const page = await go('promo');
    expect(page.status).toBe(403);
    expect(page.body).toContain('This link has been disabled');
    expect(JSON.parse((await go('promo', { accept: 'application/json' })).body).error.code).toBe('link_disabled');
    // The link itself is untouched, and its owner still reads it.
    expect((await api('GET', `/v1/links/${link.id}`)).body).toMatchObject({ destination: 'https://example.com/promo', status: 'active' });
    const listed = JSON.parse((await lsk.cli(['link', 'list-disabled'])).last);
    expect(listed.data).toContainEqual(expect.objectContaining({ link_id: link.id, domain: host, alias: 'promo', reason: 'phishing kit' }));

    expect((await lsk.cli(['link', 'disable', `${host}/no-such-link`])).code).toBe(1);
    const malformed = await lsk.cli(['link', 'disable', `${host}/%ZZ`]);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toMatch(/^lsk: short_url: must be a short URL such as /m);
    const on = await lsk.cli(['link', 'enable', `${host}/promo`]);
    expect(JSON.parse(on.last)).toEqual({ link_id: link.id, disabled: false });
    await until('promo', 302, 'the link redirecting again');
    expect((await go('promo')).status).toBe(302);
    // The 403 answers were not clicks: the first visit and the last one are.
    const clicks = await waitFor(
      () => api('GET', `/v1/links/${link.id}`),
      (r) => r.body.clicks >= 2,
      { timeout: 10_000, what: 'two clicks' },
    );
    expect(clicks.body.clicks).toBe(2);
    // Five CLI runs, each a process start: minutes on a loaded machine are not a failure of the feature.
  }, 90_000);

  it('suspends a workspace: its keys and sessions get 403 workspace_suspended, its links link_disabled; its data stays', async () => {
    const key = await lsk.workspace('sus', ['--rpm', '100000']);
    const api = client(lsk.base, key);
    const link = (await api('POST', '/v1/links', { destination: 'https://example.com/s', alias: 'sus-link' })).body;
    const owner = await newAccount(lsk, 'owner@sus.example', 'sus');
    const other = client(lsk.base, await lsk.workspace('bystander'));
    await other('POST', '/v1/links', { destination: 'https://example.com/b', alias: 'bystander-link' });

    const done = await lsk.cli(['workspace', 'suspend', 'sus', '--reason', 'spam campaign']);
    expect(JSON.parse(done.last)).toEqual({ workspace: 'sus', suspended: true });
    const refused = await waitFor(
      () => api('GET', '/v1/links'),
      (r) => r.status === 403,
      { timeout: 10_000, what: 'the key refused' },
    );
    expect(refused.body.error.code).toBe('workspace_suspended');
    expect((await api('POST', '/graphql', { query: '{ links { data { id } } }' })).body.errors[0].extensions.code).toBe('workspace_suspended');
    const session = await client(lsk.base)('GET', '/v1/links', undefined, { ...dashboard(owner.cookie, 'sus'), 'x-forwarded-for': freshAddress() });
    expect(session.status).toBe(403);
    expect(session.body.error.code).toBe('workspace_suspended');
    await until('sus-link', 403, "the suspended workspace's link answering 403");
    // Other workspaces are untouched.
    expect((await other('GET', '/v1/links')).status).toBe(200);
    expect((await go('bystander-link')).status).toBe(302);

    expect(JSON.parse((await lsk.cli(['workspace', 'unsuspend', 'sus'])).last)).toEqual({ workspace: 'sus', suspended: false });
    const back = await waitFor(
      () => api('GET', `/v1/links/${link.id}`),
      (r) => r.status === 200,
      { timeout: 10_000, what: 'the key working again' },
    );
    expect(back.body).toMatchObject({ id: link.id, alias: 'sus-link', destination: 'https://example.com/s' });
    await until('sus-link', 302, 'the link redirecting again');
    expect((await lsk.cli(['workspace', 'suspend', 'nobody'])).code).toBe(1);
    // Six CLI runs, each a process start.
  }, 90_000);

  it('takes reports on any host as JSON or a form, names the link reported, and lists them for the operator', async () => {
    const api = client(lsk.base, await lsk.workspace('rep'));
    const link = (await api('POST', '/v1/links', { destination: 'https://example.com/r', alias: 'reported' })).body;
    const report = (body: unknown, headers: Record<string, string> = {}) =>
      client(lsk.base)('POST', '/report', body, { host: 'any.example', 'x-forwarded-for': freshAddress(), ...headers });

    const json = await report({ url: `https://${host}/reported`, reason: 'asks for bank passwords' });
    expect(json.status).toBe(202);
    expect(json.body).toEqual({ id: expect.stringMatching(/^rep_[0-9A-Za-z]{20}$/), status: 'received' });
    const form = await report(`url=${encodeURIComponent(`${host}/reported`)}&reason=spam%0Aagain&submit=Send`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(202);
    expect(form.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(form.text).toContain('Thank you');

    const listed = await lsk.cli(['reports', 'list', '--limit', '2']);
    expect(listed.code, listed.stderr).toBe(0);
    const page = JSON.parse(listed.last);
    expect(page.data).toEqual([
      expect.objectContaining({ url: `https://${host}/reported`, reason: 'spam again', link_id: link.id }),
      expect.objectContaining({ id: json.body.id, reason: 'asks for bank passwords', link_id: link.id, workspace_id: expect.stringMatching(/^wsp_/) }),
    ]);

    const bad = await report({ url: 'javascript:alert(1)', reason: 'x', extra: true });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['extra', 'url']);
    const badForm = await report('reason=no+url', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(badForm.status).toBe(400);
    expect(badForm.text).toContain('role="alert"');
    expect((await report('url=x', { 'content-type': 'text/plain' })).status).toBe(415);

    const formPage = await client(lsk.base)('GET', `/report?url=${encodeURIComponent('https://sho.rt/x"><script>')}`);
    expect(formPage.status).toBe(200);
    expect(formPage.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(formPage.text).toContain('value="https://sho.rt/x&quot;&gt;&lt;script&gt;"');
    expect((await api('POST', '/v1/links', { destination: 'https://example.com/', alias: 'report' })).status).toBe(400);
  });

  it('names the link a reported path reaches (a wildcard too, as the redirect reads it); a broken escape is no internal error', async () => {
    const api = client(lsk.base, await lsk.workspace('rep-wild'));
    const wild = (await api('POST', '/v1/links', { destination: 'https://example.com/docs', alias: 'kb/*' })).body;
    const report = (url: string) => client(lsk.base)('POST', '/report', { url, reason: 'x' }, { 'x-forwarded-for': freshAddress() });
    expect((await report(`https://${host}/kb/a/b`)).status).toBe(202);
    // Malformed percent escapes (%ZZ, a cut UTF-8 sequence) are taken, not an internal error: /%ZZ is
    // no link; below kb/* the redirect answers the path, so the report names that link.
    for (const path of ['/%ZZ', '/kb/%E0%A4%A']) expect((await report(`https://${host}${path}`)).status, path).toBe(202);
    const page = JSON.parse((await lsk.cli(['reports', 'list', '--limit', '3'])).last);
    expect(page.data).toHaveLength(3);
    expect(page.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ url: `https://${host}/kb/%E0%A4%A`, link_id: wild.id }),
        expect.objectContaining({ url: `https://${host}/%ZZ`, link_id: null }),
        expect.objectContaining({ url: `https://${host}/kb/a/b`, link_id: wild.id, workspace_id: expect.stringMatching(/^wsp_/) }),
      ]),
    );
  });

  it('takes at most 10 reports an hour from one client address', async () => {
    const address = freshAddress();
    const send = () => client(lsk.base)('POST', '/report', { url: 'https://sho.rt/flood' }, { 'x-forwarded-for': address });
    for (let i = 0; i < 10; i++) expect((await send()).status).toBe(202);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3660);
    expect((await client(lsk.base)('POST', '/report', { url: 'https://sho.rt/flood' }, { 'x-forwarded-for': freshAddress() })).status).toBe(202);
  });
});
