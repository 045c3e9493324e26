import { GROUP_BYS } from './analytics-schemas.js';
import { countSchema, timeSchema } from './link-outputs.js';
import { aliasSchema } from './link-schemas.js';
import { SOURCE_HOSTS_MAX } from './referrer-sources/group.js';
import { SOURCE_KINDS } from './referrer-sources/kinds.js';
import { z } from './zod.js';

/** What GET /v1/analytics and analytics(...) answer (the OpenAPI document's schemas, the API tests' checks). */

export const clickTotalsSchema = z.object({ clicks: countSchema, bots: countSchema });

export const analyticsItemSchema = z.object({
  key: z.string(),
  clicks: countSchema,
  alias: aliasSchema.optional(),
  short_url: z.url({ protocol: /^https?$/ }).optional(),
  kind: z.enum(SOURCE_KINDS).optional().meta({ description: 'Referrer sources only: what kind of place the source is.' }),
  hosts: z
    .array(z.string())
    .optional()
    .meta({
      description: `Referrer sources only: the recorded referrer hosts the row sums, most clicks first, at most ${SOURCE_HOSTS_MAX} (the values a \`referrer\` filter takes; \`referrer_source\` filters by the row's key).`,
    }),
  hosts_more: countSchema.optional().meta({
    description: `Referrer sources only: how many more hosts the row sums than \`hosts\` lists (the top ${SOURCE_HOSTS_MAX} by clicks); 0 when it lists them all.`,
  }),
  previous_clicks: countSchema.nullable().optional().meta({
    description:
      "With compare=previous only: the same key's clicks in the previous window (0 when none). In a time series of a window of local days: a day meets the day as many days back as the two windows start apart, an hour the same local clock time, a week (or a month of a window of days) the same days; in a window of instants (the last 24 hours) every bucket meets the span one window-length earlier; null where that span is not in the previous window or lies after where the comparison stops (`previous.to`).",
  }),
});

/** With compare=previous: the window just before (whole local days or months, else the same length), and its totals under the same filters; while this window still counts, up to the same point only. */
export const analyticsPreviousSchema = z.object({
  from: timeSchema,
  to: timeSchema.meta({
    description:
      "Where the comparison stops (exclusive): the report's `from`, or, while the report's window is still counting, the end of the hour matching the current one.",
  }),
  total: clickTotalsSchema,
});

export const analyticsSchema = z.object({
  group_by: z.enum(GROUP_BYS),
  from: timeSchema,
  to: timeSchema,
  interval: z.enum(['hour', 'day', 'week', 'month']).nullable(),
  timezone: z.string().min(1),
  total: clickTotalsSchema,
  previous: analyticsPreviousSchema.optional().meta({ description: 'With compare=previous only.' }),
  data: z.array(analyticsItemSchema),
});

const valueSchema = z.string().nullable();

/** One item of GET /v1/analytics/events and clickEvents(...), its fields in the contract's order (the CSV columns). */
export const clickEventSchema = z.object({
  timestamp: timeSchema,
  link_id: z.string(),
  short_url: z.url({ protocol: /^https?$/ }),
  country: valueSchema,
  continent: valueSchema,
  region: valueSchema,
  city: valueSchema,
  device: valueSchema,
  browser: valueSchema,
  os: valueSchema,
  referrer: valueSchema,
  referrer_url: valueSchema,
  utm_source: valueSchema,
  utm_medium: valueSchema,
  utm_campaign: valueSchema,
  utm_term: valueSchema,
  utm_content: valueSchema,
  trigger: valueSchema,
  language: valueSchema,
  variant: valueSchema,
});

export const clickEventListSchema = z.object({ data: z.array(clickEventSchema), next_cursor: z.string().nullable() });
