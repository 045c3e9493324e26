/**
 * Restricted keys through the real server on both stores, table-driven over every link endpoint:
 * a key restricted to a domain, to a tag, or to both, sees and changes only its links (others are
 * 404, as another workspace's), creates only links inside its restriction (else 403 forbidden), and
 * reads only its links' clicks. Four links cover every case: on the team domain with the team tag,
 * on the team domain only, with the team tag only, and neither.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLines } from '../support/cli-in-process.js';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, expectError, graphql } from './_assert.js';

type Api = ReturnType<typeof client>;
type LinkName = 'both' | 'domainOnly' | 'tagOnly' | 'neither';
type KeyName = 'byDomain' | 'byTag' | 'byBoth';

const TEAM = 'team.example.com';
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const LINKS: Record<LinkName, { domain?: string; tags: string[] }> = {
  both: { domain: TEAM, tags: ['Team-A'] },
  domainOnly: { domain: TEAM, tags: ['other'] },
  tagOnly: { tags: ['team-a', 'x'] },
  neither: { tags: [] },
};
/** `DEFAULT` stands for the service's default domain (localhost:<port>). */
const DEFAULT = '(default)';
interface KeyCase {
  restriction: Record<string, string[]>;
  sees: LinkName[];
  /** A new link inside the restriction, one outside, a change moving the `both` link out, and a wider key. */
  inside: Record<string, unknown>;
  outside: Record<string, unknown>;
  moveOut: Record<string, unknown>;
  wider: Record<string, unknown>;
}
const KEYS: Record<KeyName, KeyCase> = {
  byDomain: {
    restriction: { domains: [TEAM] },
    sees: ['both', 'domainOnly'],
    inside: { domain: TEAM },
    outside: { tags: ['team-a'] },
    moveOut: { domain: DEFAULT },
    wider: { domains: [TEAM, DEFAULT] },
  },
  byTag: {
    restriction: { tags: ['TEAM-A'] },
    sees: ['both', 'tagOnly'],
    inside: { tags: ['team-a'] },
    outside: { domain: TEAM, tags: ['b'] },
    moveOut: { tags: ['b'] },
    wider: { tags: ['team-a', 'other'] },
  },
  byBoth: {
    restriction: { domains: [TEAM], tags: ['team-a'] },
    sees: ['both'],
    inside: { domain: TEAM, tags: ['Team-A'] },
    outside: { domain: TEAM },
    moveOut: { tags: [] },
    wider: { domains: [DEFAULT] },
  },
};
const ALL: LinkName[] = ['both', 'domainOnly', 'tagOnly', 'neither'];

/** A read of one link by id: the REST path or GraphQL document, and what "seen" answers. */
const READS: { name: string; read: (k: { api: Api; gql: ReturnType<typeof graphql> }, id: string) => Promise<boolean> }[] = [
  { name: 'GET /v1/links/{id}', read: async ({ api }, id) => status(await api('GET', `/v1/links/${id}`)) },
  { name: 'GET /v1/links/{id}/stats', read: async ({ api }, id) => status(await api('GET', `/v1/links/${id}/stats`)) },
  { name: 'GET /v1/links/{id}/qr', read: async ({ api }, id) => status(await api('GET', `/v1/links/${id}/qr`)) },
  { name: 'GET /v1/analytics?link_id=', read: async ({ api }, id) => status(await api('GET', `/v1/analytics?link_id=${id}`)) },
  { name: 'PATCH /v1/links/{id}', read: async ({ api }, id) => status(await api('PATCH', `/v1/links/${id}`, { title: 'touched' })) },
  { name: 'GraphQL link(id)', read: async ({ gql }, id) => (await gql('query($id: ID!) { link(id: $id) { id } }', { id })).body.data.link !== null },
  { name: 'GraphQL node(id)', read: async ({ gql }, id) => (await gql('query($id: ID!) { node(id: $id) { id } }', { id })).body.data.node !== null },
  {
    name: 'GraphQL linkStats',
    read: async ({ gql }, id) => (await gql('query($id: ID!) { linkStats(id: $id) { clicks } }', { id })).body.data.linkStats !== null,
  },
];

/** 200 for a link the key sees, 404 not_found for one it does not; anything else fails. */
function status(res: { status: number; text: string; body: { error?: { code: string } } }): boolean {
  if (res.status === 404) {
    expect(res.body.error?.code).toBe('not_found');
    return false;
  }
  expect(res.status, res.text).toBe(200);
  return true;
}

describe.each(STORES)('restricted keys on %s', (store) => {
  let lsk: Lsk;
  let owner: Api;
  const ids = {} as Record<LinkName, string>;
  const keys = {} as Record<KeyName, { api: Api; gql: ReturnType<typeof graphql>; secret: string }>;
  const idsOf = (names: LinkName[]) => names.map((n) => ids[n]).sort();
  /** A body with DEFAULT replaced by the default domain. */
  const real = (body: Record<string, unknown>) => JSON.parse(JSON.stringify(body).replaceAll(DEFAULT, `localhost:${lsk.port}`));

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_COUNTRY_HEADER: 'cf-ipcountry' } });
    const secret = await lsk.workspace('rk', BIG_PLAN);
    owner = client(lsk.base, secret);
    await cliLines(['domain', 'add', TEAM, '--workspace', 'rk'], lsk.env);
    for (const name of ALL) {
      const res = await owner('POST', '/v1/links', { destination: `https://example.com/${name}`, alias: name, ...LINKS[name] });
      expect(res.status, res.text).toBe(201);
      ids[name] = res.body.id;
    }
    for (const [name, k] of Object.entries(KEYS) as [KeyName, (typeof KEYS)[KeyName]][]) {
      const res = await owner('POST', '/v1/keys', { name, ...k.restriction });
      expect(res.status, res.text).toBe(201);
      keys[name] = { api: client(lsk.base, res.body.key), gql: graphql(lsk.base, res.body.key), secret: res.body.key };
    }
    // One click on each link (the team domain and the default one), for the analytics rows.
    for (const name of ALL) {
      const seen = await visit(lsk.base, `/${name}`, { host: LINKS[name].domain ?? `localhost:${lsk.port}`, 'cf-ipcountry': 'DE', 'user-agent': BROWSER });
      expect(seen.status).toBe(302);
    }
    const total = await waitFor(
      () => owner('GET', '/v1/analytics?group_by=links'),
      (r) => r.body?.total?.clicks === 4,
    );
    expect(total.body.total.clicks).toBe(4);
    const events = await waitFor(
      () => owner('GET', '/v1/analytics/events'),
      (r) => r.body?.data?.length === 4,
    );
    expect(events.body.data).toHaveLength(4);
  }, 60_000);
  afterAll(async () => {
    await lsk?.stop();
  });

  it('shows each key its restriction in the key list', async () => {
    const listed = (await owner('GET', '/v1/keys')).body.data as { name: string; domains: string[] | null; tags: string[] | null }[];
    expect(listed.find((k) => k.name === 'byDomain')).toMatchObject({ domains: [TEAM], tags: null });
    expect(listed.find((k) => k.name === 'byTag')).toMatchObject({ domains: null, tags: ['TEAM-A'] });
    expect(listed.find((k) => k.name === 'byBoth')).toMatchObject({ domains: [TEAM], tags: ['team-a'] });
  });

  for (const keyName of Object.keys(KEYS) as KeyName[]) {
    const { sees, inside, outside, moveOut, wider } = KEYS[keyName];
    describe(`a key restricted ${JSON.stringify(KEYS[keyName].restriction)}`, () => {
      for (const r of READS) {
        it(`${r.name}: answers for ${sees.join(' and ')}, 404 for the others`, async () => {
          const seen = [];
          for (const name of ALL) if (await r.read(keys[keyName], ids[name])) seen.push(name);
          expect(seen).toEqual(sees);
        });
      }

      it('GET /v1/links and GraphQL links list its links only, and filters combine with it', async () => {
        expect(((await keys[keyName].api('GET', '/v1/links')).body.data as { id: string }[]).map((l) => l.id).sort()).toEqual(idsOf(sees));
        const gql = await keys[keyName].gql('{ links(limit: 100) { data { id } } }');
        expect(gql.body.data.links.data.map((l: { id: string }) => l.id).sort()).toEqual(idsOf(sees));
        const onTeam = (await keys[keyName].api('GET', `/v1/links?domain=${TEAM}`)).body.data as { id: string }[];
        expect(onTeam.map((l) => l.id).sort()).toEqual(idsOf(sees.filter((n) => LINKS[n].domain === TEAM)));
      });

      it("counts its links only, and changes a domain's settings only when restricted to that domain alone", async () => {
        const { api } = keys[keyName];
        expect((await api('GET', '/v1/links/count')).body.total).toBe(sees.length);
        const settings = await api('PATCH', `/v1/domains/${TEAM}`, { root_url: `https://example.com/${keyName}` });
        if (keyName === 'byDomain') expect(settings.status, settings.text).toBe(200);
        else expectError(settings, 403, 'forbidden');
      });

      it('GET /v1/links/export streams its links only', async () => {
        const csv = await keys[keyName].api('GET', '/v1/links/export');
        expect(csv.status).toBe(200);
        expect(
          csv.text
            .trimEnd()
            .split('\r\n')
            .slice(1)
            .map((l) => l.split(',')[0])
            .sort(),
        ).toEqual(idsOf(sees));
      });

      it("GET /v1/analytics counts only its links' clicks, by link and by tag", async () => {
        const byLink = await keys[keyName].api('GET', '/v1/analytics?group_by=links');
        expect(byLink.body.total.clicks).toBe(sees.length);
        expect((byLink.body.data as { key: string }[]).map((d) => d.key).sort()).toEqual(idsOf(sees));
        const byTag = await keys[keyName].api('GET', '/v1/analytics?group_by=tags');
        const tags = new Set(sees.flatMap((n) => LINKS[n].tags.map((t) => t.toLowerCase())));
        expect(new Set((byTag.body.data as { key: string }[]).map((d) => d.key.toLowerCase()))).toEqual(tags);
      });

      it("GET /v1/analytics/events lists only its links' clicks", async () => {
        const events = await keys[keyName].api('GET', '/v1/analytics/events');
        expect(events.status, events.text).toBe(200);
        expect((events.body.data as { link_id: string }[]).map((e) => e.link_id).sort()).toEqual(idsOf(sees));
      });

      it('creates links inside its restriction (201) and refuses others with 403 forbidden, single and bulk', async () => {
        const ok = await keys[keyName].api('POST', '/v1/links', { destination: 'https://example.com/new', ...inside });
        expect(ok.status, ok.text).toBe(201);
        expectError(await keys[keyName].api('POST', '/v1/links', { destination: 'https://example.com/new', ...outside }), 403, 'forbidden');
        const bulk = await keys[keyName].api('POST', '/v1/links/bulk', {
          links: [
            { destination: 'https://example.com/in', ...inside },
            { destination: 'https://example.com/out', ...outside },
          ],
        });
        expect(bulk.status).toBe(200);
        expect(bulk.body.data[0].link).toBeTruthy();
        expect(bulk.body.data[1].error.code).toBe('forbidden');
        for (const id of [ok.body.id, bulk.body.data[0].link.id]) expect((await owner('DELETE', `/v1/links/${id}`)).status).toBe(204);
      });

      it('refuses to move its own link outside the restriction (403), and bulk changes only its links', async () => {
        expectError(await keys[keyName].api('PATCH', `/v1/links/${ids.both}`, real(moveOut)), 403, 'forbidden');
        const bulk = await keys[keyName].api('PATCH', '/v1/links/bulk', { ids: ALL.map((n) => ids[n]), patch: { title: 'bulk' } });
        const changed = (bulk.body.data as { link?: { id: string }; error?: { code: string } }[]).map((item, i) => (item.link ? ALL[i] : item.error!.code));
        expect(changed).toEqual(ALL.map((n) => (sees.includes(n) ? n : 'not_found')));
      });

      it('cannot delete the others, one or in bulk (404 / not_found)', async () => {
        const others = ALL.filter((n) => !sees.includes(n));
        for (const n of others) expectError(await keys[keyName].api('DELETE', `/v1/links/${ids[n]}`), 404, 'not_found');
        const bulk = await keys[keyName].api('DELETE', `/v1/links/bulk?ids=${others.map((n) => ids[n]).join(',')}`);
        expect(bulk.body).toEqual({ deleted: [], not_found: others.map((n) => ids[n]) });
        expect((await owner('GET', '/v1/links?limit=100')).body.data.length).toBe(ALL.length);
      });

      it('is refused what spans every link: tags, webhooks, the audit log; its keys never reach further', async () => {
        const api = keys[keyName].api;
        expectError(await api('GET', '/v1/tags'), 403, 'forbidden');
        expectError(await api('PATCH', '/v1/tags/other', { name: 'renamed' }), 403, 'forbidden');
        expectError(await api('GET', '/v1/webhooks'), 403, 'forbidden');
        expectError(await api('GET', '/v1/audit-log'), 403, 'forbidden');
        expectError(await api('POST', '/v1/keys', { name: 'wider', ...real(wider) }), 403, 'forbidden');
        const inherited = await api('POST', '/v1/keys', { name: 'inherits' });
        expect(inherited.status, inherited.text).toBe(201);
        expect({ domains: inherited.body.domains, tags: inherited.body.tags }).toEqual({ domains: null, tags: null, ...KEYS[keyName].restriction });
      });
    });
  }

  it("leaves webhooks' link events as they are: a restricted key's change is delivered like any other", async () => {
    const hook = await owner('POST', '/v1/webhooks', { url: 'https://hooks.invalid/in', events: ['link.created'] });
    expect(hook.status, hook.text).toBe(201);
    const made = await keys.byTag.api('POST', '/v1/links', { destination: 'https://example.com/hooked', tags: ['team-a'] });
    expect(made.status).toBe(201);
    const log = await owner('GET', `/v1/webhooks/${hook.body.id}/deliveries`);
    expect(log.body.data.map((d: { event_type: string }) => d.event_type)).toEqual(['link.created']);
    expect((await owner('DELETE', `/v1/links/${made.body.id}`)).status).toBe(204);
  });

  it('keeps restricted keys to the workspace: a domain of another workspace or none at all is refused (400)', async () => {
    expectError(await owner('POST', '/v1/keys', { name: 'x', domains: ['nowhere.example.com'] }), 400, 'validation_failed', { paths: ['domains.0'] });
    expectError(await owner('POST', '/v1/keys', { name: 'x', domains: [] }), 400, 'validation_failed', { paths: ['domains'] });
    expectError(await owner('POST', '/v1/keys', { name: 'x', tags: [''] }), 400, 'validation_failed', { paths: ['tags.0'] });
  });
});
