/** The adaptive link fields and UTM templates as inputs: REST and GraphQL, field-level errors, scopes, both stores. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { BIG_PLAN, createLink, expectError, graphql } from './_assert.js';
import { expectGqlError } from './_graphql.js';

const RULES = [
  { if: { country: ['de', 'AT'], device: ['mobile'], after: '2026-01-01T01:00:00+01:00' }, to: 'https://example.de/' },
  { if: { query: { ref: '*' }, ip: ['10.0.0.0/8'] }, to: 'https://example.com/ref' },
];
const VARIANTS = [
  { url: 'https://example.com/a', weight: 70 },
  { url: 'https://example.com/b', weight: 30 },
];

describe.each(STORES)('adaptive link fields and UTM templates on %s', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let key: string;

  beforeAll(async () => {
    lsk = await startLsk(store);
    key = await lsk.workspace('inputs', BIG_PLAN);
    api = client(lsk.base, key);
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('returns rules, variants, utm and preview as given (dates in UTC), clears them with null, through REST and GraphQL', async () => {
    const link = await createLink(api, {
      destination: 'https://example.com/',
      rules: RULES,
      variants: VARIANTS,
      utm: { source: 'news', medium: 'email' },
      preview: { title: 'Spring', image: 'https://cdn.example.com/a.png' },
    });
    expect(link.rules).toEqual([{ ...RULES[0], if: { ...RULES[0]!.if, after: '2026-01-01T00:00:00.000Z' } }, RULES[1]]);
    expect(link).toMatchObject({
      variants: VARIANTS,
      utm: { source: 'news', medium: 'email' },
      preview: { title: 'Spring', image: 'https://cdn.example.com/a.png' },
    });
    const cleared = await api('PATCH', `/v1/links/${link.id}`, { rules: [], variants: null, utm: {}, preview: null });
    expect(cleared.body).toMatchObject({ rules: null, variants: null, utm: null, preview: null });
    const gql = graphql(lsk.base, key);
    const made = await gql(
      'mutation($r: LinkRules) { createLink(destination: "https://example.com/g", rules: $r, utm: {campaign: "x"}, variants: [{url: "https://example.com/1", weight: 50}, {url: "https://example.com/2", weight: 50}]) { rules variants utm preview } }',
      { r: RULES.slice(1) },
    );
    expect(made.body.data.createLink).toEqual({
      rules: RULES.slice(1),
      variants: [
        { url: 'https://example.com/1', weight: 50 },
        { url: 'https://example.com/2', weight: 50 },
      ],
      utm: { campaign: 'x' },
      preview: null,
    });
  });

  it('names every problem with its field path, on both surfaces, and changes nothing', async () => {
    const body = {
      destination: 'https://example.com/',
      rules: [
        { if: {}, to: 'https://example.com/' },
        { if: { country: ['XX'], ip: ['10.0.0.0/40'], colour: ['red'], after: '2027-01-01T00:00:00Z', before: '2026-01-01T00:00:00Z' }, to: 'ftp://x' },
        { if: { query: { PROTO: 'x', q: 5 } }, to: 'https://example.com/' },
      ],
      variants: [
        { url: 'https://example.com/a', weight: 60 },
        { url: 'https://example.com/b', weight: 60 },
      ],
      utm: { source: '', campaign: 'x'.repeat(101), medium: 3 },
      preview: { image: 'http://cdn.example.com/a.png', title: 'x'.repeat(121), colour: 'red' },
    };
    // A JSON body may name __proto__ (a JavaScript object literal cannot): it is refused by name.
    const text = JSON.stringify(body).replace('"PROTO"', '"__proto__"');
    expectError(await api('POST', '/v1/links', text), 400, 'validation_failed', {
      paths: [
        'rules.0.if',
        'rules.1.if.country.0',
        'rules.1.if.ip.0',
        'rules.1.if.colour',
        'rules.1.if.before',
        'rules.1.to',
        'rules.2.if.query.__proto__',
        'rules.2.if.query.q',
        'variants',
        'utm.source',
        'utm.campaign',
        'utm.medium',
        'preview.image',
        'preview.title',
        'preview.colour',
      ],
    });
    expectError(
      await api('POST', '/v1/links', { destination: 'https://example.com/', rules: Array.from({ length: 51 }, () => RULES[1]) }),
      400,
      'validation_failed',
      {
        paths: ['rules'],
      },
    );
    expectError(await api('POST', '/v1/links', { destination: 'https://{path}.example.com/', alias: 'w/*' }), 400, 'validation_failed', {
      paths: ['destination'],
    });
    const gql = graphql(lsk.base, key);
    expectGqlError(
      await gql('mutation { createLink(destination: "https://example.com/", variants: [{url: "https://example.com/a", weight: 100}]) { id } }'),
      'validation_failed',
      {
        paths: ['variants'],
      },
    );
    expect((await api('GET', '/v1/links')).body.data.filter((l: { destination: string }) => l.destination === 'https://example.com/')).toHaveLength(1);
  });

  it('keeps UTM templates per workspace: create, list, get, update, delete; names unique; scope links:write to change', async () => {
    const made = await api('POST', '/v1/utm-templates', { name: 'Newsletter', source: 'newsletter', medium: 'email' });
    expect(made.status, made.text).toBe(201);
    expect(made.headers.get('location')).toBe(`/v1/utm-templates/${made.body.id}`);
    expect(made.body).toMatchObject({ name: 'Newsletter', source: 'newsletter', medium: 'email', campaign: null, term: null, content: null });
    expect(made.body.id).toMatch(/^utm_[0-9A-Za-z]+$/);
    expectError(await api('POST', '/v1/utm-templates', { name: 'NEWSLETTER' }), 400, 'validation_failed', { paths: ['name'] });
    expectError(await api('POST', '/v1/utm-templates', { name: '', source: 'x'.repeat(101) }), 400, 'validation_failed', { paths: ['name', 'source'] });
    const updated = await api('PATCH', `/v1/utm-templates/${made.body.id}`, { campaign: 'spring', medium: null });
    expect(updated.body).toMatchObject({ name: 'Newsletter', source: 'newsletter', medium: null, campaign: 'spring' });
    expect((await api('GET', `/v1/utm-templates/${made.body.id}`)).body).toEqual(updated.body);
    expect((await api('GET', '/v1/utm-templates')).body.data).toEqual([updated.body]);
    const other = client(lsk.base, await lsk.workspace('inputs-other', BIG_PLAN));
    expectError(await other('GET', `/v1/utm-templates/${made.body.id}`), 404, 'not_found');
    expect((await other('GET', '/v1/utm-templates')).body.data).toEqual([]);
    const readOnly = (await api('POST', '/v1/keys', { name: 'ro', scopes: ['links:read'] })).body.key as string;
    const ro = client(lsk.base, readOnly);
    expect((await ro('GET', '/v1/utm-templates')).status).toBe(200);
    expectError(await ro('POST', '/v1/utm-templates', { name: 'x' }), 403, 'insufficient_scope');
    const gql = graphql(lsk.base, key);
    const viaGql = await gql('mutation { createUtmTemplate(name: "Ads", source: "google", medium: "cpc") { name source medium term } }');
    expect(viaGql.body.data.createUtmTemplate).toEqual({ name: 'Ads', source: 'google', medium: 'cpc', term: null });
    expect((await gql('{ utmTemplates { data { name } } }')).body.data.utmTemplates.data).toEqual([{ name: 'Newsletter' }, { name: 'Ads' }]);
    expect((await api('DELETE', `/v1/utm-templates/${made.body.id}`)).status).toBe(204);
    expectError(await api('DELETE', `/v1/utm-templates/${made.body.id}`), 404, 'not_found');
  });
});
