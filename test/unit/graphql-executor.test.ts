/**
 * The executor REST, /graphql and MCP run documents with: graphql-jit's compiled query for the
 * documents it fits, yoga's execute for the others, and the same answers and masked errors either way.
 */
import { GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { LskError } from '../../src/domain/errors.js';
import type { GraphQLContext } from '../../src/graphql/context.js';
import { createExecutor } from '../../src/http/graphql/execute.js';
import { JitBudget } from '../../src/http/graphql/jit-budget.js';
import { createGraphQLServer } from '../../src/http/graphql/yoga.js';

const warned: object[] = [];
const logged: unknown[] = [];
const log = { error: (obj: { err?: unknown }) => void logged.push(obj.err), warn: (obj: object) => void warned.push(obj) };

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      sum: {
        type: GraphQLInt,
        args: { of: { type: new GraphQLList(new GraphQLNonNull(GraphQLInt)) } },
        resolve: (_r, a) => a.of.reduce((s: number, n: number) => s + n, 0),
      },
      caller: { type: GraphQLString, resolve: (_r, _a, ctx: GraphQLContext) => ctx.requestId },
      missing: { type: GraphQLString, resolve: () => Promise.reject(new LskError('not_found', 'No such thing.')) },
      broken: { type: new GraphQLNonNull(GraphQLString), resolve: () => null },
      huge: { type: GraphQLInt, resolve: () => 2 ** 40 },
    },
  }),
});
const yoga = createGraphQLServer(schema, log);
const budget = new JitBudget();
const execute = createExecutor(yoga, log, budget);
const context = { requestId: 'req_1' } as GraphQLContext;

describe('the executor', () => {
  it('runs a document graphql-jit fits with the request context, again and again on the same compiled query', async () => {
    // (A variable inside a list literal, `of: [$a, $a]`, would send the document through yoga instead.)
    const document = parse('query($l: [Int!]) { sum(of: [1, 2]) caller other: sum(of: $l) }');
    const before = budget.spent;
    for (const a of [3, 5]) {
      expect(await execute({ document, context, variables: { l: [a, a] } })).toEqual({ data: { sum: 3, caller: 'req_1', other: 2 * a } });
    }
    // Compiled once: its three fields spent once for the two runs.
    expect(budget.spent - before).toBe(3);
  });

  it('reads a variable inside a list literal on every run (such documents run through yoga)', async () => {
    const document = parse('query($a: Int!) { sum(of: [1, $a]) }');
    const before = budget.spent;
    expect(await execute({ document, context, variables: { a: 2 } })).toEqual({ data: { sum: 3 } });
    expect(await execute({ document, context, variables: { a: 40 } })).toEqual({ data: { sum: 41 } });
    expect(budget.spent).toBe(before); // not compiled
  });

  it('runs the named operation of a document with several', async () => {
    const document = parse('query One { sum(of: [1]) } query Two { sum(of: [2]) }');
    expect(await execute({ document, context, operationName: 'Two' })).toEqual({ data: { sum: 2 } });
  });

  it('refuses an operation name the document does not hold, as graphql-js does, whichever path would run it', async () => {
    for (const text of ['query One { sum(of: [1]) }', 'query One { sum(of: [1]) } query Three { caller }']) {
      const result = await execute({ document: parse(text), context, operationName: 'Two' });
      expect(result.data).toBeUndefined();
      expect(result.errors?.map((e) => [e.message, e.extensions.code])).toEqual([['Unknown operation named "Two".', 'validation_failed']]);
    }
  });

  it('masks a resolver error into the contract code on both paths', async () => {
    for (const text of ['query A { missing }', 'query A { missing } query B { caller }']) {
      const result = await execute({ document: parse(text), context, operationName: 'A' });
      expect(result.data).toEqual({ missing: null });
      expect(result.errors?.map((e) => [e.message, e.extensions.code, e.path])).toEqual([['No such thing.', 'not_found', ['missing']]]);
    }
    expect(warned).toEqual([]);
  });

  it('answers a field the server failed to complete (null for a non-null field, a value its type cannot hold) as 500 internal_error on both paths, logged, its message not shown', async () => {
    for (const field of ['broken', 'huge']) {
      for (const text of [`query A { ${field} }`, `query A { ${field} } query B { caller }`]) {
        logged.length = 0;
        const before = budget.spent;
        const result = await execute({ document: parse(text), context, operationName: 'A' });
        expect(budget.spent - before).toBe(text.includes('query B') ? 0 : 1); // compiled, or through yoga
        expect(result.errors?.map((e) => [e.message, e.extensions.code, e.extensions.http, e.path])).toEqual([
          ['An internal error occurred.', 'internal_error', { status: 500 }, [field]],
        ]);
        expect(logged).toHaveLength(1);
        expect(String(logged[0])).toMatch(field === 'broken' ? /non-nullable field Query\.broken/ : /cannot represent/);
      }
    }
  });

  it('answers a variable of the wrong type as 400 validation_failed on both paths', async () => {
    for (const text of ['query A($l: [Int!]) { sum(of: $l) }', 'query A($l: [Int!]) { sum(of: $l) } query B { caller }']) {
      const before = budget.spent;
      const result = await execute({ document: parse(text), context, variables: { l: ['x'] }, operationName: 'A' });
      expect(budget.spent - before).toBe(text.includes('query B') ? 0 : 1);
      expect(result.data).toBeUndefined();
      expect(result.errors?.map((e) => [e.extensions.code, e.extensions.http])).toEqual([['validation_failed', { status: 400 }]]);
      expect(result.errors?.[0]?.message).toMatch(/Variable "\$l" got invalid value "x"/);
    }
  });
});
