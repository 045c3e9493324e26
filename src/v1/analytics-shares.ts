import { idParamSchema } from '../domain/ids.js';
import { analyticsShareListSchema, analyticsShareSchema, createShareSchema, listSharesSchema } from '../domain/share-schemas.js';
import type { RestRoute } from './route.js';

/**
 * Shared read-only analytics (docs/adr/0215): the workspace's shares. Their public read is GraphQL's
 * sharedAnalytics only: every /v1 call takes a key or session.
 */
export const ANALYTICS_SHARE_ROUTES: readonly RestRoute[] = [
  {
    field: 'Mutation.createAnalyticsShare',
    method: 'POST',
    path: '/analytics/shares',
    status: 201,
    tag: 'analytics',
    summary: 'Share analytics at a public, read-only URL',
    body: createShareSchema,
    bodyOptional: true,
    location: (d) => `/v1/analytics/shares/${String(d.id)}`,
    response: analyticsShareSchema,
  },
  {
    field: 'Query.analyticsShares',
    method: 'GET',
    path: '/analytics/shares',
    status: 200,
    tag: 'analytics',
    summary: 'List analytics shares',
    query: listSharesSchema,
    queryParams: Object.keys(listSharesSchema.shape),
    response: analyticsShareListSchema,
  },
  {
    field: 'Mutation.deleteAnalyticsShare',
    method: 'DELETE',
    path: '/analytics/shares/:id',
    status: 204,
    tag: 'analytics',
    summary: 'Revoke an analytics share',
    params: { id: idParamSchema('shr') },
  },
];
