import { type DocumentNode, type ExecutionResult, GraphQLError, Kind, type ValueNode, visit } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { GraphQLContext } from '../../graphql/context.js';
import { type Logger, toGraphQLError } from '../errors.js';
import { JitBudget } from './jit-budget.js';
import type { GraphQLServer } from './yoga.js';

/** A parsed and validated document to run for one request. */
export interface Execution {
  document: DocumentNode;
  context: GraphQLContext;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  /** A document lsk holds (a REST route's, an MCP tool's): few and fixed, compiled outside the callers' budget. */
  held?: boolean;
}

export type Executor = (run: Execution) => Promise<ExecutionResult>;

/**
 * Whether graphql-jit runs a document exactly as graphql-js does. Not when it holds several
 * operations (a compiled query is one operation), nor when a variable sits inside an object or list
 * literal (graphql-jit reads such literals once, at compile time: `geo_targeting: { DE: $de }` would
 * lose `$de`).
 */
function jitFits(document: DocumentNode): boolean {
  let nested = false;
  visit(document, {
    Argument(node) {
      if (node.value.kind === Kind.OBJECT || node.value.kind === Kind.LIST) nested ||= holdsVariable(node.value);
    },
  });
  return !nested && document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION).length === 1;
}

/** Whether the document holds an operation of this name (a compiled query runs its one operation whatever name is asked for). */
function holdsOperation(document: DocumentNode, name: string): boolean {
  return document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === name);
}

function holdsVariable(value: ValueNode): boolean {
  if (value.kind === Kind.VARIABLE) return true;
  if (value.kind === Kind.LIST) return value.values.some(holdsVariable);
  if (value.kind === Kind.OBJECT) return value.fields.some((f) => holdsVariable(f.value));
  return false;
}

/**
 * How REST, /graphql and MCP execute a document. A document graphql-jit fits is compiled once (the
 * parse cache hands the same DocumentNode back for the same text; REST routes hold theirs) and its
 * compiled query is called directly, its errors masked into the contract's codes as yoga masks
 * them: per request, no envelop hooks, no context factory. A caller's document is compiled only
 * within `budget` (compiling stalls the event loop and graphql-jit keeps memory for every compile:
 * ./jit-budget.ts). Any other document (several operations, a variable inside a literal, one over the
 * budget or one graphql-jit cannot compile) runs through yoga's execute.
 */
export function createExecutor(yoga: GraphQLServer, log: Logger & { warn: (obj: object, msg?: string) => void }, budget = new JitBudget()): Executor {
  const compiled = new WeakMap<DocumentNode, CompiledQuery | null>();
  const admitted = (document: DocumentNode, held: boolean): boolean => {
    if (held) return true;
    const was = budget.exhausted;
    const ok = budget.admit(document);
    if (budget.exhausted && !was)
      log.warn({ fields: budget.spent }, "graphql-jit's budget for callers' documents is spent: new documents run through yoga's execute");
    return ok;
  };
  const compiledFor = (document: DocumentNode, held: boolean): CompiledQuery | null => {
    let c = compiled.get(document);
    if (c === undefined) {
      c = null;
      if (jitFits(document) && admitted(document, held)) {
        const made = compileQuery(yoga.getEnveloped({}).schema, document);
        if (isCompiledQuery(made)) c = made;
        else log.warn({ errors: made.errors }, 'graphql-jit could not compile a document');
      }
      compiled.set(document, c);
    }
    return c;
  };
  return async ({ document, context, variables, operationName, held = false }) => {
    if (operationName != null && !holdsOperation(document, operationName)) {
      return { errors: [toGraphQLError(new GraphQLError(`Unknown operation named "${operationName}".`), log)] };
    }
    const query = compiledFor(document, held);
    if (!query) {
      const enveloped = yoga.getEnveloped(context);
      const contextValue = await enveloped.contextFactory();
      return (await enveloped.execute({ schema: enveloped.schema, document, contextValue, variableValues: variables, operationName })) as ExecutionResult;
    }
    const result = await query.query(undefined, context, variables ?? {});
    return result.errors?.length ? { ...result, errors: result.errors.map((e) => toGraphQLError(e, log)) } : result;
  };
}
