import type { GraphQLSchema } from 'graphql';
import { projectVersion } from '../config/project.js';
import { REST_ROUTES } from '../v1/routes.js';
import { componentsSchemas, requestComponent } from './components.js';
import { describeBody, describeComponents, rootField } from './descriptions.js';
import { errorResponses } from './errors.js';
import { ERROR_EXAMPLES } from './examples.js';
import type { Json } from './json-schema.js';
import { exportOperation } from './links-export-operation.js';
import { operationFor } from './operation.js';

const TAGS = [
  { name: 'links', description: 'Short links: create, read, list, change, delete; click statistics.' },
  { name: 'analytics', description: 'Clicks of the workspace over time (in a time zone) and by country, referrer, device, browser, OS, link and tag.' },
  { name: 'tags', description: 'Tags of the workspace: list, rename or merge, delete.' },
  { name: 'domains', description: 'Custom domains the workspace serves links on.' },
  { name: 'keys', description: 'API keys of the workspace (their secrets are shown once).' },
  { name: 'workspace', description: "The caller's workspace and plan." },
  { name: 'members', description: 'Members of the workspace with their roles, and invites (their links are shown once).' },
  { name: 'webhooks', description: 'Webhook endpoints: signed events (Standard Webhooks) about links, and their delivery log.' },
  { name: 'audit', description: 'The audit log: every change on any surface and every sign-in, who made it and in which request.' },
];

/**
 * The OpenAPI document served at GET /v1/openapi.json and committed as schema/openapi.json (written
 * by scripts/print-schema.ts): paths from the REST route table, schemas from the zod schemas the
 * service applies, prose from the GraphQL schema (docs/adr/0013-openapi-from-zod-and-the-route-table.md).
 */
export function buildOpenApiDocument(schema: GraphQLSchema): Json {
  const schemas = componentsSchemas();
  describeComponents(schema, schemas);
  for (const route of REST_ROUTES) {
    if (!route.body) continue;
    const body = schemas[requestComponent(route)]!;
    body.description = `Request body of ${route.field.split('.')[1]} (${route.method} ${(route.docPath ?? route.path).replace(/:([a-z_]+)/g, '{$1}')}).`;
    describeBody(body, rootField(schema, route));
  }
  const paths: Json = {};
  for (const route of REST_ROUTES) {
    const { path, method, operation } = operationFor(route, schema);
    paths[path] = { ...paths[path], [method]: operation };
  }
  paths['/links/export'] = { get: exportOperation() };
  return {
    openapi: '3.0.3',
    info: {
      title: 'lsk',
      // The package's version (package.json), so a client can tell which lsk it talks to.
      version: projectVersion(),
      description:
        'Link management: short links on custom domains, aliases, geo-targeting, tags and click statistics. ' +
        'REST /v1 is a projection of the GraphQL schema at /graphql. Authenticate with `Authorization: Bearer lsk_live_…`.',
      license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
    },
    servers: [{ url: '/v1' }],
    security: [{ bearer: [] }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'lsk_live_<JWT>' } },
      schemas,
      responses: errorResponses(ERROR_EXAMPLES),
    },
  };
}
