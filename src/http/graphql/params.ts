import type { IncomingMessage } from 'node:http';
import { LskError } from '../../domain/errors.js';
import { parseJsonObject, readBody } from '../guard/body.js';

export interface GraphQLParams {
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

/** `{query, variables, operationName}` from a GET query string or a POST JSON body, checked. */
export async function readParams(req: IncomingMessage, url: URL, bodyTimeoutMs: number): Promise<GraphQLParams> {
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
