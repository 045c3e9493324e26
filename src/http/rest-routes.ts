import type { z } from 'zod';
import { createLinkSchema, hostSchema, listLinksSchema, statsQuerySchema, tagNameSchema, updateLinkSchema } from '../domain/link-schemas.js';
import { addDomainSchema, createKeySchema, updateTagSchema } from '../domain/resource-schemas.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One REST operation: the GraphQL root field it projects, and how /v1 exposes it. */
export interface RestRoute {
  field: `${'Query' | 'Mutation'}.${string}`;
  method: Method;
  /** Under /v1, with :params named like the field's arguments. */
  path: string;
  status: 200 | 201 | 204;
  tag: 'links' | 'tags' | 'domains' | 'keys' | 'workspace';
  summary: string;
  /** Strict schema of the JSON body (the same zod schema the resolver applies); a body is then required. */
  body?: z.ZodType;
  /** No body at all stands for `{}` (every field of `body` is optional). */
  bodyOptional?: true;
  /** Path parameters checked at the edge, by their name in the path template; `name`: how errors call it. */
  params?: Record<string, { schema: z.ZodType; name?: string }>;
  /** Strict schema of the query string, and the parameter names it allows. */
  query?: z.ZodType;
  queryParams?: readonly string[];
  /** Location header of a 201. */
  location?: (data: Record<string, unknown>) => string;
}

/** The /v1 surface, exactly as the API reference (docs/api.md) lists it. */
export const REST_ROUTES: readonly RestRoute[] = [
  {
    field: 'Mutation.createLink',
    method: 'POST',
    path: '/links',
    status: 201,
    tag: 'links',
    summary: 'Create a link',
    body: createLinkSchema,
    location: (d) => `/v1/links/${String(d.id)}`,
  },
  {
    field: 'Query.links',
    method: 'GET',
    path: '/links',
    status: 200,
    tag: 'links',
    summary: 'List links',
    query: listLinksSchema,
    queryParams: Object.keys(listLinksSchema.shape),
  },
  { field: 'Query.link', method: 'GET', path: '/links/:id', status: 200, tag: 'links', summary: 'Get a link' },
  { field: 'Mutation.updateLink', method: 'PATCH', path: '/links/:id', status: 200, tag: 'links', summary: 'Update a link', body: updateLinkSchema },
  { field: 'Mutation.deleteLink', method: 'DELETE', path: '/links/:id', status: 204, tag: 'links', summary: 'Delete a link' },
  {
    field: 'Query.linkStats',
    method: 'GET',
    path: '/links/:id/stats',
    status: 200,
    tag: 'links',
    summary: 'Click statistics of a link',
    query: statsQuerySchema,
    queryParams: ['from', 'to'],
  },
  { field: 'Query.tags', method: 'GET', path: '/tags', status: 200, tag: 'tags', summary: 'List tags' },
  {
    field: 'Mutation.updateTag',
    method: 'PATCH',
    path: '/tags/:tag',
    status: 200,
    tag: 'tags',
    summary: 'Rename or merge a tag',
    body: updateTagSchema,
    // The path's {name} is the current name (the GraphQL argument `tag`); the body's the new one.
    params: { tag: { schema: tagNameSchema, name: 'name' } },
  },
  {
    field: 'Mutation.deleteTag',
    method: 'DELETE',
    path: '/tags/:name',
    status: 204,
    tag: 'tags',
    summary: 'Delete a tag',
    params: { name: { schema: tagNameSchema } },
  },
  { field: 'Query.domains', method: 'GET', path: '/domains', status: 200, tag: 'domains', summary: 'List domains' },
  {
    field: 'Mutation.createDomain',
    method: 'POST',
    path: '/domains',
    status: 201,
    tag: 'domains',
    summary: 'Add a domain',
    body: addDomainSchema,
    location: (d) => `/v1/domains/${String(d.host)}`,
  },
  {
    field: 'Mutation.deleteDomain',
    method: 'DELETE',
    path: '/domains/:host',
    status: 204,
    tag: 'domains',
    summary: 'Remove a domain',
    params: { host: { schema: hostSchema } },
  },
  { field: 'Query.keys', method: 'GET', path: '/keys', status: 200, tag: 'keys', summary: 'List API keys' },
  {
    field: 'Mutation.createKey',
    method: 'POST',
    path: '/keys',
    status: 201,
    tag: 'keys',
    summary: 'Create an API key',
    body: createKeySchema,
    bodyOptional: true,
  },
  { field: 'Mutation.revokeKey', method: 'DELETE', path: '/keys/:id', status: 204, tag: 'keys', summary: 'Revoke an API key' },
  { field: 'Query.workspace', method: 'GET', path: '/workspace', status: 200, tag: 'workspace', summary: 'Your workspace and plan' },
];

interface CompiledPath {
  re: RegExp;
  params: string[];
}

function compile(path: string): CompiledPath {
  const params: string[] = [];
  const re = path.replace(/:([a-z_]+)/g, (_m, name: string) => {
    params.push(name);
    return '([^/]+)';
  });
  return { re: new RegExp(`^${re}$`), params };
}

const compiled = REST_ROUTES.map((r) => ({ route: r, ...compile(r.path) }));

export type RouteMatch =
  | { kind: 'route'; route: RestRoute; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: Method[] }
  | { kind: 'not_found' };

/** Match a path under /v1 (e.g. "/links/lnk_1") and method against the table. */
export function matchRoute(method: string, path: string): RouteMatch {
  const allow: Method[] = [];
  for (const c of compiled) {
    const m = c.re.exec(path);
    if (!m) continue;
    if (c.route.method !== method) {
      allow.push(c.route.method);
      continue;
    }
    const params: Record<string, string> = {};
    for (let i = 0; i < c.params.length; i++) {
      let v: string;
      try {
        v = decodeURIComponent(m[i + 1]!);
      } catch {
        return { kind: 'not_found' };
      }
      params[c.params[i]!] = v;
    }
    return { kind: 'route', route: c.route, params };
  }
  return allow.length > 0 ? { kind: 'method_not_allowed', allow } : { kind: 'not_found' };
}
