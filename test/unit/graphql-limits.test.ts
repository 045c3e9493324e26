/**
 * Document limits, through the engine the server uses (yoga's parse and validate with the armor
 * plugins and the cost rule): what passes, what is refused with query_too_complex naming its limit,
 * and what a document costs.
 */
import { type GraphQLError, getIntrospectionQuery, Kind, parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationCost } from '../../src/graphql/limits/cost.js';
import { LIMITS } from '../../src/graphql/limits/limits.js';
import { buildSchema } from '../../src/graphql/schema/index.js';
import { createGraphQLServer } from '../../src/http/graphql/yoga.js';
import { buildRestOperations } from '../../src/http/rest/operations.js';
import { REST_ROUTES } from '../../src/v1/routes.js';

const schema = buildSchema();
const silent = { error: () => {}, warn: () => {} };
const engine = createGraphQLServer(schema, silent);
const LINK = 'id short_url domain alias destination geo_targeting tags clicks created_at updated_at';

/** The errors yoga's parse + validate report for a document (a parse error is thrown, hence caught). */
function refusals(query: string): readonly GraphQLError[] {
  const e = engine.getEnveloped({});
  try {
    return e.validate(e.schema, e.parse(query));
  } catch (err) {
    return [err as GraphQLError];
  }
}

const codes = (errors: readonly GraphQLError[]) => errors.map((e) => e.extensions?.code ?? 'graphql');
const tooComplex = (query: string) => refusals(query).filter((e) => e.extensions?.code === 'query_too_complex');

function cost(query: string): number {
  const doc = parse(query);
  const op = doc.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = (n: string) => doc.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === n) as never;
  return operationCost(op.selectionSet, schema.getRootType(op.operation) ?? undefined, fragments, (n) => schema.getType(n));
}

describe('GraphQL document limits', () => {
  it('accept ordinary documents and the standard introspection query (depth 15) without complaint', () => {
    expect(refusals(`{ links(limit: 20) { data { ${LINK} } next_cursor } workspace { slug } }`)).toEqual([]);
    expect(refusals(getIntrospectionQuery())).toEqual([]);
    expect(refusals(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, inputValueDeprecation: true }))).toEqual([]);
  });

  it(`refuse more than ${LIMITS.tokens} tokens while parsing, naming the limit`, () => {
    // 15 tokens around a list of n numbers: `query ( $ x : [ Int ] = [ 1 … ] ) { __typename }`.
    const tokens = (n: number) => `query($x: [Int] = [${' 1'.repeat(n - 15)}]) { __typename }`;
    expect(tooComplex(tokens(LIMITS.tokens))).toEqual([]);
    const [err, ...more] = refusals(tokens(LIMITS.tokens + 1));
    expect(more).toEqual([]);
    expect(err!.extensions.code).toBe('query_too_complex');
    expect(err!.message).toContain(`${LIMITS.tokens} tokens`);
  });

  it(`refuse more than ${LIMITS.aliases} aliases, every spread of a fragment counted again`, () => {
    const aliased = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: workspace { slug }`).join(' ');
    expect(tooComplex(`{ ${aliased(LIMITS.aliases)} }`)).toEqual([]);
    expect(tooComplex(`{ ${aliased(LIMITS.aliases + 1)} }`).map((e) => e.message)).toEqual([expect.stringContaining(`${LIMITS.aliases} aliases`)]);
    const spreads = Array.from({ length: 6 }, (_, i) => `f${i}: workspace { ...W }`).join(' ');
    const fragment = `fragment W on Workspace { ${Array.from({ length: 9 }, (_, i) => `s${i}: slug`).join(' ')} }`;
    expect(codes(tooComplex(`{ ${spreads} } ${fragment}`))).toEqual(['query_too_complex']); // 6 + 6 x 9 = 60
    const typenames = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `t${i}: __typename`).join(' ')} }`;
    expect(tooComplex(typenames(LIMITS.aliases))).toEqual([]);
    expect(codes(tooComplex(typenames(LIMITS.aliases + 1)))).toEqual(['query_too_complex']);
  });

  it(`refuse data fields nested deeper than ${LIMITS.depth}, but not introspection (its own rule applies)`, () => {
    // n levels of `a` around a leaf `b`: n + 1 levels of fields.
    const nested = (n: number) => `{ ${'a { '.repeat(n)}b${' }'.repeat(n)} }`;
    expect(tooComplex(nested(LIMITS.depth - 1))).toEqual([]);
    expect(tooComplex(nested(LIMITS.depth)).map((e) => e.message)).toEqual([expect.stringContaining(`${LIMITS.depth} levels`)]);
    // graphql-js's introspection-depth rule still refuses abusive introspection (a validation error).
    const deep = '{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }';
    expect(tooComplex(deep)).toEqual([]);
    expect(refusals(deep).map((e) => e.message)).toEqual([expect.stringMatching(/introspection depth/i)]);
  });

  it('count fields once, lists times their literal limit or the page maximum', () => {
    expect(cost('{ workspace { slug plan } }')).toBe(3);
    expect(cost(`{ links(limit: 20) { data { ${LINK} } next_cursor } }`)).toBe(1 + (1 + 20 * 10) + 1);
    expect(cost('{ links { data { id } } }')).toBe(1 + (1 + LIMITS.pageMax * 1));
    expect(cost('query($n: Int) { links(limit: $n) { data { id } } }')).toBe(1 + (1 + LIMITS.pageMax * 1));
    expect(cost('{ tags { data { name links } } }')).toBe(1 + (1 + LIMITS.pageMax * 2));
    expect(cost('{ a: workspace { slug } b: workspace { slug } }')).toBe(4);
    expect(cost('{ ...Q ...Q } fragment Q on Query { workspace { slug } }')).toBe(4);
    expect(cost('{ __schema { types { name fields { name } } } }')).toBe(5);
  });

  it(`refuse a cost over ${LIMITS.cost}, naming the limit`, () => {
    const pages = (n: number) => Array.from({ length: n }, (_, i) => `p${i}: links(limit: 100) { data { ${LINK} } }`).join(' ');
    expect(cost(`{ ${pages(4)} }`)).toBe(4 * 1002);
    expect(tooComplex(`{ ${pages(4)} }`)).toEqual([]);
    expect(tooComplex(`{ ${pages(5)} }`).map((e) => e.message)).toEqual([expect.stringContaining(`limit of ${LIMITS.cost}`)]);
  });

  it('refuse many copies of the whole introspection by cost, though each one alone is fine', () => {
    const full = getIntrospectionQuery()
      .replace(/^\s*query IntrospectionQuery\s*\{\s*__schema\s*\{/, 'fragment S on __Schema {')
      .replace(/\}\s*\}\s*(fragment)/, '}\n$1');
    const copies = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `s${i}: __schema { ...S }`).join(' ')} } ${full}`;
    expect(refusals(copies(1))).toEqual([]);
    expect(codes(tooComplex(copies(LIMITS.aliases)))).toEqual(['query_too_complex']);
  });

  it('refuse a fragment bomb (each fragment spreading the next twice)', () => {
    const levels = 30;
    const frags = Array.from({ length: levels }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join(' ');
    const query = `{ ...F0 } ${frags} fragment F${levels} on Query { workspace { slug } }`;
    // 2^30 expansions if fragments were walked per spread; the rule memoises them (a hang fails the test).
    expect(codes(tooComplex(query))).toEqual(['query_too_complex']);
  });
});

describe('the REST surface', () => {
  it('runs, for every route, an operation built once that passes the same limits', async () => {
    const validate = (doc: Parameters<Parameters<typeof buildRestOperations>[2]>[0]) => {
      const e = engine.getEnveloped({});
      return e.validate(e.schema, doc);
    };
    const ops = await buildRestOperations(schema, REST_ROUTES, validate);
    expect(ops.size).toBe(REST_ROUTES.length);
    const costs = Object.fromEntries([...ops.values()].map((op) => [op.field, cost(print(op.document))]));
    // The largest is a page of links (limit taken as the page maximum): well inside the budget.
    expect(Math.max(...Object.values(costs))).toBeLessThanOrEqual(LIMITS.cost);
    // A link has 23 fields, destination_health with its 3.
    expect(costs.links).toBe(1 + (1 + LIMITS.pageMax * (23 + 3)) + 1);
  });
});
