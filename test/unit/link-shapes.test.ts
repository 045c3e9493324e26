/**
 * A link leaves lsk through four writers that must agree: the GraphQL Link type, the link outputs
 * (REST and OpenAPI), the webhook payload (also the CLI's JSON) and the CSV export's columns. A field
 * added to one and not the others fails here.
 */
import { type GraphQLLeafType, GraphQLList, GraphQLObjectType, getNamedType, getNullableType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../src/csv/link-columns.js';
import { linkSchema } from '../../src/domain/link-outputs.js';
import { linkView } from '../../src/domain/link-view.js';
import type { Link } from '../../src/domain/model.js';
import { buildSchema } from '../../src/graphql/schema/index.js';
import { linkJson } from '../../src/webhooks/payloads.js';

/** Every field set, so that none is left out of a writer for being empty. */
const LINK: Link = {
  id: 'lnk_0123456789abcdefghijkl',
  workspaceId: 'wsp_0123456789abcdefghijkl',
  domain: 'go.example.com',
  alias: 'spring-sale',
  destination: 'https://shop.example/sale',
  geoTargeting: { DE: 'https://shop.example/de' },
  tags: ['Spring'],
  clicks: 3,
  createdAt: new Date('2026-03-01T10:00:00.000Z'),
  updatedAt: new Date('2026-03-02T10:00:00.000Z'),
  title: 'Spring sale',
  externalId: 'crm-42',
  expiresAt: new Date('2026-04-01T00:00:00.000Z'),
  expiredUrl: 'https://shop.example/over',
  maxClicks: 100,
  passwordHash: 'scrypt$not-a-real-hash',
  deviceTargeting: { ios: 'https://apps.example/ios' },
  rules: [{ if: { country: ['FR'], after: '2026-03-01T00:00:00.000Z' }, to: 'https://shop.example/fr' }],
  variants: [
    { url: 'https://shop.example/a', weight: 60 },
    { url: 'https://shop.example/b', weight: 40 },
  ],
  utm: { source: 'newsletter', medium: 'email' },
  preview: { title: 'Spring sale', description: 'Everything half off', image: 'https://shop.example/card.png' },
  status: 'active',
  health: { status: 'broken', httpStatus: 404, checkedAt: new Date('2026-03-03T10:00:00.000Z') },
};

/** Fields only GraphQL has: computed per request, with arguments (they keep their resolvers). */
const GRAPHQL_ONLY = ['qr_svg', 'stats'];
/** Fields the CSV export leaves out: an observation (not a setting a re-import could carry) and an object, not a cell. */
const NOT_IN_CSV = ['destination_health'];

describe('the four writers of a link', () => {
  const written = linkJson(LINK);

  it('write the same fields, in the CSV order', () => {
    expect(Object.keys(written).filter((f) => !NOT_IN_CSV.includes(f))).toEqual([...CSV_COLUMNS]);
    const all = [...CSV_COLUMNS, ...NOT_IN_CSV].sort();
    expect(Object.keys(written).sort()).toEqual(all);
    expect(Object.keys(linkSchema.shape).sort()).toEqual(all);
    const type = buildSchema().getType('Link');
    expect(type).toBeInstanceOf(GraphQLObjectType);
    const fields = Object.keys((type as GraphQLObjectType).getFields()).filter((f) => !GRAPHQL_ONLY.includes(f));
    expect(fields.sort()).toEqual(all);
  });

  it('write values the link outputs accept as they are, never the password hash', () => {
    expect(linkSchema.parse(written)).toEqual(written);
    expect(written).toMatchObject({ short_url: 'https://go.example.com/spring-sale', password_protected: true, expires_at: '2026-04-01T00:00:00.000Z' });
    expect(JSON.stringify(written)).not.toContain('scrypt');
  });

  it('the GraphQL Link reads every field as a plain property of its view (no resolver) and writes what the payload writes', () => {
    const schema = buildSchema();
    const output = (type: GraphQLObjectType, value: Record<string, unknown>, skip: readonly string[]): Record<string, unknown> =>
      Object.fromEntries(
        Object.values(type.getFields())
          .filter((f) => !skip.includes(f.name))
          .map((f) => {
            expect(f.resolve, `${type.name}.${f.name}`).toBeUndefined();
            const t = getNullableType(f.type);
            const v = value[f.name];
            if (v === null) return [f.name, null];
            if (t instanceof GraphQLObjectType) return [f.name, output(t, v as Record<string, unknown>, [])];
            const leaf = getNamedType(t) as GraphQLLeafType;
            return [f.name, t instanceof GraphQLList ? (v as unknown[]).map((x) => leaf.serialize(x)) : leaf.serialize(v)];
          }),
      );
    const view = linkView(LINK) as unknown as Record<string, unknown>;
    expect(output(schema.getType('Link') as GraphQLObjectType, view, GRAPHQL_ONLY)).toEqual(written);
  });
});
