import { INTERVALS } from './analytics/buckets.js';
import { canonicalZone } from './analytics/time-zone.js';
import { hostSchema, intParam, linkIdParamSchema, tagNameSchema } from './link-schemas.js';
import { z } from './zod.js';

/** What GET /v1/analytics and analytics(...) group clicks by. */
export const GROUP_BYS = ['timeseries', 'countries', 'referrers', 'devices', 'browsers', 'os', 'links', 'tags'] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

export const ANALYTICS_LIMIT_DEFAULT = 10;
export const ANALYTICS_LIMIT_MAX = 100;

const isoDate = z.iso.date({ error: 'must be an ISO date (YYYY-MM-DD) that exists' });
const isoDateTime = z.iso.datetime({ offset: true, error: 'must be an ISO date (YYYY-MM-DD) or date-time with an offset' });

/** A window bound: a local date in the request's time zone, or an instant. */
export const windowBoundSchema = z.union([isoDate, isoDateTime], { error: 'must be an ISO date (YYYY-MM-DD) or date-time with an offset' });

export const timezoneSchema = z
  .string()
  .max(64, 'must be at most 64 characters')
  .refine((v) => canonicalZone(v) !== null, 'is not a known IANA time zone (e.g. Europe/Berlin)')
  .meta({ minLength: 1, pattern: '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$' });

/** analytics(...), and the query string of GET /v1/analytics without `format`. Defaults and the window rules are the service's. */
export const analyticsQuerySchema = z.strictObject({
  group_by: z.enum(GROUP_BYS).nullish(),
  link_id: linkIdParamSchema.nullish(),
  tag: tagNameSchema.nullish(),
  domain: hostSchema.nullish(),
  from: windowBoundSchema.nullish(),
  to: windowBoundSchema.nullish(),
  interval: z.enum(INTERVALS).nullish(),
  timezone: timezoneSchema.nullish(),
  limit: intParam(1, ANALYTICS_LIMIT_MAX, ANALYTICS_LIMIT_DEFAULT).nullish(),
});
export type AnalyticsQueryInput = z.output<typeof analyticsQuerySchema>;

/** GET /v1/analytics: the same, and the answer's format (csv: the rows as text/csv). */
export const analyticsRestQuerySchema = analyticsQuerySchema.extend({ format: z.enum(['json', 'csv']).nullish() });
