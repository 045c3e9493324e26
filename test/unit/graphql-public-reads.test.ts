/**
 * The public read (sharedAnalytics, docs/adr/0215) once per operation: the field answers without a
 * key, outside the per-workspace analytics limit, so aliases, fragments and inline fragments must not
 * turn one anonymous request (counted once against the per-address allowance) into fifty reports.
 */
import type { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/graphql/limits/limits.js';
import { buildSchema } from '../../src/graphql/schema/index.js';
import { createGraphQLServer } from '../../src/http/graphql/yoga.js';

const engine = createGraphQLServer(buildSchema(), { error: () => {}, warn: () => {} });

function refusals(query: string): readonly GraphQLError[] {
  const e = engine.getEnveloped({});
  return e.validate(e.schema, e.parse(query));
}

const read = (alias: string) => `${alias}: sharedAnalytics(token: "${'A'.repeat(24)}") { kind analytics { total { clicks } } }`;

describe('public reads per operation', () => {
  it('accept one sharedAnalytics beside keyed fields', () => {
    expect(LIMITS.publicReads).toBe(1);
    expect(refusals(`{ ${read('a')} workspace { slug } }`)).toEqual([]);
  });

  it('refuse a second one, whether aliased, in a fragment or in an inline fragment, as query_too_complex naming the limit', () => {
    const twice = [
      `{ ${read('a')} ${read('b')} }`,
      `query { ...F ...F } fragment F on Query { ${read('a')} }`,
      `{ ${read('a')} ... on Query { ${read('b')} } }`,
    ];
    for (const q of twice) {
      const errors = refusals(q);
      expect(
        errors.map((e) => e.extensions?.code),
        q,
      ).toEqual(['query_too_complex']);
      expect(errors[0]!.message).toContain('1 public read');
    }
    const fifty = Array.from({ length: 50 }, (_, i) => read(`a${i}`)).join(' ');
    expect(refusals(`{ ${fifty} }`)[0]!.message).toContain('(found 50)');
  });

  it('count each operation of a document on its own', () => {
    expect(refusals(`query A { ${read('a')} } query B { ${read('b')} }`)).toEqual([]);
  });
});
