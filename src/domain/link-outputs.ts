import { TAG_MAX, TAGS_MAX } from './field-rules.js';
import { prefixedIdSchema } from './ids.js';
import {
  aliasSchema,
  deviceMapSchema,
  expiredUrlSchema,
  externalIdSchema,
  geoMapSchema,
  linkStatusSchema,
  maxClicksSchema,
  TITLE_MAX,
} from './link-schemas.js';
import { COUNTRY_PATTERN, STORED_HOST_PATTERN } from './patterns.js';
import { PREVIEW_DESCRIPTION_MAX, PREVIEW_TITLE_MAX, previewImageSchema } from './preview-schemas.js';
import { linkRuleSchema, RULES_MAX } from './rule-schemas.js';
import { visibleTextSchema } from './text.js';
import { urlSchema } from './urls.js';
import { UTM_KEYS, UTM_VALUE_MAX } from './utm-schemas.js';
import { variantsSchema } from './variant-schemas.js';
import { z } from './zod.js';

/**
 * What the API returns about links, as zod schemas: the OpenAPI document's response schemas and the
 * API tests' response checks. Field descriptions come from the GraphQL schema, which serves them.
 */

export const timeSchema = z.iso.datetime({ precision: 3, error: 'must be an ISO 8601 UTC time with milliseconds' });
export const dateSchema = z.iso.date({ error: 'must be an ISO date (YYYY-MM-DD)' });
export const countSchema = z.int32().min(0);
export const storedHostSchema = z.string().regex(new RegExp(STORED_HOST_PATTERN), 'must be a lower-case host name');
export const linkIdSchema = prefixedIdSchema('lnk');

/** What the checks of a link's targets found (destination_health.status). */
export const HEALTH_STATUSES = ['ok', 'broken', 'unknown'] as const;

export const linkSchema = z.object({
  id: linkIdSchema,
  short_url: z.url({ protocol: /^https?$/ }),
  domain: storedHostSchema,
  alias: aliasSchema,
  destination: urlSchema,
  geo_targeting: geoMapSchema,
  tags: z.array(visibleTextSchema(1, TAG_MAX)).max(TAGS_MAX),
  clicks: countSchema,
  created_at: timeSchema,
  updated_at: timeSchema,
  title: visibleTextSchema(1, TITLE_MAX).nullable(),
  external_id: externalIdSchema.nullable(),
  expires_at: timeSchema.nullable(),
  expired_url: expiredUrlSchema.nullable(),
  max_clicks: maxClicksSchema.nullable(),
  password_protected: z.boolean(),
  device_targeting: deviceMapSchema,
  status: linkStatusSchema,
  rules: z.array(linkRuleSchema).min(1).max(RULES_MAX).nullable(),
  variants: variantsSchema,
  utm: z.object(Object.fromEntries(UTM_KEYS.map((k) => [k, visibleTextSchema(1, UTM_VALUE_MAX).optional()]))).nullable(),
  preview: z
    .object({
      title: visibleTextSchema(1, PREVIEW_TITLE_MAX).optional(),
      description: visibleTextSchema(1, PREVIEW_DESCRIPTION_MAX).optional(),
      image: previewImageSchema.optional(),
    })
    .nullable(),
  destination_health: z.object({
    status: z.enum(HEALTH_STATUSES),
    http_status: z.int().min(100).max(599).nullable(),
    checked_at: timeSchema.nullable(),
  }),
});

/** A page's next_cursor: pass it back as `cursor`; null on the last page. */
export const nextCursorSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,512}$/)
  .nullable();

export const linkListSchema = z.object({
  data: z.array(linkSchema).max(100),
  next_cursor: nextCursorSchema,
});

/** GET /v1/links/count. */
export const linkCountSchema = z.object({ total: countSchema.nullable() });

export const DEVICES = ['desktop', 'mobile', 'tablet', 'other'] as const;

export const dayClicksSchema = z.object({ date: dateSchema, clicks: countSchema });
export const countryClicksSchema = z.object({ country: z.string().regex(new RegExp(COUNTRY_PATTERN)), clicks: countSchema });
export const referrerClicksSchema = z.object({ host: z.string().min(1), clicks: countSchema });
export const deviceClicksSchema = z.object({ device: z.enum(DEVICES), clicks: countSchema });
export const browserClicksSchema = z.object({ browser: z.string().min(1), clicks: countSchema });
export const osClicksSchema = z.object({ os: z.string().min(1), clicks: countSchema });

export const linkStatsSchema = z.object({
  link_id: linkIdSchema,
  from: dateSchema,
  to: dateSchema,
  clicks: countSchema,
  bots: countSchema,
  by_day: z.array(dayClicksSchema),
  by_country: z.array(countryClicksSchema),
  by_referrer: z.array(referrerClicksSchema),
  by_device: z.array(deviceClicksSchema),
  by_browser: z.array(browserClicksSchema),
  by_os: z.array(osClicksSchema),
});
