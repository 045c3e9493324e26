import { ADAPT_EXAMPLES, DOMAIN_ADAPT, LINK_ADAPT } from './examples-adapt.js';
import { REPORT_EXAMPLES } from './examples-reports.js';
import { SHARE_EXAMPLES } from './examples-shares.js';
import type { Json } from './json-schema.js';

/**
 * Examples for the document: request bodies and resources by component name, error bodies by code.
 * test/unit/openapi.test.ts parses each with the zod schema of its component, so none can drift.
 */

const LINK = {
  id: 'lnk_3kTMd9sQ0pX1bY7zA2cW',
  short_url: 'https://go.example.com/spring',
  domain: 'go.example.com',
  alias: 'spring',
  destination: 'https://example.com/spring-sale',
  geo_targeting: { DE: 'https://example.de/fruehling', FR: 'https://example.fr/printemps' },
  tags: ['campaign', 'spring'],
  clicks: 42,
  created_at: '2026-11-21T10:15:00.123Z',
  updated_at: '2026-11-22T08:00:00.000Z',
  title: 'Spring sale',
  external_id: 'crm-4711',
  expires_at: '2027-03-31T22:00:00.000Z',
  expired_url: 'https://example.com/sale-over',
  max_clicks: 10000,
  password_protected: false,
  device_targeting: { ios: 'https://apps.apple.com/app/id123456789', android: 'https://play.google.com/store/apps/details?id=com.example' },
  status: 'active',
  ...LINK_ADAPT,
  destination_health: { status: 'ok', http_status: 200, checked_at: '2026-11-22T03:12:45.000Z' },
};
const TAG = { name: 'campaign', links: 12, created_at: '2026-11-21T10:15:00.123Z' };
const DOMAIN = { host: 'go.example.com', created_at: '2026-11-20T09:00:00.000Z', ...DOMAIN_ADAPT };
const KEY = {
  id: 'key_7fQ2mZ0aLr5Tn8Bx1Wc3',
  name: 'ci',
  created_at: '2026-11-21T10:15:00.123Z',
  expires_at: '2027-02-19T10:15:00.123Z',
  last_used_at: null,
  revoked_at: null,
  scopes: ['links:read', 'links:write', 'analytics:read'],
  domains: ['go.example.com'],
  tags: null,
};

const AUDIT_ENTRY = {
  id: 'aud_0VbbQFuK000NfDApHTI5',
  at: '2026-11-21T10:15:00.123Z',
  actor: { type: 'key', id: 'key_7fQ2mZ0aLr5Tn8Bx1Wc3', label: 'ci' },
  action: 'link.created',
  target: { type: 'link', id: 'lnk_3kTMd9sQ0pX1bY7zA2cW' },
  request_id: '4f1c9e2a-1',
};

const WEBHOOK = {
  id: 'whk_5tGh2Kp9Qa1Xc7Vb3Nm8',
  url: 'https://hooks.example.com/lsk',
  events: ['link.created', 'link.clicked'],
  description: 'CRM sync',
  enabled: true,
  created_at: '2026-11-21T10:15:00.123Z',
};
const DELIVERY = {
  id: 'dlv_8Jk3Lm0Pq6Rs2Tu4Vw9X',
  event_type: 'link.created',
  status: 'pending',
  attempts: 2,
  last_status_code: 503,
  last_error: 'answered HTTP 503',
  last_duration_ms: 87,
  next_attempt_at: '2026-11-21T10:20:05.123Z',
  created_at: '2026-11-21T10:15:00.123Z',
  delivered_at: null,
};

const MEMBER = { user_id: 'usr_5hK2pW9qZ1xN4mB7cV0d', email: 'ann@example.com', name: 'Ann', role: 'owner', created_at: '2026-11-21T10:15:00.123Z' };
const INVITE = {
  id: 'inv_8rT3yU6iO9pA2sD5fG1h',
  email: 'cy@example.com',
  role: 'member',
  created_at: '2026-11-21T10:15:00.123Z',
  expires_at: '2026-11-28T10:15:00.123Z',
};

export const SCHEMA_EXAMPLES: Record<string, Json> = {
  CreateLinkRequest: {
    destination: 'https://example.com/spring-sale',
    domain: 'go.example.com',
    alias: 'spring',
    geo_targeting: { DE: 'https://example.de/fruehling', FR: 'https://example.fr/printemps' },
    tags: ['campaign', 'spring'],
    title: 'Spring sale',
    external_id: 'crm-4711',
    expires_at: '2027-04-01T00:00:00+02:00',
    expired_url: 'https://example.com/sale-over',
    max_clicks: 10000,
    device_targeting: { ios: 'https://apps.apple.com/app/id123456789', android: 'https://play.google.com/store/apps/details?id=com.example' },
    ...LINK_ADAPT,
  },
  UpdateLinkRequest: { destination: 'https://example.com/summer-sale', tags: ['campaign'], password: 'spring-2027', max_clicks: null },
  UpdateTagRequest: { name: 'marketing' },
  UpdateWorkspaceRequest: { require_2fa: true },
  CreateDomainRequest: { host: 'go.example.com' },
  CreateKeyRequest: { name: 'ci', scopes: ['links:read', 'links:write', 'analytics:read'], domains: ['go.example.com'] },
  Link: LINK,
  LinkList: { data: [LINK], next_cursor: 'WzE3OTU1MjQ5MDAxMjMsImxua18za1RNZDlzUTBwWDFiWTd6QTJjVyJd' },
  LinkStats: {
    link_id: LINK.id,
    from: '2026-11-20',
    to: '2026-11-21',
    clicks: 5,
    bots: 1,
    by_day: [
      { date: '2026-11-20', clicks: 2 },
      { date: '2026-11-21', clicks: 3 },
    ],
    by_country: [
      { country: 'DE', clicks: 3 },
      { country: 'FR', clicks: 2 },
    ],
    by_referrer: [{ host: 'news.example', clicks: 3 }],
    by_device: [
      { device: 'desktop', clicks: 4 },
      { device: 'mobile', clicks: 1 },
    ],
    by_browser: [
      { browser: 'Chrome', clicks: 3 },
      { browser: 'Safari', clicks: 2 },
    ],
    by_os: [
      { os: 'Windows', clicks: 3 },
      { os: 'iOS', clicks: 1 },
      { os: 'macOS', clicks: 1 },
    ],
  },
  Analytics: {
    group_by: 'timeseries',
    from: '2026-11-19T23:00:00.000Z',
    to: '2026-11-22T23:00:00.000Z',
    interval: 'day',
    timezone: 'Europe/Berlin',
    total: { clicks: 7, bots: 2 },
    data: [
      { key: '2026-11-19T23:00:00.000Z', clicks: 2 },
      { key: '2026-11-20T23:00:00.000Z', clicks: 0 },
      { key: '2026-11-21T23:00:00.000Z', clicks: 5 },
    ],
  },
  ClickEventList: {
    data: [
      {
        timestamp: '2026-11-22T09:14:03.512Z',
        link_id: 'lnk_3kTMd9sQ0pX1bY7zA2cW',
        short_url: 'https://go.example.com/spring',
        country: 'DE',
        continent: 'EU',
        region: 'DE-BE',
        city: 'Berlin',
        referrer: 'news.example',
        referrer_url: 'https://news.example/today',
        device: 'mobile',
        browser: 'Safari',
        os: 'iOS',
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'spring',
        utm_term: null,
        utm_content: null,
        trigger: 'qr',
        language: 'de',
        variant: null,
      },
    ],
    next_cursor: 'MTc2NDc2MjA0MzUxMi40Mg',
  },
  Tag: TAG,
  TagList: { data: [TAG, { name: 'spring', links: 3, created_at: '2026-11-21T10:15:00.123Z' }] },
  Domain: DOMAIN,
  DomainList: { data: [DOMAIN] },
  ApiKeyList: { data: [{ ...KEY, last_used_at: '2026-11-22T08:00:00.000Z' }] },
  CreatedApiKey: { ...KEY, key: 'lsk_live_eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIn0.eyJzdWIiOiJrZXlfN2ZRMm1aMGFMcjVUbjhCeDFXYzMifQ.c2lnbmF0dXJl' },
  Workspace: { id: 'wsp_9pLm2Qx8Rt4Zs6Vb0Nc1', slug: 'acme', plan: 'standard', rate_limit_rpm: 100, require_2fa: false },
  CreateLinksRequest: {
    links: [
      { destination: 'https://example.com/spring-sale', alias: 'spring', tags: ['campaign'] },
      { destination: 'https://example.com/spring-sale', alias: 'spring' },
    ],
  },
  UpdateLinksRequest: {
    ids: [LINK.id, 'lnk_0000000000000000000x'],
    patch: { destination: 'https://example.com/summer-sale' },
    add_tags: ['summer'],
    remove_tags: ['spring'],
  },
  BulkLinkResults: {
    data: [
      { link: LINK },
      {
        error: {
          code: 'alias_taken',
          message: 'The alias "spring" is already in use on go.example.com.',
          details: [{ path: 'alias', message: 'is already in use on go.example.com' }],
        },
      },
    ],
  },
  BulkDeleteResult: { deleted: [LINK.id], not_found: ['lnk_0000000000000000000x'] },
  Member: MEMBER,
  MemberList: { data: [MEMBER, { ...MEMBER, user_id: 'usr_2bN7xQ4mL0pR8sT1vW3y', email: 'bo@example.com', name: 'Bo', role: 'viewer' }] },
  UpdateMemberRequest: { role: 'admin' },
  CreateInviteRequest: { email: 'cy@example.com', role: 'member' },
  Invite: INVITE,
  InviteList: { data: [INVITE] },
  CreatedInvite: { ...INVITE, url: 'https://links.example.com/dashboard/accept-invite#token=Qm9vdHN0cmFwIHRva2VuIGZvciBkb2NzIG9ubHkgMTIz' },
  CreateWebhookRequest: { url: WEBHOOK.url, events: WEBHOOK.events, description: WEBHOOK.description },
  UpdateWebhookRequest: { events: ['link.created', 'link.updated', 'link.deleted'], enabled: true },
  WebhookEndpoint: WEBHOOK,
  WebhookEndpointList: { data: [WEBHOOK] },
  WebhookEndpointWithSecret: { ...WEBHOOK, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2TC2Fhn3hb4=' },
  WebhookDelivery: DELIVERY,
  WebhookDeliveryList: { data: [DELIVERY], next_cursor: null },
  ...ADAPT_EXAMPLES,
  ...REPORT_EXAMPLES,
  ...SHARE_EXAMPLES,
  AuditLog: { data: [AUDIT_ENTRY], next_cursor: 'YXVkXzBWYmJRRnVLMDAwTmZEQXBIVEk1' },
};

/** The start of a QR code as GET /v1/links/{id}/qr answers it in SVG. */
export const SVG_EXAMPLE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 33 33" shape-rendering="crispEdges"><path fill="#ffffff" d="M0 0h33v33H0z"/><path stroke="#000000" d="M2 2.5h7m1 0h1…"/></svg>';

const error = (code: string, message: string, details?: { path: string; message: string }[]) => ({
  error: { code, message, ...(details ? { details } : {}), request_id: 'lsk-1a2b3c-9f' },
});

/** Error bodies by code; each status of the error table shows the first of its codes listed here. */
export const ERROR_EXAMPLES: Record<string, Json> = {
  validation_failed: error('validation_failed', 'destination must be an absolute http or https URL (ftp: is refused).', [
    { path: 'destination', message: 'must be an absolute http or https URL (ftp: is refused)' },
  ]),
  unauthorized: error('unauthorized', 'An API key is required: Authorization: Bearer lsk_live_…'),
  insufficient_scope: error('insufficient_scope', 'This key lacks the scope links:write.'),
  forbidden: error('forbidden', 'Your role (viewer) does not allow this: it needs "links:write".'),
  not_found: error('not_found', 'Link not found'),
  method_not_allowed: error('method_not_allowed', 'PUT is not allowed on /v1/links.'),
  request_timeout: error('request_timeout', 'The request was not complete in time.'),
  alias_taken: error('alias_taken', 'The alias "spring" is already in use on go.example.com.', [
    { path: 'alias', message: 'is already in use on go.example.com' },
  ]),
  payload_too_large: error('payload_too_large', 'The body is larger than 1 MiB.'),
  unsupported_media_type: error('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.'),
  rate_limited: error('rate_limited', 'Rate limit of 100 requests per minute exceeded.'),
  internal_error: error('internal_error', 'An internal error occurred.'),
  unavailable: error('unavailable', 'The database cannot be reached; try again shortly.'),
  external_id_taken: error('external_id_taken', 'The external_id "crm-4711" is already used by another link of this workspace.', [
    { path: 'external_id', message: 'is already used by another link of this workspace' },
  ]),
  link_expired: error('link_expired', 'This link has expired.'),
  idempotency_in_progress: error('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed; retry shortly.'),
  idempotency_key_mismatch: error('idempotency_key_mismatch', 'This Idempotency-Key was used for a different request; use a new key for a new request.'),
  destination_blocked: error('destination_blocked', 'destination is on a blocked host (phish.example).', [
    { path: 'destination', message: 'is on a blocked host (phish.example)' },
  ]),
  workspace_suspended: error('workspace_suspended', 'This workspace is suspended; contact the operator of this service.'),
  link_disabled: error('link_disabled', 'This link has been disabled.'),
};
