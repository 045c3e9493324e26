/**
 * The budget of callers' documents graphql-jit may compile: fields counted as graphql-jit compiles
 * them, documents over the bound or past the total run through yoga with the same answers.
 */
import { GraphQLInt, GraphQLObjectType, GraphQLSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { GraphQLContext } from '../../src/graphql/context.js';
import { createExecutor } from '../../src/http/graphql/execute.js';
import { JitBudget, selectedFields } from '../../src/http/graphql/jit-budget.js';
import { createGraphQLServer } from '../../src/http/graphql/yoga.js';

const Pair: GraphQLObjectType = new GraphQLObjectType({
  name: 'Pair',
  fields: () => ({ a: { type: GraphQLInt, resolve: () => 1 }, b: { type: GraphQLInt, resolve: () => 2 }, next: { type: Pair, resolve: () => ({}) } }),
});
const schema = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { pair: { type: Pair, resolve: () => ({}) } } }) });
const context = { requestId: 'req_1' } as GraphQLContext;

describe('selectedFields', () => {
  it('counts every field, every spread of a fragment again, inline fragments by their fields', () => {
    expect(selectedFields(parse('{ pair { a b } }'))).toBe(3);
    expect(selectedFields(parse('{ x: pair { ...P } y: pair { ...P next { ...P } } } fragment P on Pair { a b }'))).toBe(2 + 2 + 2 + 1 + 2);
    expect(selectedFields(parse('{ pair { ... on Pair { a } ... { b } } }'))).toBe(3);
  });

  it('stops counting past its bound (a document of many spreads is not walked to its end)', () => {
    const spreads = Array.from({ length: 40 }, (_, i) => `p${i}: pair { ...Q }`).join(' ');
    const text = `{ ${spreads} } fragment Q on Pair { a b next { a b next { a b } } }`;
    expect(selectedFields(parse(text))).toBe(40 * 9);
    expect(selectedFields(parse(text), 20)).toBeLessThan(40 * 9);
    expect(selectedFields(parse(text), 20)).toBeGreaterThan(20);
  });
});

describe('JitBudget', () => {
  it('admits documents up to its bound per document and its total, then none', () => {
    const budget = new JitBudget(10, 4);
    expect(budget.admit(parse('{ pair { a b next { a } } }'))).toBe(false); // 5 fields: over 4
    expect([budget.spent, budget.exhausted]).toEqual([0, false]);
    expect(budget.admit(parse('{ pair { a b } }'))).toBe(true);
    expect(budget.admit(parse('{ pair { a b } }'))).toBe(true);
    expect(budget.admit(parse('{ pair { a b } }'))).toBe(true);
    expect(budget.spent).toBe(9);
    expect(budget.admit(parse('{ pair { a } }'))).toBe(false);
    expect([budget.spent, budget.exhausted]).toEqual([9, true]);
  });
});

describe('the executor with a budget', () => {
  it("runs callers' documents over the budget through yoga with the same answers, and logs once when it is spent", async () => {
    const warned: unknown[] = [];
    const log = { error: () => {}, warn: (_o: object, msg?: string) => void warned.push(msg) };
    const budget = new JitBudget(6, 4);
    const execute = createExecutor(createGraphQLServer(schema, log), log, budget);
    const big = parse('{ pair { a b next { a b } } }');
    expect(await execute({ document: big, context })).toEqual({ data: { pair: { a: 1, b: 2, next: { a: 1, b: 2 } } } });
    expect(budget.spent).toBe(0);
    const small: [string, unknown][] = [
      ['{ pair { a b } }', { pair: { a: 1, b: 2 } }],
      ['{ pair { b a } }', { pair: { b: 2, a: 1 } }],
      ['{ pair { next { a } } }', { pair: { next: { a: 1 } } }],
    ];
    for (const [text, data] of small) expect(await execute({ document: parse(text), context })).toEqual({ data });
    expect([budget.spent, budget.exhausted]).toEqual([6, true]);
    expect(warned.filter((m) => String(m).includes('budget'))).toHaveLength(1);
    // A document lsk holds is compiled whatever the budget says, and spends none of it.
    expect(await execute({ document: big, context, held: true })).toEqual({ data: { pair: { a: 1, b: 2, next: { a: 1, b: 2 } } } });
    expect(await execute({ document: parse('{ pair { a } }'), context, held: true })).toEqual({ data: { pair: { a: 1 } } });
    expect(budget.spent).toBe(6);
  });
});
