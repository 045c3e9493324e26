import { INTERVALS } from '../../domain/analytics/buckets.js';
import { ANALYTICS_COMPARES } from '../../domain/analytics-schemas.js';
import { TARGET_TYPES } from '../../domain/audit.js';
import { ACTOR_TYPES } from '../../domain/caller.js';
import { GROUP_BYS } from '../../domain/click-fields.js';
import { LINK_HEALTH_FILTERS, linkStatusSchema } from '../../domain/link-schemas.js';
import { LINK_SORTS } from '../../domain/list-cursor.js';
import { QR_ECC, QR_FORMATS } from '../../domain/qr-schemas.js';
import { SOURCE_KINDS } from '../../domain/referrer-sources/kinds.js';
import { DELIVERY_STATUSES } from '../../domain/webhook-outputs.js';
import { builder } from '../builder.js';

/**
 * Closed sets as GraphQL enums (ADR 161). Each takes its values from the same constant the zod
 * schema's `z.enum` is built from, so GraphQL, REST, OpenAPI, MCP and the SDKs accept the same
 * words. Every value is a GraphQL name; sets with other values (scopes `links:read`, audit actions
 * and webhook events `link.created`) stay String.
 */

export const AnalyticsGroupByEnum = builder.enumType('AnalyticsGroupBy', {
  values: GROUP_BYS,
  description: 'What analytics groups clicks by: timeseries (buckets of `interval`), links (top links), tags, or a recorded value (countries, referrers, ...).',
});

export const ReferrerSourceKindEnum = builder.enumType('ReferrerSourceKind', {
  values: SOURCE_KINDS,
  description:
    'What kind of place a referrer source is: search, social, video, messaging, email, ai, forum, code; other (a host no source claims); direct (no referrer).',
});

export const AnalyticsIntervalEnum = builder.enumType('AnalyticsInterval', {
  values: INTERVALS,
  description: 'Bucket size of a time series: hour, day, week (from Monday) or month.',
});

export const AnalyticsCompareEnum = builder.enumType('AnalyticsCompare', {
  values: ANALYTICS_COMPARES,
  description:
    'What a report is compared with: previous, the window just before (as many whole local days when from and to are local midnights, as many calendar months when both are the first of a month, else the same length; while the window is still counting, only up to the same point).',
});

export const QrFormatEnum = builder.enumType('QrFormat', { values: QR_FORMATS, description: 'Image format of a QR code: svg or png.' });

export const QrEccEnum = builder.enumType('QrEcc', {
  values: QR_ECC,
  description: 'QR error-correction level: L (7 % of the code may be lost), M (15 %), Q (25 %) or H (30 %).',
});

export const LinkStatusEnum = builder.enumType('LinkStatus', {
  description: 'active; expired (past expires_at); exhausted (clicks reached max_clicks).',
  values: linkStatusSchema.options,
});

export const LinkSortEnum = builder.enumType('LinkSort', {
  values: LINK_SORTS,
  description: 'Order of a link list: newest, oldest, alias (A-Z) or clicks (most first).',
});

export const LinkHealthFilterEnum = builder.enumType('LinkHealthFilter', {
  values: LINK_HEALTH_FILTERS,
  description: 'broken: only links whose targets failed two checks in a row.',
});

export const WebhookDeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  values: DELIVERY_STATUSES,
  description: 'pending (another attempt is due), delivered (a 2xx answer came) or failed (given up: no attempt left, or the endpoint was disabled).',
});

export const AuditActorTypeEnum = builder.enumType('AuditActorType', {
  values: ACTOR_TYPES,
  description: 'user, key (an API key), cli (the operator at the command line) or system (lsk itself).',
});

export const AuditTargetTypeEnum = builder.enumType('AuditTargetType', {
  values: TARGET_TYPES,
  description: 'The kind of thing an audit entry is about.',
});
