/** What the schema artifact suites share: the repository root, the endpoint table of docs/api.md, the Link fields. Not a test file. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const STALE = (file: string, command: string) => `${file} is stale: run \`${command}\` and commit the result`;

export const readText = (rel: string) => readFile(join(ROOT, rel), 'utf8');

/** docs/api.md, "Endpoints": every call, its success status, and the GraphQL root field it projects. */
export const CONTRACT_ENDPOINTS: { method: string; path: string; status: number; operationId: string; media?: string[] }[] = [
  { method: 'POST', path: '/v1/links', status: 201, operationId: 'createLink' },
  { method: 'GET', path: '/v1/links', status: 200, operationId: 'links' },
  { method: 'GET', path: '/v1/links/{id}', status: 200, operationId: 'link' },
  { method: 'PATCH', path: '/v1/links/{id}', status: 200, operationId: 'updateLink' },
  { method: 'DELETE', path: '/v1/links/{id}', status: 204, operationId: 'deleteLink' },
  { method: 'GET', path: '/v1/links/{id}/stats', status: 200, operationId: 'linkStats' },
  { method: 'GET', path: '/v1/analytics', status: 200, operationId: 'analytics' },
  { method: 'GET', path: '/v1/analytics/events', status: 200, operationId: 'clickEvents' },
  { method: 'GET', path: '/v1/tags', status: 200, operationId: 'tags' },
  { method: 'PATCH', path: '/v1/tags/{name}', status: 200, operationId: 'updateTag' },
  { method: 'DELETE', path: '/v1/tags/{name}', status: 204, operationId: 'deleteTag' },
  { method: 'GET', path: '/v1/domains', status: 200, operationId: 'domains' },
  { method: 'POST', path: '/v1/domains', status: 201, operationId: 'createDomain' },
  { method: 'DELETE', path: '/v1/domains/{host}', status: 204, operationId: 'deleteDomain' },
  { method: 'GET', path: '/v1/keys', status: 200, operationId: 'keys' },
  { method: 'POST', path: '/v1/keys', status: 201, operationId: 'createKey' },
  { method: 'DELETE', path: '/v1/keys/{id}', status: 204, operationId: 'revokeKey' },
  { method: 'GET', path: '/v1/workspace', status: 200, operationId: 'workspace' },
  { method: 'PATCH', path: '/v1/workspace', status: 200, operationId: 'updateWorkspace' },
  { method: 'DELETE', path: '/v1/workspace', status: 204, operationId: 'deleteWorkspace' },
  // Additions: QR codes, bulk calls.
  { method: 'GET', path: '/v1/links/{id}/qr', status: 200, operationId: 'linkQrCode', media: ['image/svg+xml', 'image/png'] },
  { method: 'POST', path: '/v1/links/bulk', status: 200, operationId: 'createLinks' },
  { method: 'PATCH', path: '/v1/links/bulk', status: 200, operationId: 'updateLinks' },
  { method: 'DELETE', path: '/v1/links/bulk', status: 200, operationId: 'deleteLinks' },
  { method: 'GET', path: '/v1/links/export', status: 200, operationId: 'exportLinks', media: ['text/csv'] },
  { method: 'GET', path: '/v1/members', status: 200, operationId: 'members' },
  { method: 'PATCH', path: '/v1/members/{user_id}', status: 200, operationId: 'updateMember' },
  { method: 'DELETE', path: '/v1/members/{user_id}', status: 204, operationId: 'removeMember' },
  { method: 'POST', path: '/v1/invites', status: 201, operationId: 'createInvite' },
  { method: 'GET', path: '/v1/invites', status: 200, operationId: 'invites' },
  { method: 'DELETE', path: '/v1/invites/{id}', status: 204, operationId: 'revokeInvite' },
  { method: 'POST', path: '/v1/webhooks', status: 201, operationId: 'createWebhook' },
  { method: 'GET', path: '/v1/webhooks', status: 200, operationId: 'webhooks' },
  { method: 'GET', path: '/v1/webhooks/{id}', status: 200, operationId: 'webhook' },
  { method: 'PATCH', path: '/v1/webhooks/{id}', status: 200, operationId: 'updateWebhook' },
  { method: 'DELETE', path: '/v1/webhooks/{id}', status: 204, operationId: 'deleteWebhook' },
  { method: 'POST', path: '/v1/webhooks/{id}/rotate-secret', status: 200, operationId: 'rotateWebhookSecret' },
  { method: 'POST', path: '/v1/webhooks/{id}/test', status: 200, operationId: 'testWebhook' },
  { method: 'GET', path: '/v1/webhooks/{id}/deliveries', status: 200, operationId: 'webhookDeliveries' },
  { method: 'POST', path: '/v1/webhooks/{id}/deliveries/{delivery_id}/retry', status: 200, operationId: 'retryWebhookDelivery' },
  { method: 'PATCH', path: '/v1/domains/{host}', status: 200, operationId: 'updateDomain' },
  { method: 'GET', path: '/v1/links/count', status: 200, operationId: 'linkCount' },
  { method: 'POST', path: '/v1/utm-templates', status: 201, operationId: 'createUtmTemplate' },
  { method: 'GET', path: '/v1/utm-templates', status: 200, operationId: 'utmTemplates' },
  { method: 'GET', path: '/v1/utm-templates/{id}', status: 200, operationId: 'utmTemplate' },
  { method: 'PATCH', path: '/v1/utm-templates/{id}', status: 200, operationId: 'updateUtmTemplate' },
  { method: 'DELETE', path: '/v1/utm-templates/{id}', status: 204, operationId: 'deleteUtmTemplate' },
  { method: 'POST', path: '/v1/analytics/reports', status: 201, operationId: 'createAnalyticsReport' },
  { method: 'GET', path: '/v1/analytics/reports', status: 200, operationId: 'analyticsReports' },
  { method: 'GET', path: '/v1/analytics/reports/{id}', status: 200, operationId: 'analyticsReport' },
  { method: 'PATCH', path: '/v1/analytics/reports/{id}', status: 200, operationId: 'updateAnalyticsReport' },
  { method: 'DELETE', path: '/v1/analytics/reports/{id}', status: 204, operationId: 'deleteAnalyticsReport' },
  { method: 'POST', path: '/v1/analytics/reports/{id}/send', status: 200, operationId: 'sendAnalyticsReport' },
  { method: 'POST', path: '/v1/analytics/shares', status: 201, operationId: 'createAnalyticsShare' },
  { method: 'GET', path: '/v1/analytics/shares', status: 200, operationId: 'analyticsShares' },
  { method: 'DELETE', path: '/v1/analytics/shares/{id}', status: 204, operationId: 'deleteAnalyticsShare' },
  // Third round: the audit log.
  { method: 'GET', path: '/v1/audit-log', status: 200, operationId: 'auditLog' },
];

export const LINK_FIELDS = [
  ...['id', 'short_url', 'domain', 'alias', 'destination', 'geo_targeting', 'tags', 'clicks', 'created_at', 'updated_at'],
  ...['title', 'external_id', 'expires_at', 'expired_url', 'max_clicks', 'password_protected', 'device_targeting', 'status'],
  ...['rules', 'variants', 'utm', 'preview'],
  'destination_health',
];
export const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
