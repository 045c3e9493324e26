import { updateDomainSchema } from '../domain/domain-settings-schemas.js';
import { idParamSchema } from '../domain/ids.js';
import { hostSchema, tagNameSchema } from '../domain/link-schemas.js';
import {
  apiKeyListSchema,
  createdApiKeySchema,
  domainListSchema,
  domainSchema,
  tagListSchema,
  tagSchema,
  workspaceSchema,
} from '../domain/resource-outputs.js';
import { addDomainSchema, createKeySchema, deleteWorkspaceSchema, updateTagSchema, updateWorkspaceSchema } from '../domain/resource-schemas.js';
import type { RestRoute } from './route.js';

const KEY_ID = { id: idParamSchema('key') };

/** Tags, domains, API keys and the workspace itself. */
export const RESOURCE_ROUTES: readonly RestRoute[] = [
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
  {
    field: 'Mutation.updateDomain',
    method: 'PATCH',
    path: '/domains/:domain',
    status: 200,
    tag: 'domains',
    summary: "Change a domain's settings",
    body: updateDomainSchema,
    params: { domain: hostSchema },
    // One name for the path parameter of /domains/{host} (DELETE names it host).
    docPath: '/domains/:host',
    response: domainSchema,
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
  {
    field: 'Mutation.updateWorkspace',
    method: 'PATCH',
    path: '/workspace',
    status: 200,
    tag: 'workspace',
    summary: 'Change workspace settings',
    body: updateWorkspaceSchema,
    response: workspaceSchema,
  },
  {
    field: 'Mutation.deleteWorkspace',
    method: 'DELETE',
    path: '/workspace',
    status: 204,
    tag: 'workspace',
    summary: 'Delete your workspace and everything it holds',
    query: deleteWorkspaceSchema,
    queryParams: ['confirm'],
  },
];
