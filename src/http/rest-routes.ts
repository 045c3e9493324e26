import type { z } from 'zod';
import { idParamSchema } from '../domain/ids.js';
import { linkListSchema, linkSchema, linkStatsSchema } from '../domain/link-outputs.js';
import { createLinkSchema, hostSchema, linkIdParamSchema, listLinksSchema, statsQuerySchema, tagNameSchema, updateLinkSchema } from '../domain/link-schemas.js';
import { createdInviteSchema, createInviteSchema, inviteListSchema, memberListSchema, memberSchema, updateMemberSchema } from '../domain/member-schemas.js';
import {
  apiKeyListSchema,
  createdApiKeySchema,
  domainListSchema,
  domainSchema,
  tagListSchema,
  tagSchema,
  workspaceSchema,
} from '../domain/resource-outputs.js';
import { addDomainSchema, createKeySchema, updateTagSchema } from '../domain/resource-schemas.js';
import { ADAPT_ROUTES } from './rest-routes-adapt.js';
import { ANALYTICS_ROUTES } from './rest-routes-analytics.js';
import { LINK_EXTRA_ROUTES } from './rest-routes-links.js';
import { WEBHOOK_ROUTES } from './rest-routes-webhooks.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One REST operation: the GraphQL root field it projects, and how /v1 exposes it. */
export interface RestRoute {
  field: `${'Query' | 'Mutation'}.${string}`;
  method: Method;
  /** Under /v1, with :params named like the field's arguments. */
  path: string;
  status: 200 | 201 | 204;
  tag: 'links' | 'analytics' | 'tags' | 'domains' | 'keys' | 'workspace' | 'members' | 'webhooks';
  summary: string;
  /** Strict schema of the JSON body (the same zod schema the resolver applies); a body is then required. */
  body?: z.ZodType;
  /** No body at all stands for `{}` (every field of `body` is optional). */
  bodyOptional?: true;
  /** Strict schema of the query string, and the parameter names it allows. */
  query?: z.ZodType;
  queryParams?: readonly string[];
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
  /** `format=csv` answers the result as text/csv: the parameter's description, the encoder, an example. */
  csv?: { parameter: string; encode: (data: Record<string, unknown>) => string; example: string };
}

const LINK_ID = { id: linkIdParamSchema };
const KEY_ID = { id: idParamSchema('key') };
const USER_ID = { user_id: idParamSchema('usr') };

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
    idempotent: true,
    location: (d) => `/v1/links/${String(d.id)}`,
    response: linkSchema,
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
    response: linkListSchema,
  },
  { field: 'Query.link', method: 'GET', path: '/links/:id', status: 200, tag: 'links', summary: 'Get a link', params: LINK_ID, response: linkSchema },
  {
    field: 'Mutation.updateLink',
    method: 'PATCH',
    path: '/links/:id',
    status: 200,
    tag: 'links',
    summary: 'Update a link',
    body: updateLinkSchema,
    params: LINK_ID,
    response: linkSchema,
  },
  { field: 'Mutation.deleteLink', method: 'DELETE', path: '/links/:id', status: 204, tag: 'links', summary: 'Delete a link', params: LINK_ID },
  {
    field: 'Query.linkStats',
    method: 'GET',
    path: '/links/:id/stats',
    status: 200,
    tag: 'links',
    summary: 'Click statistics of a link',
    query: statsQuerySchema,
    queryParams: ['from', 'to'],
    params: LINK_ID,
    response: linkStatsSchema,
  },
  { field: 'Query.tags', method: 'GET', path: '/tags', status: 200, tag: 'tags', summary: 'List tags', response: tagListSchema },
  {
    field: 'Mutation.updateTag',
    method: 'PATCH',
    path: '/tags/:tag',
    status: 200,
    tag: 'tags',
    summary: 'Rename or merge a tag',
    body: updateTagSchema,
    params: { tag: tagNameSchema },
    // The path segment is the tag's current name; the body's "name" is the new one.
    docPath: '/tags/:name',
    response: tagSchema,
  },
  { field: 'Mutation.deleteTag', method: 'DELETE', path: '/tags/:name', status: 204, tag: 'tags', summary: 'Delete a tag', params: { name: tagNameSchema } },
  { field: 'Query.domains', method: 'GET', path: '/domains', status: 200, tag: 'domains', summary: 'List domains', response: domainListSchema },
  {
    field: 'Mutation.createDomain',
    method: 'POST',
    path: '/domains',
    status: 201,
    tag: 'domains',
    summary: 'Add a domain',
    body: addDomainSchema,
    idempotent: true,
    location: (d) => `/v1/domains/${String(d.host)}`,
    response: domainSchema,
  },
  {
    field: 'Mutation.deleteDomain',
    method: 'DELETE',
    path: '/domains/:host',
    status: 204,
    tag: 'domains',
    summary: 'Remove a domain',
    params: { host: hostSchema },
  },
  { field: 'Query.keys', method: 'GET', path: '/keys', status: 200, tag: 'keys', summary: 'List API keys', response: apiKeyListSchema },
  {
    field: 'Mutation.createKey',
    method: 'POST',
    path: '/keys',
    status: 201,
    tag: 'keys',
    summary: 'Create an API key',
    body: createKeySchema,
    bodyOptional: true,
    response: createdApiKeySchema,
  },
  { field: 'Mutation.revokeKey', method: 'DELETE', path: '/keys/:id', status: 204, tag: 'keys', summary: 'Revoke an API key', params: KEY_ID },
  { field: 'Query.workspace', method: 'GET', path: '/workspace', status: 200, tag: 'workspace', summary: 'Your workspace and plan', response: workspaceSchema },
  ...LINK_EXTRA_ROUTES,
  ...ANALYTICS_ROUTES,
  { field: 'Query.members', method: 'GET', path: '/members', status: 200, tag: 'members', summary: 'List members', response: memberListSchema },
  {
    field: 'Mutation.updateMember',
    method: 'PATCH',
    path: '/members/:user_id',
    status: 200,
    tag: 'members',
    summary: "Change a member's role",
    body: updateMemberSchema,
    params: USER_ID,
    response: memberSchema,
  },
  { field: 'Mutation.removeMember', method: 'DELETE', path: '/members/:user_id', status: 204, tag: 'members', summary: 'Remove a member', params: USER_ID },
  { field: 'Query.invites', method: 'GET', path: '/invites', status: 200, tag: 'members', summary: 'List pending invites', response: inviteListSchema },
  {
    field: 'Mutation.createInvite',
    method: 'POST',
    path: '/invites',
    status: 201,
    tag: 'members',
    summary: 'Invite someone',
    body: createInviteSchema,
    location: (d) => `/v1/invites/${String(d.id)}`,
    response: createdInviteSchema,
  },
  {
    field: 'Mutation.revokeInvite',
    method: 'DELETE',
    path: '/invites/:id',
    status: 204,
    tag: 'members',
    summary: 'Withdraw an invite',
    params: { id: idParamSchema('inv') },
  },
  ...WEBHOOK_ROUTES,
  ...ADAPT_ROUTES,
];
