import type { GraphQLSchema } from 'graphql';
import { isScope } from '../domain/scopes.js';
import { declaredScope, declaredScopes } from '../graphql/declared-scope.js';
import { IDEMPOTENCY_KEY_PATTERN, type RestRoute } from '../v1/route.js';
import { operationId, requestComponent, responseComponent } from './components.js';
import { argumentOf, rootField } from './descriptions.js';
import { errorStatuses } from './errors.js';
import { SCHEMA_EXAMPLES, SVG_EXAMPLE } from './examples.js';
import { successHeaders } from './headers.js';
import { componentRef, inputSchema, type Json } from './json-schema.js';

const paramNames = (path: string) => [...path.matchAll(/:([a-z_]+)/g)].map((m) => m[1]!);

/** A query string or path segment carries no null. */
function parameterSchema(schema: Json): Json {
  const { nullable: _, ...rest } = schema;
  return rest;
}

function example(name: string): Json {
  const value = SCHEMA_EXAMPLES[name];
  if (value === undefined) throw new Error(`OpenAPI: no example for ${name}`);
  return value;
}

function parameters(route: RestRoute, schema: GraphQLSchema): Json[] {
  const field = rootField(schema, route);
  const publicNames = paramNames(route.docPath ?? route.path);
  const inPath = paramNames(route.path).map((name, i) => {
    const s = route.params?.[name];
    if (!s) throw new Error(`OpenAPI: ${route.field} has no schema for its path parameter ${name}`);
    const description = argumentOf(field, name).description;
    return { name: publicNames[i], in: 'path', required: true, ...(description ? { description } : {}), schema: parameterSchema(inputSchema(s)) };
  });
  const shape = (route.query as { shape?: Record<string, never> } | undefined)?.shape ?? {};
  const inQuery = [...(route.queryParams ?? [])].sort().map((name) => {
    // A parameter that is no argument of the field (an analytics filter) is described by its zod schema.
    const arg = field.args.some((a) => a.name === name) ? argumentOf(field, name) : null;
    const own = inputSchema(shape[name]!).description as string | undefined;
    const description = name === 'format' && route.csv ? route.csv.parameter : (own ?? arg?.description);
    // Required exactly when the route's own schema refuses its absence (DELETE /links/bulk needs ids).
    const required = !(shape[name] as unknown as { safeParse(v: unknown): { success: boolean } }).safeParse(undefined).success;
    return { name, in: 'query', required, ...(description ? { description } : {}), schema: parameterSchema(inputSchema(shape[name]!)) };
  });
  return [...inPath, ...inQuery, ...(route.idempotent ? [IDEMPOTENCY_KEY] : [])];
}

const IDEMPOTENCY_KEY: Json = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the first answer (status, Location, body) is kept 24 h per workspace and key and replayed, with `Idempotent-Replayed: true`, to the same method, path and body; another request with the key answers 422, a repeat while the first runs 409.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN },
};

/** A body that is not JSON (an image): text for SVG, bytes otherwise. */
function mediaContent(types: readonly string[]): Json {
  return Object.fromEntries(
    types.map((t) => [t, t.endsWith('+xml') ? { schema: { type: 'string' }, example: SVG_EXAMPLE } : { schema: { type: 'string', format: 'binary' } }]),
  );
}

/** The OpenAPI operation of one REST route: parameters, body and responses from its zod schemas. */
export function operationFor(route: RestRoute, schema: GraphQLSchema): { path: string; method: string; operation: Json } {
  const field = rootField(schema, route);
  const operation: Json = { operationId: operationId(route), summary: route.summary, tags: [route.tag] };
  const scope = declaredScope(field);
  if (!scope) throw new Error(`OpenAPI: ${route.field} declares no scope`);
  const prose = field.description && field.description !== route.summary ? `${field.description} ` : '';
  const writer = scope.replace(/:read$/, ':write');
  operation.description = `${prose}Needs the scope \`${scope}\`${writer !== scope && isScope(writer) ? ` (or \`${writer}\`, which implies it)` : ''}${declaredScopes(
    field,
  )
    .slice(1)
    .map((s) => ` and \`${s}\``)
    .join('')}.`;
  operation['x-lsk-scope'] = scope;
  const params = parameters(route, schema);
  if (params.length > 0) operation.parameters = params;
  if (route.body) {
    const name = requestComponent(route);
    // An absent body is read as {}: the body is optional only where {} is a whole request (POST /v1/keys).
    const required = route.method === 'PATCH' || !route.body.safeParse({}).success;
    operation.requestBody = { required, content: { 'application/json': { schema: { $ref: componentRef(name) }, example: example(name) } } };
  }
  const ok = responseComponent(route);
  operation.responses = {
    [route.status]: {
      description: route.status === 204 ? 'Done; no body.' : route.status === 201 ? 'Created.' : 'OK.',
      headers: successHeaders(route.location !== undefined, route.idempotent === true),
      ...(ok ? { content: { 'application/json': { schema: { $ref: componentRef(ok) }, example: example(ok) } } } : {}),
      ...(ok && route.csv
        ? {
            content: {
              'application/json': { schema: { $ref: componentRef(ok) }, example: example(ok) },
              'text/csv': { schema: { type: 'string' }, example: route.csv.example },
              ...(route.csv.ndjsonExample ? { 'application/x-ndjson': { schema: { type: 'string' }, example: route.csv.ndjsonExample } } : {}),
            },
          }
        : {}),
      ...(route.media ? { content: mediaContent(route.media.types) } : {}),
    },
  };
  for (const status of errorStatuses(route).keys()) operation.responses[status] = { $ref: `#/components/responses/E${status}` };
  return { path: (route.docPath ?? route.path).replace(/:([a-z_]+)/g, '{$1}'), method: route.method.toLowerCase(), operation };
}
