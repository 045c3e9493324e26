/**
 * Every GraphQL mutation leaves an audit entry (REST runs the same operations, and the dashboard
 * sends these documents). One case per mutation of schema/schema.graphql: a mutation without a case
 * fails the first test — add its action to src/domain/audit.ts, emit it in the service, and add the
 * case here. Each case runs through the real server with its own X-Request-Id and finds its entry:
 * the action, the target, the acting key and the request id.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLines } from '../support/cli-in-process.js';
import { type Lsk, STORES, startLsk } from '../support/server.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { waitFor } from '../support/wait-for.js';
import { ROOT } from './_artifacts.js';
import { BIG_PLAN, graphql, keyIdOf } from './_assert.js';
import { REPORT_CASES } from './_audit-report-cases.js';

type Run = (query: string, variables?: Record<string, unknown>) => Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Case {
  action: string;
  /** Runs the mutation (with `send`; setup may use `setup`), returning the target id the entry must name. */
  run(send: Run, setup: Run, state: State): Promise<string>;
  /** The entry went with its workspace (deleted): the server's log line is checked instead, for a workspace made for it. */
  logged?: true;
}

interface State {
  /** Members to change and to remove (the cases run in name order). */
  toChange: string;
  toRemove: string;
}

const newLink = async (setup: Run, tags: string[] = []) =>
  (await setup('mutation($t: [String!]) { createLink(destination: "https://example.com/a", tags: $t) { id } }', { t: tags })).createLink.id as string;
const newWebhook = async (setup: Run) =>
  (await setup('mutation { createWebhook(url: "https://hooks.invalid/in", events: ["link.created"]) { id } }')).createWebhook.id as string;

const newTemplate = async (setup: Run, name: string) =>
  (await setup('mutation($n: String!) { createUtmTemplate(name: $n, source: "news") { id } }', { n: name })).createUtmTemplate.id as string;

/** One case per mutation, keyed by the mutation's name. */
const CASES: Record<string, Case> = {
  createLink: { action: 'link.created', run: (send) => newLink(send) },
  updateLink: {
    action: 'link.updated',
    run: async (send, setup) => (await send('mutation($id: ID!) { updateLink(id: $id, title: "T") { id } }', { id: await newLink(setup) })).updateLink.id,
  },
  deleteLink: {
    action: 'link.deleted',
    run: async (send, setup) => {
      const id = await newLink(setup);
      await send('mutation($id: ID!) { deleteLink(id: $id) }', { id });
      return id;
    },
  },
  createLinks: {
    action: 'link.created',
    run: async (send) =>
      (await send('mutation { createLinks(links: [{destination: "https://example.com/b"}]) { data { link { id } } } }')).createLinks.data[0].link.id,
  },
  updateLinks: {
    action: 'link.updated',
    run: async (send, setup) => {
      const id = await newLink(setup);
      await send('mutation($ids: [ID!]!) { updateLinks(ids: $ids, add_tags: ["bulk"]) { data { link { id } } } }', { ids: [id] });
      return id;
    },
  },
  deleteLinks: {
    action: 'link.deleted',
    run: async (send, setup) => {
      const id = await newLink(setup);
      await send('mutation($ids: [ID!]!) { deleteLinks(ids: $ids) { deleted } }', { ids: [id] });
      return id;
    },
  },
  updateTag: {
    action: 'tag.updated',
    run: async (send, setup) => {
      await newLink(setup, ['cov-old']);
      return (await send('mutation { updateTag(tag: "cov-old", name: "cov-new") { name } }')).updateTag.name;
    },
  },
  deleteTag: {
    action: 'tag.deleted',
    run: async (send, setup) => {
      await newLink(setup, ['cov-gone']);
      await send('mutation { deleteTag(name: "cov-gone") }');
      return 'cov-gone';
    },
  },
  createDomain: {
    action: 'domain.created',
    run: async (send) => (await send('mutation { createDomain(host: "cov.example.com") { host } }')).createDomain.host,
  },
  deleteDomain: {
    action: 'domain.deleted',
    run: async (send, setup) => {
      await setup('mutation { createDomain(host: "gone.example.com") { host } }');
      await send('mutation { deleteDomain(host: "gone.example.com") }');
      return 'gone.example.com';
    },
  },
  updateDomain: {
    action: 'domain.updated',
    run: async (send, setup) => {
      await setup('mutation { createDomain(host: "set.example.com") { host } }');
      return (await send('mutation { updateDomain(domain: "set.example.com", crawlable: true) { host } }')).updateDomain.host;
    },
  },
  createUtmTemplate: { action: 'utm_template.created', run: async (send) => newTemplate(send, 'cov-create') },
  createAnalyticsShare: {
    action: 'analytics_share.created',
    run: async (send) => (await send('mutation { createAnalyticsShare { id } }')).createAnalyticsShare.id,
  },
  deleteAnalyticsShare: {
    action: 'analytics_share.deleted',
    run: async (send, setup) => {
      const { id } = (await setup('mutation { createAnalyticsShare { id } }')).createAnalyticsShare;
      await send('mutation($id: ID!) { deleteAnalyticsShare(id: $id) }', { id });
      return id;
    },
  },
  updateUtmTemplate: {
    action: 'utm_template.updated',
    run: async (send, setup) =>
      (await send('mutation($id: ID!) { updateUtmTemplate(id: $id, medium: "email") { id } }', { id: await newTemplate(setup, 'cov-update') }))
        .updateUtmTemplate.id,
  },
  deleteUtmTemplate: {
    action: 'utm_template.deleted',
    run: async (send, setup) => {
      const id = await newTemplate(setup, 'cov-delete');
      await send('mutation($id: ID!) { deleteUtmTemplate(id: $id) }', { id });
      return id;
    },
  },
  ...REPORT_CASES,
  createKey: { action: 'key.created', run: async (send) => (await send('mutation { createKey(name: "cov") { id } }')).createKey.id },
  revokeKey: {
    action: 'key.revoked',
    run: async (send, setup) => {
      const id = (await setup('mutation { createKey(name: "to revoke") { id } }')).createKey.id;
      return (await send('mutation($id: ID!) { revokeKey(id: $id) { id } }', { id })).revokeKey.id;
    },
  },
  createWebhook: { action: 'webhook.created', run: (send) => newWebhook(send) },
  updateWebhook: {
    action: 'webhook.updated',
    run: async (send, setup) =>
      (await send('mutation($id: ID!) { updateWebhook(id: $id, description: "cov") { id } }', { id: await newWebhook(setup) })).updateWebhook.id,
  },
  rotateWebhookSecret: {
    action: 'webhook.secret_rotated',
    run: async (send, setup) =>
      (await send('mutation($id: ID!) { rotateWebhookSecret(id: $id) { id } }', { id: await newWebhook(setup) })).rotateWebhookSecret.id,
  },
  testWebhook: {
    action: 'webhook.tested',
    run: async (send, setup) => {
      const id = await newWebhook(setup);
      await send('mutation($id: ID!) { testWebhook(id: $id) { id } }', { id });
      return id;
    },
  },
  retryWebhookDelivery: {
    action: 'webhook.delivery_retried',
    run: async (send, setup) => {
      const webhook = await newWebhook(setup);
      const delivery = (await setup('mutation($id: ID!) { testWebhook(id: $id) { id } }', { id: webhook })).testWebhook.id;
      return (await send('mutation($id: ID!, $d: ID!) { retryWebhookDelivery(id: $id, delivery_id: $d) { id } }', { id: webhook, d: delivery }))
        .retryWebhookDelivery.id;
    },
  },
  deleteWebhook: {
    action: 'webhook.deleted',
    run: async (send, setup) => {
      const id = await newWebhook(setup);
      await send('mutation($id: ID!) { deleteWebhook(id: $id) }', { id });
      return id;
    },
  },
  createInvite: {
    action: 'invite.created',
    run: async (send) => (await send('mutation { createInvite(email: "new@example.com", role: viewer) { id } }')).createInvite.id,
  },
  revokeInvite: {
    action: 'invite.revoked',
    run: async (send, setup) => {
      const id = (await setup('mutation { createInvite(email: "later@example.com", role: member) { id } }')).createInvite.id;
      await send('mutation($id: ID!) { revokeInvite(id: $id) }', { id });
      return id;
    },
  },
  updateMember: {
    action: 'member.role_changed',
    run: async (send, _setup, s) => {
      await send('mutation($u: ID!) { updateMember(user_id: $u, role: member) { role } }', { u: s.toChange });
      return s.toChange;
    },
  },
  removeMember: {
    action: 'member.removed',
    run: async (send, _setup, s) => {
      await send('mutation($u: ID!) { removeMember(user_id: $u) }', { u: s.toRemove });
      return s.toRemove;
    },
  },
  deleteWorkspace: {
    action: 'workspace.deleted',
    logged: true,
    run: async (send) => (await send('mutation { deleteWorkspace(confirm: "cov-gone") }')).deleteWorkspace,
  },
  updateWorkspace: {
    action: 'workspace.updated',
    run: async (send, setup) => {
      const id = (await send('mutation { updateWorkspace(require_2fa: true) { id } }')).updateWorkspace.id;
      await setup('mutation { updateWorkspace(require_2fa: false) { id } }');
      return id;
    },
  },
};

const schema = buildSchema(readFileSync(join(ROOT, 'schema/schema.graphql'), 'utf8'));
const MUTATIONS = Object.keys(schema.getMutationType()!.getFields()).sort();

describe('audit coverage of the GraphQL mutations', () => {
  it('has a case for every mutation of the schema, and none for a mutation that is gone', () => {
    expect(Object.keys(CASES).sort(), 'a mutation without an audit case: emit its action and add a case here').toEqual(MUTATIONS);
  });
});

describe.each(STORES)('every mutation leaves its audit entry on %s', (store) => {
  let lsk: Lsk;
  let key: string;
  const state: State = { toChange: '', toRemove: '' };
  const query = (rid: string) => {
    const gql = graphql(lsk.base, key);
    return async (q: string, variables?: Record<string, unknown>) => {
      const res = await gql(q, variables, { 'x-request-id': rid });
      expect(res.body.errors, `${q}: ${res.text}`).toBeUndefined();
      return res.body.data;
    };
  };

  // Sending a report now needs an SMTP server (docs/adr/0219).
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    lsk = await startLsk(store, { env: { LSK_SMTP_URL: smtp.url } });
    key = await lsk.workspace('cov', BIG_PLAN);
    for (const email of ['change@example.com', 'remove@example.com']) {
      await cliLines(['user', 'create', email, '--workspace', 'cov', '--role', 'viewer'], lsk.env);
    }
    const users = JSON.parse((await cliLines(['user', 'list', '--workspace', 'cov'], lsk.env)).at(-1)!) as { data: { id: string; email: string }[] };
    const idOf = (email: string) => users.data.find((u) => u.email === email)!.id;
    Object.assign(state, { toChange: idOf('change@example.com'), toRemove: idOf('remove@example.com') });
  }, 60_000);
  afterAll(async () => {
    await lsk?.stop();
    await smtp?.stop();
  });

  for (const name of MUTATIONS) {
    it(`${name} records ${CASES[name]?.action ?? '(no case)'}`, async () => {
      const c = CASES[name]!;
      const rid = `cov-${name}-${store}`;
      if (c.logged) {
        const gone = graphql(lsk.base, await lsk.workspace('cov-gone'));
        expect((await c.run(async (q) => (await gone(q, undefined, { 'x-request-id': rid })).body.data, query('unused'), state)) as unknown).toBe(true);
        const line = await waitFor(
          () =>
            lsk
              .output()
              .split('\n')
              .find((l) => l.includes(`"requestId":"${rid}"`)),
          (l) => l !== undefined,
          { what: 'the log line of the deletion' },
        );
        expect(JSON.parse(line!)).toMatchObject({ msg: 'workspace deleted; its data is being purged', actor: { type: 'key', label: 'default' } });
        return;
      }
      const target = await c.run(query(rid), query(`setup-${name}`), state);
      const log = await query('cov-read')(
        'query($a: String, $t: String) { auditLog(action: $a, target_id: $t, limit: 100) { data { action actor { type id label } target { id } request_id } } }',
        { a: c.action, t: target },
      );
      const mine = log.auditLog.data.filter((e: { request_id: string }) => e.request_id === rid);
      expect(mine, JSON.stringify(log.auditLog.data)).toHaveLength(1);
      expect(mine[0]).toEqual({ action: c.action, actor: { type: 'key', id: keyIdOf(key), label: 'default' }, target: { id: target }, request_id: rid });
    });
  }
});
