import { ANALYTICS_ROUTES } from './analytics.js';
import { ANALYTICS_SHARE_ROUTES } from './analytics-shares.js';
import { AUDIT_ROUTES } from './audit.js';
import { LINK_ROUTES } from './links.js';
import { MEMBER_ROUTES } from './members.js';
import { RESOURCE_ROUTES } from './resources.js';
import type { RestRoute } from './route.js';
import { SCHEDULED_REPORT_ROUTES } from './scheduled-reports.js';
import { UTM_TEMPLATE_ROUTES } from './utm-templates.js';
import { WEBHOOK_ROUTES } from './webhooks.js';

/** The /v1 surface, resource by resource (the API reference, docs/api.md, lists the same calls). */
export const REST_ROUTES: readonly RestRoute[] = [
  ...LINK_ROUTES,
  ...RESOURCE_ROUTES,
  ...ANALYTICS_ROUTES,
  ...SCHEDULED_REPORT_ROUTES,
  ...ANALYTICS_SHARE_ROUTES,
  ...MEMBER_ROUTES,
  ...WEBHOOK_ROUTES,
  ...UTM_TEMPLATE_ROUTES,
  ...AUDIT_ROUTES,
];
