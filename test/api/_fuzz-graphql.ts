/** Random GraphQL documents of the fuzz suite: literals, root fields with arguments, token soup. Not a test file. */
import { HOST_POOL, type Rng, randomJsonText, randomString, randomUrl, randomValue, TAG_POOL } from './_fuzz-random.js';

const LINK_FIELDS = 'id short_url domain alias destination geo_targeting tags clicks created_at updated_at';

/** A GraphQL value literal. */
function gqlLiteral(r: Rng, depth = 0): string {
  switch (r.int(depth > 2 ? 6 : 9)) {
    case 0:
      return 'null';
    case 1:
      return String(r.int(300) - 100);
    case 2:
      return r.pick(['1.5', '1e400', '-0.0', '99999999999999999999']);
    case 3:
      return r.pick(['true', 'false', 'SOME_ENUM']);
    case 4:
    case 5:
      return JSON.stringify(r.chance(0.5) ? randomUrl(r) : randomString(r, 10));
    case 6:
      return `[${Array.from({ length: r.int(4) }, () => gqlLiteral(r, depth + 1)).join(', ')}]`;
    case 7:
      return `{ ${Array.from({ length: r.int(4) }, () => `${r.pick(['DE', 'US', 'us', 'XX', 'FR', '__proto__', 'constructor', 'a'])}: ${r.chance(0.7) ? JSON.stringify(randomUrl(r)) : gqlLiteral(r, depth + 1)}`).join(', ')} }`;
    default:
      return '$v';
  }
}

const ROOTS: { name: string; mutation: boolean; args: string[]; sel: string }[] = [
  { name: 'link', mutation: false, args: ['id'], sel: `{ ${LINK_FIELDS} }` },
  { name: 'links', mutation: false, args: ['limit', 'cursor', 'tag', 'domain', 'q'], sel: '{ data { id alias tags } next_cursor }' },
  { name: 'linkStats', mutation: false, args: ['id', 'from', 'to'], sel: '{ link_id from to clicks by_day { date clicks } }' },
  { name: 'tags', mutation: false, args: [], sel: '{ data { name links } }' },
  { name: 'domains', mutation: false, args: [], sel: '{ data { host } }' },
  { name: 'keys', mutation: false, args: [], sel: '{ data { id name revoked_at } }' },
  { name: 'workspace', mutation: false, args: [], sel: '{ id slug plan rate_limit_rpm }' },
  { name: 'createLink', mutation: true, args: ['destination', 'domain', 'alias', 'geo_targeting', 'tags'], sel: `{ ${LINK_FIELDS} }` },
  { name: 'updateLink', mutation: true, args: ['id', 'destination', 'domain', 'alias', 'geo_targeting', 'tags'], sel: `{ ${LINK_FIELDS} }` },
  { name: 'deleteLink', mutation: true, args: ['id'], sel: '' },
  { name: 'updateTag', mutation: true, args: ['tag', 'name'], sel: '{ name links }' },
  { name: 'deleteTag', mutation: true, args: ['name'], sel: '' },
  { name: 'createDomain', mutation: true, args: ['host'], sel: '{ host }' },
  { name: 'deleteDomain', mutation: true, args: ['host'], sel: '' },
  { name: 'createKey', mutation: true, args: ['name'], sel: '{ id name }' },
  { name: 'revokeKey', mutation: true, args: ['id'], sel: '{ id }' },
];

interface GqlPlan {
  body: string;
  /** response alias -> root field name and the id argument given (when a literal string), in document order. */
  fields: Map<string, { name: string; id?: string }>;
}

export function randomGraphQL(r: Rng, fuzzIds: string[], foreignIds: string[]): GqlPlan {
  const fields = new Map<string, { name: string; id?: string }>();
  if (r.chance(0.1)) {
    // Token soup.
    const toks = [
      '{',
      '}',
      '(',
      ')',
      ':',
      '$v',
      'query',
      'mutation',
      'fragment',
      'on',
      '...',
      '@skip',
      'links',
      'data',
      '"str"',
      '1',
      '[',
      ']',
      '#',
      '!',
      '=',
      'createLink',
      '__schema',
      '__typename',
    ];
    const q = Array.from({ length: r.int(30) }, () => r.pick(toks)).join(' ');
    return { body: randomJsonText(r, { query: q, variables: r.chance(0.5) ? randomValue(r) : undefined }), fields };
  }
  const mutation = r.chance(0.5);
  const pool = ROOTS.filter((f) => f.mutation === mutation);
  const parts: string[] = [];
  for (let i = 0, n = 1 + r.int(3); i < n; i++) {
    const f = r.pick(pool);
    const alias = `f${i}`;
    const info: { name: string; id?: string } = { name: f.name };
    fields.set(alias, info);
    const args = f.args
      .filter((a) => a === 'id' || a === 'destination' || r.chance(0.4))
      .map((a) => {
        let v: string;
        if (a === 'id') {
          info.id = r.chance(0.5) && fuzzIds.length ? r.pick(fuzzIds) : r.chance(0.3) && foreignIds.length ? r.pick(foreignIds) : randomString(r, 12);
          v = JSON.stringify(info.id);
        } else if (a === 'destination' && r.chance(0.7)) v = JSON.stringify(`https://example.com/${encodeURIComponent(randomString(r, 8))}`);
        else if (a === 'tags' && r.chance(0.7)) v = `[${Array.from({ length: r.int(3) }, () => JSON.stringify(r.pick(TAG_POOL))).join(', ')}]`;
        else if ((a === 'host' || a === 'domain') && r.chance(0.6)) v = JSON.stringify(r.pick(HOST_POOL));
        else if ((a === 'tag' || a === 'name') && r.chance(0.6)) v = JSON.stringify(r.pick(TAG_POOL));
        else v = gqlLiteral(r);
        return r.chance(0.05) ? `${randomString(r, 5).replace(/[^a-z]/g, '') || 'bogus'}: ${v}` : `${a}: ${v}`;
      });
    const sel = r.chance(0.1) ? r.pick(['', '{ nope }', '{ id { x } }', '{ __typename }']) : f.sel;
    parts.push(`${alias}: ${f.name}${args.length ? `(${args.join(', ')})` : ''} ${sel}`);
  }
  const usesVar = parts.some((p) => p.includes('$v'));
  const varDecl = usesVar ? `($v: ${r.pick(['String', 'Int', 'GeoTargeting', '[String!]', 'Boolean', 'String!'])})` : '';
  const query = `${mutation ? 'mutation' : r.chance(0.5) ? 'query' : ''} ${varDecl} { ${parts.join(' ')} }`;
  const payload: Record<string, unknown> = { query };
  if (usesVar || r.chance(0.2)) payload.variables = r.chance(0.8) ? { v: randomValue(r) } : randomValue(r);
  if (r.chance(0.05)) payload.operationName = randomString(r, 5);
  if (r.chance(0.05)) payload.extensions = randomValue(r);
  return { body: r.chance(0.9) ? JSON.stringify(payload) : randomJsonText(r, payload), fields };
}
