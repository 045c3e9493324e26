/**
 * Scheduled analytics reports over REST and GraphQL on a real server with a real SMTP server, on both
 * stores (docs/adr/0219): create, list, change, send now (the delivered message read back, text and
 * HTML), delete; members only; one scope; scopes, workspaces and the send limit hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportOutputSchema, reportPageSchema } from '../../src/domain/scheduled-reports/schemas.js';
import { cliLines } from '../support/cli-in-process.js';
import { readMessage } from '../support/mime.js';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, expectError, graphql } from './_assert.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe.each(STORES)('scheduled reports over the API on %s', (store) => {
  let smtp: TestSmtp;
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let key: string;
  const slug = `rpt-${store}`;
  const emails = { ana: `ana.${store}@example.com`, bo: `bo.${store}@example.com` };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    smtp = await startSmtp();
    lsk = await startLsk(store, { env: { LSK_SMTP_URL: smtp.url, LSK_COUNTRY_HEADER: 'CF-IPCountry' } });
    key = await lsk.workspace(slug, BIG_PLAN);
    api = client(lsk.base, key);
    await lsk.workspace(`${slug}-other`, BIG_PLAN);
    for (const [who, email] of Object.entries(emails)) {
      // Seeding: the CLI's commands in this process (the last test runs the real CLI).
      await cliLines(['user', 'create', email, '--workspace', slug, '--role', 'member'], lsk.env);
      const users = JSON.parse((await cliLines(['user', 'list', '--workspace', slug], lsk.env)).at(-1)!) as { data: { id: string; email: string }[] };
      ids[who] = users.data.find((u) => u.email === email)!.id;
    }
    await cliLines(['user', 'create', `eve.${store}@example.com`, '--workspace', `${slug}-other`, '--role', 'owner'], lsk.env);
  }, 60_000);
  afterAll(async () => {
    await lsk?.stop();
    await smtp?.stop();
  });

  it('creates, lists, changes, sends now (a real message: text and escaped HTML) and deletes', async () => {
    await api('POST', '/v1/links', { destination: 'https://example.com/a', alias: 'spring', tags: ['<b>Campaign</b>'] });
    await visit(lsk.base, '/spring', { host: `localhost:${lsk.port}`, 'user-agent': CHROME, 'cf-ipcountry': 'DE' });
    const created = await api('POST', '/v1/analytics/reports', {
      frequency: 'weekly',
      timezone: 'Europe/Berlin',
      tag: '<b>Campaign</b>',
      recipients: [emails.ana],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('location')).toBe(`/v1/analytics/reports/${created.body.id}`);
    expect((await api('GET', `/v1/analytics/reports/${created.body.id}`)).body).toEqual(created.body);
    const report = reportOutputSchema.parse(created.body);
    expect(report).toMatchObject({
      frequency: 'weekly',
      timezone: 'Europe/Berlin',
      tag: '<b>Campaign</b>',
      link_id: null,
      recipients: [ids.ana],
      email_enabled: true,
    });
    expect(new Date(report.next_run_at).getUTCDay()).toBe(1);
    const list = await api('GET', '/v1/analytics/reports');
    expect(reportPageSchema.parse(list.body).data.map((r) => r.id)).toEqual([report.id]);
    const changed = await api('PATCH', `/v1/analytics/reports/${report.id}`, { recipients: [ids.ana, emails.bo] });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.recipients).toEqual([ids.ana, ids.bo]);
    const sent = await api('POST', `/v1/analytics/reports/${report.id}/send`);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ id: report.id, recipients: 2 });
    const [raw] = await waitFor(
      async () => smtp.to(emails.bo),
      (m) => m.length >= 1,
      { timeout: 10_000 },
    );
    const mail = readMessage(raw!.raw);
    expect(mail.subject).toMatch(new RegExp(`^${slug} — clicks .+: \\d+ \\((▲|▼|=) `));
    expect(raw!.to.sort()).toEqual([emails.ana, emails.bo].sort());
    expect(mail.parts['text/plain']).toContain('the links tagged <b>Campaign</b>');
    expect(mail.parts['text/html']).toContain('the links tagged &lt;b&gt;Campaign&lt;/b&gt;');
    expect(mail.parts['text/html']).not.toMatch(/<img|src=/i);
    expect(mail.parts['text/plain']).toContain(`/dashboard/analytics?range=custom&from=${sent.body.period_from}&to=${sent.body.period_to}`);
    const listed = await graphql(lsk.base, key)('{ analyticsReports { data { id recipients email_enabled } next_cursor } }');
    expect(listed.body.data.analyticsReports).toEqual({ data: [{ id: report.id, recipients: [ids.ana, ids.bo], email_enabled: true }], next_cursor: null });
    expect((await api('DELETE', `/v1/analytics/reports/${report.id}`)).status).toBe(204);
    expectError(await api('DELETE', `/v1/analytics/reports/${report.id}`), 404, 'not_found');
  });

  it('refuses non-members, two scopes, an unknown link and bad values with 400, changing nothing', async () => {
    const bad = async (body: unknown, paths: string[]) => expectError(await api('POST', '/v1/analytics/reports', body), 400, 'validation_failed', { paths });
    await bad({ frequency: 'weekly', recipients: [`eve.${store}@example.com`] }, ['recipients[0]']);
    await bad({ frequency: 'weekly', recipients: ['usr_000000000000000000aa'] }, ['recipients[0]']);
    await bad({ frequency: 'weekly', recipients: [] }, ['recipients']);
    await bad({ frequency: 'weekly', recipients: [emails.ana], tag: 'a', domain: 'go.example.com' }, ['domain']);
    await bad({ frequency: 'daily', recipients: [emails.ana] }, ['frequency']);
    await bad({ frequency: 'weekly', timezone: 'Mars/Olympus', recipients: [emails.ana] }, ['timezone']);
    await bad({ frequency: 'weekly', recipients: [emails.ana], extra: 1 }, ['extra']);
    expectError(
      await api('POST', '/v1/analytics/reports', { frequency: 'weekly', link_id: 'lnk_000000000000000000zz', recipients: [emails.ana] }),
      404,
      'not_found',
    );
    expect((await api('GET', '/v1/analytics/reports')).body.data).toEqual([]);
  });

  it('keeps workspaces apart, asks for links:write to change, and limits sending now to 5 a minute', async () => {
    const report = (await api('POST', '/v1/analytics/reports', { frequency: 'monthly', recipients: [emails.ana] })).body;
    const other = client(lsk.base, (await cliLines(['key', 'create', '--workspace', `${slug}-other`, '--name', 'o'], lsk.env)).at(-1)!);
    expectError(await other('PATCH', `/v1/analytics/reports/${report.id}`, { frequency: 'weekly' }), 404, 'not_found');
    expectError(await other('POST', `/v1/analytics/reports/${report.id}/send`), 404, 'not_found');
    expect((await other('GET', '/v1/analytics/reports')).body.data).toEqual([]);
    const reader = client(lsk.base, (await cliLines(['key', 'create', '--workspace', slug, '--name', 'r', '--scopes', 'analytics:read'], lsk.env)).at(-1)!);
    expect((await reader('GET', '/v1/analytics/reports')).body.data.map((r: { id: string }) => r.id)).toContain(report.id);
    expectError(await reader('DELETE', `/v1/analytics/reports/${report.id}`), 403, 'insufficient_scope');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api('POST', `/v1/analytics/reports/${report.id}/send`)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
  });
  it('lsk email-report create, list, send and delete do the same from the command line', async () => {
    const made = await lsk.cli([
      'email-report',
      'create',
      '--workspace',
      slug,
      '--frequency',
      'monthly',
      '--to',
      emails.bo,
      '--timezone',
      'Asia/Tokyo',
      '--domain',
      'go.example.com',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const report = reportOutputSchema.parse(JSON.parse(made.last));
    expect(report).toMatchObject({ frequency: 'monthly', timezone: 'Asia/Tokyo', domain: 'go.example.com', recipients: [ids.bo], email_enabled: true });
    const listed = await lsk.cli(['email-report', 'list', '--workspace', slug]);
    expect(reportPageSchema.parse({ next_cursor: null, ...JSON.parse(listed.last) }).data.map((r) => r.id)).toContain(report.id);
    const before = smtp.to(emails.bo).length;
    const sent = await lsk.cli(['email-report', 'send', report.id, '--workspace', slug]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(JSON.parse(sent.last)).toMatchObject({ id: report.id, recipients: 1 });
    expect(smtp.to(emails.bo).length).toBe(before + 1);
    const refused = await lsk.cli(['email-report', 'create', '--workspace', slug, '--frequency', 'weekly', '--to', `eve.${store}@example.com`]);
    expect(refused.code).toBe(1);
    expect((await lsk.cli(['email-report', 'delete', report.id, '--workspace', slug])).code).toBe(0);
    expect((await lsk.cli(['email-report', 'delete', report.id, '--workspace', slug])).code).toBe(1);
  });
});
