/**
 * Roles, table-driven over the REST route table (each route runs its GraphQL root field, so the
 * fields' declared scopes decide): for every role, every operation is either allowed (any answer but
 * 403) or refused with 403 forbidden; an API key is never refused by role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_SCOPES, ROLES, type Scope } from '../../src/domain/scopes.js';
import { declaredScopes } from '../../src/graphql/declared-scope.js';
import { buildSchema } from '../../src/graphql/schema/index.js';
import type { RestRoute } from '../../src/v1/route.js';
import { REST_ROUTES } from '../../src/v1/routes.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { dashboard, newAccount } from './_accounts.js';
import { BIG_PLAN, expectError } from './_assert.js';

/** A well-formed request for each operation (bodies valid, ids that need not exist). */
const SAMPLE: Record<string, { params?: Record<string, string>; body?: unknown; query?: string }> = {
  createLink: { body: { destination: 'https://example.com/role' } },
  updateLink: { params: { id: 'lnk_none' }, body: { destination: 'https://example.com/x' } },
  link: { params: { id: 'lnk_none' } },
  deleteLink: { params: { id: 'lnk_none' } },
  linkStats: { params: { id: 'lnk_none' } },
  updateTag: { params: { tag: 'none' }, body: { name: 'other' } },
  deleteTag: { params: { name: 'none' } },
  createDomain: { body: { host: `role-${Math.random().toString(36).slice(2, 8)}.example.com` } },
  deleteDomain: { params: { host: 'none.example.com' } },
  createKey: { body: { name: 'role test' } },
  revokeKey: { params: { id: 'key_none' } },
  updateMember: { params: { user_id: 'usr_none' }, body: { role: 'viewer' } },
  removeMember: { params: { user_id: 'usr_none' } },
  createInvite: { body: { email: 'role@example.com', role: 'viewer' } },
  revokeInvite: { params: { id: 'inv_none' } },
  linkQrCode: { params: { id: 'lnk_none' } },
  createLinks: { body: { links: [{ destination: 'https://example.com/role' }] } },
  updateLinks: { body: { ids: ['lnk_none'], patch: { destination: 'https://example.com/x' } } },
  deleteLinks: { query: '?ids=lnk_none' },
  createWebhook: { body: { url: 'http://127.0.0.1:9/hook', events: ['link.created'] } },
  webhook: { params: { id: 'whk_none' } },
  updateWebhook: { params: { id: 'whk_none' }, body: { events: ['link.updated'] } },
  deleteWebhook: { params: { id: 'whk_none' } },
  rotateWebhookSecret: { params: { id: 'whk_none' } },
  testWebhook: { params: { id: 'whk_none' } },
  webhookDeliveries: { params: { id: 'whk_none' } },
  retryWebhookDelivery: { params: { id: 'whk_none', delivery_id: 'dlv_none' } },
  updateDomain: { params: { domain: 'none.example.com' }, body: { crawlable: true } },
  updateWorkspace: { body: { require_2fa: false } },
  // Another slug: whoever may delete gets 400 (the confirmation does not match), and the workspace stays.
  deleteWorkspace: { query: '?confirm=not-roles' },
  createUtmTemplate: { body: { name: 'Role test', source: 'newsletter' } },
  utmTemplate: { params: { id: 'utm_none' } },
  updateUtmTemplate: { params: { id: 'utm_none' }, body: { medium: 'email' } },
  deleteUtmTemplate: { params: { id: 'utm_none' } },
  createAnalyticsShare: { body: {} },
  deleteAnalyticsShare: { params: { id: 'shr_none' } },
  createAnalyticsReport: { body: { frequency: 'weekly', recipients: ['nobody@example.com'] } },
  analyticsReport: { params: { id: 'rpt_none' } },
  updateAnalyticsReport: { params: { id: 'rpt_none' }, body: { frequency: 'monthly' } },
  deleteAnalyticsReport: { params: { id: 'rpt_none' } },
  sendAnalyticsReport: { params: { id: 'rpt_none' } },
};

const schema = buildSchema();
/** Every scope an operation needs (a field may name a second one its resolver checks: declared-scope.ts). */
function scopesOf(route: RestRoute): Scope[] {
  const [kind, name] = route.field.split('.') as ['Query' | 'Mutation', string];
  return declaredScopes((kind === 'Query' ? schema.getQueryType() : schema.getMutationType())!.getFields()[name]!);
}

function request(route: RestRoute): { path: string; body?: unknown } {
  const name = route.field.split('.')[1]!;
  const sample = SAMPLE[name] ?? {};
  const path = `/v1${route.path.replace(/:([a-z_]+)/g, (_m, p: string) => encodeURIComponent(sample.params?.[p] ?? 'none'))}`;
  return { path: path + (sample.query ?? ''), body: sample.body };
}

describe.each(STORES)('roles on every operation on %s', (store) => {
  let lsk: Lsk;
  let key: string;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_TRUST_PROXY: '1', LSK_SESSION_RPM: '100000', LSK_WEBHOOK_ALLOW_PRIVATE: 'true' } });
    key = await lsk.workspace('roles', BIG_PLAN);
    for (const role of ROLES) cookies[role] = (await newAccount(lsk, `${role}.${store}@example.com`, 'roles', role)).cookie;
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('has a sample request for every operation that needs one', () => {
    for (const route of REST_ROUTES) if (route.body || route.params) expect(SAMPLE[route.field.split('.')[1]!], route.field).toBeDefined();
  });

  for (const role of ROLES) {
    it(`${role}: allowed exactly where ROLE_SCOPES grants the operation's scope, else 403 forbidden`, async () => {
      const api = client(lsk.base);
      for (const route of REST_ROUTES) {
        const { path, body } = request(route);
        const res = await api(route.method, path, body, dashboard(cookies[role]!, 'roles'));
        const lacking = scopesOf(route).find((s) => !ROLE_SCOPES[role].has(s));
        if (!lacking) expect(res.status, `${role} ${route.method} ${path}: ${res.text}`).not.toBe(403);
        else {
          expectError(res, 403, 'forbidden');
          expect(res.body.error.message, route.field).toContain(lacking);
        }
      }
    });
  }

  it('an API key with every scope is refused by no operation', async () => {
    const api = client(lsk.base, key);
    for (const route of REST_ROUTES) {
      const { path, body } = request(route);
      expect((await api(route.method, path, body)).status, `${route.method} ${path}`).not.toBe(403);
    }
  });
});
