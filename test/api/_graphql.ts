/** Helpers of the GraphQL suites: the full Link selection and the GraphQL error answer. Not a test file. */
import { expect } from 'vitest';
import { ERROR_STATUS, type graphql } from './_assert.js';

export type Gql = ReturnType<typeof graphql>;
export type GqlResponse = Awaited<ReturnType<Gql>>;
export const LINK_FIELDS =
  'id short_url domain alias destination geo_targeting tags clicks created_at updated_at title external_id expires_at expired_url max_clicks password_protected device_targeting status rules variants utm preview destination_health { status http_status checked_at }';

/** A GraphQL error answer: the contract code in extensions.code, details naming every expected path. */
export function expectGqlError(res: GqlResponse, code: string, opts: { paths?: string[]; field?: string } = {}) {
  expect(res.body, res.text).toBeTruthy();
  expect(Array.isArray(res.body.errors), res.text).toBe(true);
  expect(res.body.errors.length).toBeGreaterThan(0);
  const err = res.body.errors[0];
  expect(err.extensions?.code, res.text).toBe(code);
  expect(code in ERROR_STATUS).toBe(true);
  expect(typeof err.message).toBe('string');
  expect(err.message).not.toMatch(/\n\s+at |node_modules|\.ts:\d+|\.js:\d+/);
  expect(Object.keys(err.extensions).filter((k) => !['code', 'details', 'request_id'].includes(k))).toEqual([]);
  expect(res.headers.get('x-request-id')).toBeTruthy();
  if (opts.field) expect(err.path).toEqual([opts.field]);
  if (opts.paths) {
    const paths = [...new Set((err.extensions.details as { path: string }[]).map((d) => d.path))].sort();
    expect(paths, JSON.stringify(err.extensions.details)).toEqual([...new Set(opts.paths)].sort());
  }
}

/** The schema's root fields, as a client introspecting it sees them (a new root field is added here on purpose). */
export const QUERY_FIELDS = [
  'analytics',
  'analyticsReport',
  'analyticsReports',
  'analyticsShares',
  'auditLog',
  'clickEvents',
  'domains',
  'invites',
  'keys',
  'link',
  'linkCount',
  'linkQrCode',
  'linkStats',
  'links',
  'members',
  'node',
  'sharedAnalytics',
  'tags',
  'utmTemplate',
  'utmTemplates',
  'viewer',
  'webhook',
  'webhookDeliveries',
  'webhooks',
  'workspace',
] as const;
export const MUTATION_FIELDS = [
  'createAnalyticsReport',
  'createAnalyticsShare',
  'createDomain',
  'createInvite',
  'createKey',
  'createLink',
  'createLinks',
  'createUtmTemplate',
  'createWebhook',
  'deleteAnalyticsReport',
  'deleteAnalyticsShare',
  'deleteDomain',
  'deleteLink',
  'deleteLinks',
  'deleteTag',
  'deleteUtmTemplate',
  'deleteWebhook',
  'deleteWorkspace',
  'removeMember',
  'retryWebhookDelivery',
  'revokeInvite',
  'revokeKey',
  'rotateWebhookSecret',
  'sendAnalyticsReport',
  'testWebhook',
  'updateAnalyticsReport',
  'updateDomain',
  'updateLink',
  'updateLinks',
  'updateMember',
  'updateTag',
  'updateUtmTemplate',
  'updateWebhook',
  'updateWorkspace',
] as const;
