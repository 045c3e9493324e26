/**
 * The bad inputs of messages.api.test.ts: bodies, query strings and path parameters for every REST
 * route, documents and variables for every GraphQL root field, and the wording no answer may use.
 * Not a test file (vitest only picks up *.test.ts).
 */
import { expect } from 'vitest';
import type { ApiResponse } from '../support/server.js';

/**
 * zod's default sentences (v4's English locale, and v3's for good measure). graphql-js's own
 * coercion messages ("Variable "$d" got invalid value 5; ...") are the GraphQL standard's, not zod's.
 */
export const DEFAULT_WORDING = [
  /\bInvalid input\b/,
  /\bexpected [a-z]+, received [a-z]+/i,
  /\bInvalid option: expected/,
  /\bToo (big|small): expected/,
  /\bInvalid string: must/,
  /\bInvalid number: must/,
  /\bInvalid (email address|URL|emoji|UUID\w*|nanoid|GUID|cuid2?|ULID|XID|KSUID|ISO (datetime|date|time|duration)|IPv[46] (address|range)|MAC address|base64(url)?-encoded string|JSON string|E\.164 number|currency code|credit card number|IBAN|JWT)\b/,
  /\bUnrecognized keys?:/,
  /\bInvalid (key|value|element) in\b/,
  /\bInvalid discriminator value\b/,
  /^Required$/,
  /\b(String|Number|Array|Set) must (contain|be)\b/,
  /\bInvalid (enum|literal) value\b/,
  /\bExpected (string|number|boolean|object|array|integer|never), received\b/,
];

/**
 * A detail completes its path into a sentence ("destination" + "must be a string"), as the
 * summary message shows it: it starts with a verb, or names a quoted value ('"v1" is reserved...').
 */
export const PREDICATE = /^(is|are|must|may|has|cannot|"[^"]+" is)\b/;

/** Every sentence of an answer: REST envelope or GraphQL errors, with their details. */
export function messagesOf(res: ApiResponse): string[] {
  const out: string[] = [];
  const details = (d: unknown) => {
    for (const x of (d as { path: string; message: string }[] | undefined) ?? []) {
      expect(x.message, `${x.path} ${x.message}`).toMatch(PREDICATE);
      out.push(`${x.path}: ${x.message}`);
    }
  };
  if (res.body?.error) {
    out.push(res.body.error.message);
    details(res.body.error.details);
  }
  for (const e of res.body?.errors ?? []) {
    out.push(e.message);
    details(e.extensions?.details);
  }
  return out;
}

export const D = 'https://example.com/';
export const LONG = 'x'.repeat(9000);

/** Bodies that break each rule of the link fields (create, and update where it makes sense). */
export const BAD_LINK_FIELDS: Record<string, unknown>[] = [
  { destination: 5 },
  { destination: null },
  { destination: '' },
  { destination: 'example.com' },
  { destination: 'ftp://example.com/' },
  { destination: 'javascript:alert(1)' },
  { destination: `https://example.com/${LONG}` },
  { destination: ['https://example.com/'] },
  { destination: D, alias: '' },
  { destination: D, alias: 5 },
  { destination: D, alias: 'a b' },
  { destination: D, alias: '/lead' },
  { destination: D, alias: 'a//b' },
  { destination: D, alias: 'v1' },
  { destination: D, alias: 'x'.repeat(200) },
  { destination: D, domain: 5 },
  { destination: D, domain: '' },
  { destination: D, domain: 'bad host!' },
  { destination: D, domain: 'example.com:8080' },
  { destination: D, geo_targeting: [] },
  { destination: D, geo_targeting: 'US' },
  { destination: D, geo_targeting: { XX: D } },
  { destination: D, geo_targeting: { us: D } },
  { destination: D, geo_targeting: { US: 5 } },
  { destination: D, geo_targeting: { US: 'javascript:x' } },
  { destination: D, geo_targeting: { US: null } },
  { destination: D, geo_targeting: JSON.parse('{"__proto__": "https://a.example/"}') },
  { destination: D, tags: 'x' },
  { destination: D, tags: [5] },
  { destination: D, tags: [''] },
  { destination: D, tags: ['   '] },
  { destination: D, tags: [null] },
  { destination: D, tags: ['x'.repeat(65)] },
  { destination: D, tags: Array.from({ length: 26 }, (_, i) => `t${i}`) },
  { destination: D, colour: 'red' },
  { destination: D, constructor: 1 },
  { destination: D, title: '' },
  { destination: D, title: 5 },
  { destination: D, title: 't'.repeat(201) },
  { destination: D, external_id: 'a b' },
  { destination: D, external_id: 'x'.repeat(256) },
  { destination: D, external_id: 'é' },
  { destination: D, expires_at: 'tomorrow' },
  { destination: D, expires_at: '2026-12-31T00:00:00' },
  { destination: D, expires_at: '2020-01-01T00:00:00Z' },
  { destination: D, expired_url: 'ftp://example.com/' },
  { destination: D, max_clicks: 0 },
  { destination: D, max_clicks: 1.5 },
  { destination: D, max_clicks: '5' },
  { destination: D, max_clicks: 2_147_483_648 },
  { destination: D, password: 'abc' },
  { destination: D, password: 5 },
  { destination: D, password: 'p'.repeat(129) },
  { destination: D, device_targeting: 'ios' },
  { destination: D, device_targeting: { windows: D } },
  { destination: D, device_targeting: { ios: 5 } },
  { destination: D, device_targeting: { android: 'javascript:x' } },
];

export const LINK_ARGS = ['destination', 'alias', 'domain', 'geo_targeting', 'tags'];

export const BAD_BODIES: unknown[] = [[], 'text', 5, null, true, {}];

/** Bad query strings, path parameters and bodies of every other route (`$ID`: an existing link). */
export const REST_CALLS: [string, string, unknown?][] = [
  ['POST', '/v1/links', '{"destination": '],
  ['POST', '/v1/links'],
  ['GET', '/v1/links?limit=abc'],
  ['GET', '/v1/links?limit=0'],
  ['GET', '/v1/links?limit=101'],
  ['GET', '/v1/links?limit=1.5'],
  ['GET', '/v1/links?limit=-1'],
  ['GET', '/v1/links?limit=1&limit=2'],
  ['GET', '/v1/links?cursor=not-a-cursor'],
  ['GET', '/v1/links?cursor=%E2%9C%93'],
  ['GET', '/v1/links?tag='],
  ['GET', `/v1/links?tag=${'x'.repeat(70)}`],
  ['GET', '/v1/links?domain=bad%20host'],
  ['GET', `/v1/links?q=${'x'.repeat(300)}`],
  ['GET', '/v1/links?colour=red'],
  ['GET', '/v1/links?status=gone'],
  ['GET', '/v1/links?external_id=a%20b'],
  ['GET', '/v1/links/ext_'],
  ['GET', '/v1/links/bad%20id'],
  ['GET', `/v1/links/lnk_${'x'.repeat(300)}`],
  ['GET', '/v1/links/lnk_0000000000missing'],
  ['PATCH', '/v1/links/bad%20id', { alias: 'a' }],
  ['DELETE', '/v1/links/key_0000000000'],
  ['GET', '/v1/links/$ID/stats?from=yesterday'],
  ['GET', '/v1/links/$ID/stats?to=2026-02-30'],
  ['GET', '/v1/links/$ID/stats?from=2026-03-01&to=2026-02-01'],
  ['GET', '/v1/links/$ID/stats?from=2026-01-01T00:00:00Z'],
  ['GET', '/v1/links/$ID/stats?days=3'],
  ['PATCH', '/v1/tags/news', { name: '' }],
  ['PATCH', '/v1/tags/news', { name: 5 }],
  ['PATCH', '/v1/tags/news', { name: 'x'.repeat(65) }],
  ['PATCH', '/v1/tags/news', { name: 'ok', extra: 1 }],
  ['PATCH', `/v1/tags/${'x'.repeat(70)}`, { name: 'ok' }],
  ['DELETE', `/v1/tags/${'x'.repeat(70)}`],
  ['DELETE', '/v1/tags/%20'],
  ['POST', '/v1/domains', { host: 5 }],
  ['POST', '/v1/domains', { host: '' }],
  ['POST', '/v1/domains', { host: 'bad host' }],
  ['POST', '/v1/domains', { host: `${'a'.repeat(64)}.example` }],
  ['POST', '/v1/domains', { host: 'go.example.com', port: 1 }],
  ['DELETE', '/v1/domains/bad%20host'],
  ['POST', '/v1/keys', { name: 5 }],
  ['POST', '/v1/keys', { name: '' }],
  ['POST', '/v1/keys', { name: 'x'.repeat(100) }],
  ['POST', '/v1/keys', { name: 'ok', scopes: 'links:read' }],
  ['DELETE', '/v1/keys/bad%20id'],
  ['DELETE', '/v1/keys/lnk_0000000000'],
  ['GET', '/v1/links/$ID/qr?format=gif'],
  ['GET', '/v1/links/$ID/qr?size=63&margin=17'],
  ['GET', '/v1/links/$ID/qr?ecc=X&fg=red&bg=%23ffffff'],
  ['POST', '/v1/links/bulk', { links: [] }],
  ['POST', '/v1/links/bulk', { links: 'all' }],
  ['POST', '/v1/links/bulk', { links: [{ destination: D }], colour: 'red' }],
  ['PATCH', '/v1/links/bulk', { ids: [] }],
  ['PATCH', '/v1/links/bulk', { ids: ['', 'lnk_a', 'lnk_a'] }],
  ['PATCH', '/v1/links/bulk', { ids: ['lnk_a'], patch: { destination: 'ftp://x' }, add_tags: [''] }],
  ['DELETE', '/v1/links/bulk'],
  ['DELETE', '/v1/links/bulk?ids='],
  ['GET', '/v1/links/export?format=xlsx'],
  ['POST', '/v1/keys', { name: 'ok', scopes: ['links:admin'] }],
  ['POST', '/v1/keys', { name: 'ok', scopes: [] }],
  ['POST', '/v1/webhooks', { url: 'ftp://hooks.example/', events: ['link.created'] }],
  ['POST', '/v1/webhooks', { url: 'http://127.0.0.1/hook', events: ['link.created'] }],
  ['POST', '/v1/webhooks', { url: 'http://2130706433/hook', events: ['link.created'] }],
  ['POST', '/v1/webhooks', { url: 'http://[::1]/hook', events: ['link.created'] }],
  ['POST', '/v1/webhooks', { url: 5, events: 'link.created' }],
  ['POST', '/v1/webhooks', { url: 'https://hooks.example/', events: [] }],
  ['POST', '/v1/webhooks', { url: 'https://hooks.example/', events: ['webhook.test'] }],
  ['POST', '/v1/webhooks', { url: 'https://hooks.example/', events: ['link.created'], description: '' }],
  ['POST', '/v1/webhooks', { url: 'https://hooks.example/', events: ['link.created'], secret: 'mine' }],
  ['POST', '/v1/webhooks'],
  ['PATCH', '/v1/webhooks/whk_0000000000missing', { enabled: 'yes' }],
  ['PATCH', '/v1/webhooks/whk_0000000000missing', { enabled: true }],
  ['GET', '/v1/webhooks/bad%20id'],
  ['GET', '/v1/webhooks/whk_0000000000missing/deliveries?limit=101'],
  ['GET', '/v1/webhooks/whk_0000000000missing/deliveries?cursor=nope'],
  ['POST', '/v1/webhooks/whk_0000000000missing/rotate-secret'],
  ['POST', '/v1/webhooks/whk_0000000000missing/deliveries/dlv_0000000000missing/retry'],
  ['DELETE', '/v1/webhooks/whk_0000000000missing'],
  ['GET', '/v1/workspace?verbose=1'],
  ['POST', '/v1/invites', { email: 'not an email', role: 'viewer' }],
  ['POST', '/v1/invites', { email: 'a@example.com', role: 'king' }],
  ['POST', '/v1/invites', { email: 5 }],
  ['POST', '/v1/invites', { email: 'a@example.com', role: 'viewer', note: 'hi' }],
  ['PATCH', '/v1/members/usr_0000000000', { role: 'king' }],
  ['PATCH', '/v1/members/usr_0000000000', {}],
  ['DELETE', '/v1/members/bad%20id'],
  ['DELETE', '/v1/invites/inv_0000000000'],
  ['GET', '/v1/nothing'],
  ['PUT', '/v1/links'],
];

const CREATE_VARS = '$destination: String!, $alias: String, $domain: String, $geo_targeting: GeoTargeting, $tags: [String!]';
const CREATE_ARGS = 'destination: $destination, alias: $alias, domain: $domain, geo_targeting: $geo_targeting, tags: $tags';

/**
 * The link bodies again, for createLink and updateLink, as variables of the arguments' own types
 * (graphql-js turns a single value into a one-item list and ignores undeclared variables: those
 * bodies are valid in GraphQL and left out). `$ID` stands for an existing link.
 */
export function linkMutations(): [string, Record<string, unknown>][] {
  const updateVars = `${CREATE_VARS.replace('String!', 'String')}, $id: ID!`;
  return BAD_LINK_FIELDS.filter((b) => Object.keys(b).every((k) => LINK_ARGS.includes(k)) && typeof b.tags !== 'string').flatMap((b) => {
    const { destination: _d, ...patch } = b;
    const create: [string, Record<string, unknown>] = [`mutation(${CREATE_VARS}) { createLink(${CREATE_ARGS}) { id } }`, b];
    if (Object.keys(patch).length === 0) return [create];
    return [create, [`mutation(${updateVars}) { updateLink(id: $id, ${CREATE_ARGS}) { id } }`, { ...patch, id: '$ID' }]];
  });
}

/** Documents (with variables) that every root field must refuse. */
export const GRAPHQL_DOCUMENTS: [string, Record<string, unknown>?][] = [
  ['mutation($d: String!) { createLink(destination: $d) { id } }', { d: 'ftp://x' }],
  ['mutation($d: String!) { createLink(destination: $d) { id } }', {}],
  ['mutation($d: String!) { createLink(destination: $d) { id } }', { d: 5 }],
  ['mutation { createLink(destination: "https://example.com/", geo_targeting: { XX: "https://a.example/" }) { id } }'],
  ['mutation { createLink(destination: "https://example.com/", geo_targeting: "US") { id } }'],
  ['mutation($g: GeoTargeting) { createLink(destination: "https://example.com/", geo_targeting: $g) { id } }', { g: { US: 5 } }],
  ['mutation($g: GeoTargeting) { createLink(destination: "https://example.com/", geo_targeting: $g) { id } }', { g: [1] }],
  ['mutation { createLink(destination: "https://example.com/", tags: [""]) { id } }'],
  ['mutation { createLink(destination: "https://example.com/", colour: "red") { id } }'],
  ['mutation { createLink { id } }'],
  ['mutation { updateLink(id: "bad id", alias: "a") { id } }'],
  [`mutation { updateLink(id: "$ID", alias: "a b") { id } }`],
  [`mutation { updateLink(id: "$ID", destination: "") { id } }`],
  ['mutation { deleteLink(id: "lnk_0000000000missing") }'],
  ['{ link(id: "") { id } }'],
  ['{ links(limit: 0) { next_cursor } }'],
  ['{ links(limit: 1000) { next_cursor } }'],
  ['{ links(cursor: "nope") { next_cursor } }'],
  ['{ links(domain: "bad host") { next_cursor } }'],
  ['{ links(limit: "x") { next_cursor } }'],
  [`{ linkStats(id: "$ID", from: "yesterday") { clicks } }`],
  [`{ linkStats(id: "$ID", from: "2026-03-01", to: "2026-02-01") { clicks } }`],
  ['mutation { updateTag(name: "news", new_name: "") { name } }'],
  ['mutation { updateTag(tag: "news", name: "") { name } }'],
  ['mutation { deleteTag(name: "") }'],
  ['mutation { createDomain(host: "bad host") { host } }'],
  ['mutation { createDomain(host: "") { host } }'],
  [`{ link(id: "$ID") { qr_svg(size: 10, ecc: M) } }`],
  [`{ link(id: "$ID") { qr_svg(ecc: X) } }`],
  [`{ link(id: "$ID") { qr_svg(ecc: "M") } }`],
  [`{ linkQrCode(id: "$ID", format: gif) { base64 } }`],
  ['query($f: String) { links(sort: $f) { next_cursor } }', { f: 'newest' }],
  ['query($s: LinkSort) { links(sort: $s) { next_cursor } }', { s: 'random' }],
  ['{ analytics(group_by: "countries") { total { clicks } } }'],
  ['{ analytics(interval: fortnight) { total { clicks } } }'],
  ['mutation { createLinks(links: []) { data { link { id } } } }'],
  ['mutation { updateLinks(ids: ["lnk_a", "lnk_a"], add_tags: [""]) { data { link { id } } } }'],
  ['mutation { deleteLinks(ids: []) { deleted } }'],
  ['mutation { createWebhook(url: "ftp://x", events: ["link.created"]) { id } }'],
  ['mutation { createWebhook(url: "http://10.0.0.1/", events: ["link.created"]) { id } }'],
  ['mutation { createWebhook(url: "https://hooks.example/", events: ["nope"]) { id } }'],
  ['mutation { updateWebhook(id: "whk_0000000000missing", enabled: true) { id } }'],
  ['mutation { retryWebhookDelivery(id: "whk_0000000000missing", delivery_id: "dlv_x") { id } }'],
  ['{ webhookDeliveries(id: "whk_0000000000missing", limit: 0) { next_cursor } }'],
  ['mutation { createKey(name: "k", scopes: ["everything"]) { id } }'],
  ['mutation { deleteDomain(host: "bad host") }'],
  ['mutation { createKey(name: "") { id } }'],
  [`mutation { createKey(name: "${'x'.repeat(100)}") { id } }`],
  ['mutation { revokeKey(id: "bad") }'],
  ['mutation { createInvite(email: "nope", role: viewer) { id } }'],
  ['mutation { createInvite(email: "a@example.com", role: king) { id } }'],
  ['mutation { updateMember(user_id: "usr_0000000000", role: king) { role } }'],
  ['mutation { removeMember(user_id: "bad") }'],
  ['mutation { revokeInvite(id: "bad") }'],
  ['{ nope }'],
  ['{ workspace { nope } }'],
];
