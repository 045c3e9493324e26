import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DocumentNode, GraphQLError, getOperationAST } from 'graphql';
import { LskError } from '../../domain/errors.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { LIMITS, tooComplex } from '../../graphql/limits/limits.js';
import type { Services } from '../../services/services.js';
import { clientError, toGraphQLError } from '../errors.js';
import { parseJsonObject, readBody } from '../guard/body.js';
import type { Guard } from '../guard/guard.js';
import { sendGraphQLResult } from '../respond.js';
import { GRAPHIQL_PAGE } from './graphiql.js';
import { rootFieldCount } from './root-fields.js';
import type { GraphQLServer } from './server.js';

interface GraphQLParams {
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

/** `{query, variables, operationName}` from a GET query string or a POST JSON body, checked. */
async function readParams(req: IncomingMessage, url: URL, bodyTimeoutMs: number): Promise<GraphQLParams> {
  let raw: Record<string, unknown>;
  if (req.method === 'POST') {
    raw = parseJsonObject(await readBody(req, bodyTimeoutMs), req.headers['content-type'], 'GraphQL requests as JSON');
  } else {
    const variables = url.searchParams.get('variables');
    let parsed: unknown;
    try {
      parsed = variables === null ? undefined : JSON.parse(variables);
    } catch {
      throw new LskError('invalid_json', 'The "variables" parameter is not valid JSON.');
    }
    raw = { query: url.searchParams.get('query') ?? undefined, operationName: url.searchParams.get('operationName') ?? undefined, variables: parsed };
  }
  const { query, variables, operationName } = raw;
  const problems = [
    ...(typeof query === 'string' && query.length > 0 ? [] : [{ path: 'query', message: 'must be a GraphQL document (a non-empty string)' }]),
    ...(variables == null || (typeof variables === 'object' && !Array.isArray(variables)) ? [] : [{ path: 'variables', message: 'must be an object' }]),
    ...(operationName == null || typeof operationName === 'string' ? [] : [{ path: 'operationName', message: 'must be a string' }]),
  ];
  if (problems.length > 0) throw LskError.validation(problems);
  return {
    query: query as string,
    variables: (variables ?? undefined) as GraphQLParams['variables'],
    operationName: (operationName ?? undefined) as string | undefined,
  };
}

/** A refusal before execution: every error of the document, each with its contract code, status 400. */
class DocumentRefused extends Error {
  constructor(readonly errors: readonly GraphQLError[]) {
    super('document refused');
  }
}

export interface GraphQLHandlerOptions {
  yoga: GraphQLServer;
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
  function parseAndValidate(enveloped: ReturnType<GraphQLServer['getEnveloped']>, query: string): DocumentNode {
    let document: DocumentNode;
    let errors: readonly GraphQLError[];
    try {
      document = enveloped.parse(query);
      errors = enveloped.validate(enveloped.schema, document);
    } catch (e) {
      // graphql-js reports syntax errors by throwing; nesting too deep for the stack is refused as too deep.
      if (e instanceof RangeError) throw new DocumentRefused([tooComplex('depth', LIMITS.depth)]);
      if (e instanceof GraphQLError) throw new DocumentRefused([e]);
      throw e;
    }
    if (errors.length > 0) throw new DocumentRefused(errors);
    return document;
  }

  return async function handleGraphQL(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'POST') {
      throw new LskError('method_not_allowed', `${method} is not allowed on /graphql.`, { headers: { allow: 'GET, POST' } });
    }
    if (method === 'GET' && !url.searchParams.has('query') && (req.headers.accept ?? '').includes('text/html')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(GRAPHIQL_PAGE) });
      res.end(GRAPHIQL_PAGE);
      return;
    }
    const params = await readParams(req, url, o.bodyTimeoutMs);
    const principal = await o.guard.authenticate(req);
    if (!principal) await o.guard.chargeAnonymous(req);
    const context: GraphQLContext = { services: o.services, principal, requestId };
    const enveloped = o.yoga.getEnveloped(context);
    let headers: Record<string, string> = {};
    try {
      const document = parseAndValidate(enveloped, params.query);
      const operation = getOperationAST(document, params.operationName);
      if (!operation) {
        const message = params.operationName
          ? `No operation named "${params.operationName}".`
          : 'Name the operation to run (operationName): the document has several.';
        throw LskError.validation([{ path: 'operationName', message }], message);
      }
      if (operation.operation === 'subscription') {
        throw LskError.validation([{ path: 'query', message: 'subscriptions are not offered' }], 'This service offers no subscriptions.');
      }
      if (method === 'GET' && operation.operation !== 'query') {
        throw new LskError('method_not_allowed', `A ${operation.operation} must be sent with POST.`, { headers: { allow: 'POST' } });
      }
      if (principal) headers = await o.guard.charge(principal, rootFieldCount(document, operation));
      const contextValue = await enveloped.contextFactory();
      const result = await enveloped.execute({
        schema: enveloped.schema,
        document,
        contextValue,
        variableValues: params.variables,
        operationName: params.operationName,
      });
      sendGraphQLResult(res, result as Parameters<typeof sendGraphQLResult>[1], headers, requestId);
    } catch (e) {
      if (e instanceof DocumentRefused) {
        sendGraphQLResult(res, { errors: e.errors.map((err) => toGraphQLError(err, o.log)) }, headers, requestId);
        return;
      }
      const err = clientError(e, o.log);
      Object.assign(err.headers, headers);
      throw err;
    }
  };
}
