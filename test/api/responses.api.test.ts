/**
 * Every /v1 success body, on both stores, is what the OpenAPI document promises: each is parsed with
 * the output zod schema its route names (the schema the document's response is generated from), so
 * a store adapter that returns another shape or format fails here. (schemathesis checks the served
 * document against the SQLite store with generated data; this covers MongoDB and realistic data.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_ROUTES } from '../../src/v1/routes.js';
import { cliLines } from '../support/cli-in-process.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { BIG_PLAN } from './_assert.js';

const GEO = { DE: 'https://example.de/fruehling', FR: 'https://example.fr/printemps', US: 'https://example.com/spring' };

describe.each(STORES)('success bodies match the documented response schemas on %s', (store) => {
  let lsk: Lsk;
  let smtp: TestSmtp;
  let api: ReturnType<typeof client>;
  const checked = new Set<string>();

  /** Call, expect the route's success status, and parse the body with its response schema. */
  async function call(field: string, method: string, path: string, body?: unknown) {
    const route = REST_ROUTES.find((r) => r.field === field)!;
    const res = await api(method, path, body);
    expect(res.status, `${method} ${path}: ${res.text.slice(0, 500)}`).toBe(route.status);
    if (route.media) {
      expect(route.media.types).toContain(res.headers.get('content-type'));
      expect(res.text.length).toBeGreaterThan(0);
    } else if (route.response) {
      const parsed = route.response.safeParse(res.body);
      expect(parsed.error?.issues ?? [], `${method} ${path}: ${res.text.slice(0, 500)}`).toEqual([]);
    } else {
      expect(res.text).toBe('');
    }
    checked.add(field);
    return res.body;
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    lsk = await startLsk(store, { env: { LSK_WEBHOOK_ALLOW_PRIVATE: 'true', LSK_SMTP_URL: smtp.url } });
    api = client(lsk.base, await lsk.workspace('shapes', BIG_PLAN));
  });
  afterAll(async () => {
    await lsk?.stop();
    await smtp?.stop();
  });

  it('for every operation of the route table', async () => {
    await call('Mutation.createDomain', 'POST', '/v1/domains', { host: 'Go.Example.COM' });
    await call('Query.domains', 'GET', '/v1/domains');
    const link = await call('Mutation.createLink', 'POST', '/v1/links', {
      destination: 'https://example.com/CAFÉ/spring?x=1',
      domain: 'go.example.com',
      alias: 'spring/2026',
      geo_targeting: GEO,
      tags: ['Cafe\u0301', 'campaign', '🎉 launch'],
    });
    await call('Mutation.createLink', 'POST', '/v1/links', {
      destination: 'https://example.com/',
      rules: [{ if: { country: ['DE'], device: ['mobile'] }, to: 'https://example.de/' }],
      variants: [
        { url: 'https://example.com/a', weight: 70 },
        { url: 'https://example.com/b', weight: 30 },
      ],
      utm: { source: 'newsletter', medium: 'email' },
      preview: { title: 'Spring', description: 'The spring sale', image: 'https://example.com/card.png' },
    });
    await call('Mutation.updateDomain', 'PATCH', '/v1/domains/go.example.com', { root_url: 'https://example.com/', crawlable: true });
    await call('Query.linkCount', 'GET', '/v1/links/count?tag=campaign');
    const template = await call('Mutation.createUtmTemplate', 'POST', '/v1/utm-templates', { name: 'Newsletter', source: 'newsletter', medium: 'email' });
    await call('Query.utmTemplates', 'GET', '/v1/utm-templates');
    await call('Query.utmTemplate', 'GET', `/v1/utm-templates/${template.id}`);
    await call('Mutation.updateUtmTemplate', 'PATCH', `/v1/utm-templates/${template.id}`, { medium: null });
    await call('Mutation.deleteUtmTemplate', 'DELETE', `/v1/utm-templates/${template.id}`);
    const share = await call('Mutation.createAnalyticsShare', 'POST', '/v1/analytics/shares', { tag: 'campaign', expires_at: '2099-12-31T23:59:59+01:00' });
    await call('Query.analyticsShares', 'GET', '/v1/analytics/shares');
    await call('Mutation.deleteAnalyticsShare', 'DELETE', `/v1/analytics/shares/${share.id}`);
    await call('Query.link', 'GET', `/v1/links/${link.id}`);
    await call('Query.links', 'GET', '/v1/links?limit=1');
    await call('Mutation.updateLink', 'PATCH', `/v1/links/${link.id}`, { geo_targeting: null, tags: ['campaign'] });
    const [made] = (await call('Mutation.createLinks', 'POST', '/v1/links/bulk', { links: [{ destination: 'https://example.com/b' }, { destination: 'x' }] }))
      .data;
    await call('Mutation.updateLinks', 'PATCH', '/v1/links/bulk', { ids: [made.link.id, 'lnk_missing'], add_tags: ['bulk'] });
    await call('Mutation.deleteLinks', 'DELETE', `/v1/links/bulk?ids=${made.link.id},lnk_missing`);
    await call('Query.linkQrCode', 'GET', `/v1/links/${link.id}/qr?format=png&size=64`);
    await call('Query.linkStats', 'GET', `/v1/links/${link.id}/stats?from=2026-01-01&to=2026-01-31`);
    await call('Query.analytics', 'GET', `/v1/analytics?group_by=links&link_id=${link.id}&timezone=Europe/Berlin`);
    await call('Query.clickEvents', 'GET', `/v1/analytics/events?limit=5&country=DE,FR`);
    await call('Query.auditLog', 'GET', '/v1/audit-log?limit=5');
    await call('Query.tags', 'GET', '/v1/tags');
    await call('Mutation.updateTag', 'PATCH', '/v1/tags/campaign', { name: 'marketing' });
    await call('Mutation.deleteTag', 'DELETE', '/v1/tags/marketing');
    const key = await call('Mutation.createKey', 'POST', '/v1/keys', { name: 'shapes' });
    await call('Query.keys', 'GET', '/v1/keys');
    await call('Mutation.revokeKey', 'DELETE', `/v1/keys/${key.id}`);
    await call('Query.workspace', 'GET', '/v1/workspace');
    await call('Mutation.updateWorkspace', 'PATCH', '/v1/workspace', { require_2fa: false });
    for (const [email, role] of [
      ['Owner@Example.com', 'owner'],
      ['viewer@example.com', 'viewer'],
    ]) {
      await cliLines(['user', 'create', email!, '--workspace', 'shapes', '--role', role!, '--name', 'Ann Ö'], lsk.env);
    }
    const members = await call('Query.members', 'GET', '/v1/members');
    const viewer = members.data[1].user_id;
    await call('Mutation.updateMember', 'PATCH', `/v1/members/${viewer}`, { role: 'member' });
    const invite = await call('Mutation.createInvite', 'POST', '/v1/invites', { email: 'Cy@Example.com', role: 'admin' });
    await call('Query.invites', 'GET', '/v1/invites');
    await call('Mutation.revokeInvite', 'DELETE', `/v1/invites/${invite.id}`);
    // Scheduled reports go to members (the owner made above), through a real SMTP server.
    const report = await call('Mutation.createAnalyticsReport', 'POST', '/v1/analytics/reports', {
      frequency: 'weekly',
      timezone: 'Europe/Berlin',
      recipients: ['owner@example.com'],
      tag: 'campaign',
    });
    await call('Query.analyticsReports', 'GET', '/v1/analytics/reports');
    await call('Query.analyticsReport', 'GET', `/v1/analytics/reports/${report.id}`);
    await call('Mutation.updateAnalyticsReport', 'PATCH', `/v1/analytics/reports/${report.id}`, { frequency: 'monthly' });
    await call('Mutation.sendAnalyticsReport', 'POST', `/v1/analytics/reports/${report.id}/send`);
    await call('Mutation.deleteAnalyticsReport', 'DELETE', `/v1/analytics/reports/${report.id}`);
    await call('Mutation.removeMember', 'DELETE', `/v1/members/${viewer}`);
    await call('Mutation.deleteLink', 'DELETE', `/v1/links/${link.id}`);
    await call('Mutation.deleteDomain', 'DELETE', '/v1/domains/go.example.com');
    // Webhooks (a closed loopback port: attempts fail fast and are logged).
    const hook = await call('Mutation.createWebhook', 'POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['link.created'], description: 'CRM' });
    await call('Query.webhooks', 'GET', '/v1/webhooks');
    await call('Query.webhook', 'GET', `/v1/webhooks/${hook.id}`);
    await call('Mutation.updateWebhook', 'PATCH', `/v1/webhooks/${hook.id}`, { description: null, events: ['link.created', 'link.clicked'] });
    await call('Mutation.rotateWebhookSecret', 'POST', `/v1/webhooks/${hook.id}/rotate-secret`);
    const delivery = await call('Mutation.testWebhook', 'POST', `/v1/webhooks/${hook.id}/test`);
    await call('Query.webhookDeliveries', 'GET', `/v1/webhooks/${hook.id}/deliveries?limit=1`);
    await call('Mutation.retryWebhookDelivery', 'POST', `/v1/webhooks/${hook.id}/deliveries/${delivery.id}/retry`);
    await call('Mutation.deleteWebhook', 'DELETE', `/v1/webhooks/${hook.id}`);
    // Last: the workspace itself, with everything above in it.
    await call('Mutation.deleteWorkspace', 'DELETE', '/v1/workspace?confirm=shapes');
    expect([...checked].sort()).toEqual(REST_ROUTES.map((r) => r.field).sort());
  });
});
