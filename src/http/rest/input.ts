import { LskError } from '../../domain/errors.js';
import { issuesToDetails, parseOnce } from '../../domain/validate.js';
import { publicParamName, type RestRoute } from '../../v1/route.js';
import { parseJsonObject } from '../guard/body.js';
import type { RestOperation } from './operations.js';

/** Query-string values as the GraphQL input type of their argument expects them. */
function fromQueryString(value: string, type: string | undefined): unknown {
  if (type === 'Int' || type === 'Float') return Number(value);
  if (type === 'Boolean') return value === 'true';
  return value;
}

/** The variables of a route's operation, and its body as the route's schema parsed it (none without a body). */
export interface RestInput {
  variables: Record<string, unknown>;
  body?: object;
}

/**
 * The REST edge's own checks, then the variables of the route's operation: unknown or repeated
 * query parameters, path parameters and the query string against their schemas (details named after
 * the parameter), and for routes with a body a strict JSON object checked with the same zod schema
 * the service applies (REST clients learn every problem at once, and nothing is coerced loosely).
 * The body is parsed once: the parsed body travels to the service (`GraphQLContext.restBody`),
 * which takes it as it is.
 */
export function restVariables(
  route: RestRoute,
  op: RestOperation,
  params: Record<string, string>,
  url: URL,
  contentType: string | undefined,
  body: Buffer | null,
): RestInput {
  const names = [...url.searchParams.keys()];
  const unknown = names.filter((n) => !route.queryParams?.includes(n));
  const dupes = names.filter((n, i) => names.indexOf(n) !== i);
  const problems = [
    ...unknown.map((n) => ({ path: n, message: 'is not a known query parameter' })),
    ...[...new Set(dupes)].map((n) => ({ path: n, message: 'is given more than once' })),
  ];
  for (const [name, schema] of Object.entries(route.params ?? {})) {
    const r = schema.safeParse(params[name]);
    if (!r.success) problems.push(...issuesToDetails(r.error.issues, publicParamName(route, name)));
  }
  let checked: Record<string, unknown> = {};
  if (route.query) {
    const known = Object.fromEntries([...url.searchParams].filter(([n]) => route.queryParams?.includes(n)));
    const r = route.query.safeParse(known);
    if (!r.success) problems.push(...issuesToDetails(r.error.issues));
    else checked = r.data as Record<string, unknown>;
  }
  if (problems.length > 0) throw LskError.validation(problems);
  if (route.variables) return { variables: { ...params, ...route.variables(checked) } };

  const variables: Record<string, unknown> = { ...params };
  for (const [name, value] of url.searchParams) {
    const type = op.variables.get(name);
    // A comma list in a query string names a set: a repeated item is the same item (?ids=a,a deletes a once).
    variables[name] = op.lists.has(name) ? [...new Set(value.split(','))].map((v) => fromQueryString(v, type)) : fromQueryString(value, type);
  }
  if (!route.body) return { variables };
  if (!body || body.length === 0) {
    if (!route.bodyOptional) throw LskError.validation([{ path: '(body)', message: 'must be a JSON object' }], 'This call needs a JSON object body.');
    return { variables };
  }
  const raw = parseJsonObject(body, contentType);
  const parsed = parseOnce(route.body, raw) as object;
  for (const name of Object.keys(raw)) variables[name] = raw[name];
  return { variables, body: parsed };
}
