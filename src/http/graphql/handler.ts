import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DocumentNode, GraphQLError, getOperationAST, type OperationDefinitionNode } from 'graphql';
import { callerOf } from '../../auth/principal.js';
import { LskError } from '../../domain/errors.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { LIMITS, tooComplex } from '../../graphql/limits/limits.js';
import type { Services } from '../../wiring/all-services.js';
import { clientError, toGraphQLError } from '../errors.js';
import type { Guard } from '../guard/guard.js';
import { sendGraphQLError, sendGraphQLResult } from '../respond.js';
import type { Executor } from './execute.js';
import { GRAPHIQL_PAGE } from './graphiql.js';
import { type GraphQLParams, readParams } from './params.js';
import { rootFieldCount } from './root-fields.js';
import type { GraphQLServer } from './yoga.js';

type Enveloped = ReturnType<GraphQLServer['getEnveloped']>;

/** A document refused before execution: all its errors, answered with status 400. */
class DocumentRefused {
  constructor(readonly errors: readonly GraphQLError[]) {}
}

export interface GraphQLHandlerOptions {
  yoga: GraphQLServer;
  execute: Executor;
  guard: Guard;
  services: Services;
  bodyTimeoutMs: number;
  log: Parameters<typeof toGraphQLError>[1];
}

/**
 * /graphql: GraphiQL for a browser; otherwise authenticate (or count the anonymous caller), parse
 * and validate through yoga's plugins (limits, caches), charge one unit per root field, execute.
 */
export function createGraphQLHandler(o: GraphQLHandlerOptions) {
  /** The operation to run, or the refusal to answer with (400 for every problem of the document). */
  function plan(
    enveloped: Enveloped,
    params: GraphQLParams,
    method: string,
  ): { document: DocumentNode; operation: OperationDefinitionNode } | LskError | DocumentRefused {
    let document: DocumentNode;
    let errors: readonly GraphQLError[];
    try {
      document = enveloped.parse(params.query);
      errors = enveloped.validate(enveloped.schema, document);
    } catch (e) {
      // graphql-js reports syntax errors by throwing; nesting too deep for the stack is refused as too deep.
      if (e instanceof RangeError) return new DocumentRefused([tooComplex('depth', LIMITS.depth)]);
      if (e instanceof GraphQLError) return new DocumentRefused([e]);
      throw e;
    }
    if (errors.length > 0) return new DocumentRefused(errors);
    const operation = getOperationAST(document, params.operationName);
    if (!operation) {
      const message = params.operationName
        ? `No operation named "${params.operationName}".`
        : 'Name the operation to run (operationName): the document has several.';
      return LskError.validation([{ path: 'operationName', message }], message);
    }
    if (operation.operation === 'subscription') {
      return LskError.validation([{ path: 'query', message: 'subscriptions are not offered' }], 'This service offers no subscriptions.');
    }
    if (method === 'GET' && operation.operation !== 'query') {
      return new LskError('method_not_allowed', `A ${operation.operation} must be sent with POST.`, { headers: { allow: 'POST' } });
    }
    return { document, operation };
  }

  /** Answers every request itself: refusals, too, as `{errors: [...]}` with the contract's code. */
  return async function handleGraphQL(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<void> {
    try {
      await answer(req, res, url, requestId);
    } catch (e) {
      if (res.headersSent) res.destroy();
      else sendGraphQLError(res, clientError(e, o.log), requestId);
    }
  };

  async function answer(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<void> {
    // HEAD is GET without the body (node sends none): the same checks, charge and status.
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    if (method !== 'GET' && method !== 'POST') {
      throw new LskError('method_not_allowed', `${method} is not allowed on /graphql.`, { headers: { allow: 'GET, HEAD, POST' } });
    }
    if (method === 'GET' && !url.searchParams.has('query') && (req.headers.accept ?? '').includes('text/html')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(GRAPHIQL_PAGE) });
      res.end(GRAPHIQL_PAGE);
      return;
    }
    const params = await readParams(req, url, o.bodyTimeoutMs);
    const principal = await o.guard.authenticate(req);
    if (!principal) await o.guard.chargeAnonymous(req);
    const context: GraphQLContext = { services: o.services, principal, caller: principal && callerOf(principal, requestId), requestId };
    const enveloped = o.yoga.getEnveloped(context);
    const planned = plan(enveloped, params, method);
    // The plan counts a root field one unit; a refused document counts one (it was a request).
    const units = planned instanceof LskError || planned instanceof DocumentRefused ? 1 : rootFieldCount(planned.document, planned.operation);
    const headers = principal ? await o.guard.charge(principal, units) : {};
    try {
      if (planned instanceof DocumentRefused) {
        sendGraphQLResult(res, { errors: planned.errors.map((err) => toGraphQLError(err, o.log)) }, headers, requestId);
        return;
      }
      if (planned instanceof LskError) throw planned;
      const result = await o.execute({ document: planned.document, context, variables: params.variables, operationName: params.operationName });
      sendGraphQLResult(res, result as Parameters<typeof sendGraphQLResult>[1], headers, requestId);
    } catch (e) {
      const err = clientError(e, o.log);
      Object.assign(err.headers, headers);
      throw err;
    }
  }
}
