import type { z } from 'zod';

/**
 * The shape of one /v1 route. The table itself (routes.ts, one file per resource) is read by the
 * REST edge (src/http/rest) to serve it and by src/openapi to describe it.
 */
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One REST operation: the GraphQL root field it projects, and how /v1 exposes it. */
export interface RestRoute {
  field: `${'Query' | 'Mutation'}.${string}`;
  method: Method;
  /** Under /v1, with :params named like the field's arguments. */
  path: string;
  status: 200 | 201 | 204;
  tag: 'links' | 'analytics' | 'tags' | 'domains' | 'keys' | 'workspace' | 'members' | 'webhooks' | 'audit';
  summary: string;
  /** Strict schema of the JSON body (the same zod schema the resolver applies); a body is then required. */
  body?: z.ZodType;
  /** No body at all stands for `{}` (every field of `body` is optional). */
  bodyOptional?: true;
  /** Strict schema of the query string, and the parameter names it allows. */
  query?: z.ZodType;
  queryParams?: readonly string[];
  /** The field's variables from the checked query string, where they are not the parameters one to one (analytics filters). */
  variables?: (query: Record<string, unknown>) => Record<string, unknown>;
  /** Location header of a 201. */
  location?: (data: Record<string, unknown>) => string;
  /** Schema of each :param of `path`: checked at the edge (errors name the parameter as docPath does) and documented. */
  params?: Record<string, z.ZodType>;
  /** The path as the API reference names it, where a :param's public name differs from its GraphQL argument. */
  docPath?: string;
  /** Schema of the success body (OpenAPI, and the API tests' response checks); none for a 204. */
  response?: z.ZodType;
  /** The body as the API reference documents it, where the edge checks less than that (bulk items are checked one by one). */
  docBody?: z.ZodType;
  /** The REST shape of the operation's result, where it differs (bulk items without their null branch). */
  present?: (data: unknown) => unknown;
  /** Takes an Idempotency-Key header (docs/adr/0061): its first answer is kept 24 h and replayed. */
  idempotent?: true;
  /** A success body that is not JSON: the media types it may have, and the bytes of the operation's result. */
  media?: { types: readonly string[]; encode: (data: Record<string, unknown>) => { contentType: string; body: Buffer } };
  /** `format=csv` answers the result as text/csv: the parameter's description, the encoder, an example, the file's name. */
  csv?: {
    parameter: string;
    encode: (data: Record<string, unknown>) => string;
    example: string;
    ndjsonExample?: string;
    filename?: (data: Record<string, unknown>) => string;
  };
}

/** Printable ASCII; no space at either end (HTTP would strip it). The OpenAPI document states the same pattern. */
export const IDEMPOTENCY_KEY_PATTERN = '^[!-~]([ -~]{0,253}[!-~])?$';

/** The name a :param of `route.path` has in the public path (docPath), e.g. updateTag's `tag` is `name`. */
export function publicParamName(route: RestRoute, name: string): string {
  if (!route.docPath) return name;
  const internal = [...route.path.matchAll(/:([a-z_]+)/g)].map((m) => m[1]);
  const published = [...route.docPath.matchAll(/:([a-z_]+)/g)].map((m) => m[1]);
  return published[internal.indexOf(name)] ?? name;
}
