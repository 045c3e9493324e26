import { COUNTRY_CODES } from './countries.js';
import { ALIAS_MAX, aliasProblems, customDomainProblems, GEO_MAX, normalizeHost, normalizeTags, TAG_MAX, TAGS_MAX } from './field-rules.js';
import { EXTERNAL_ID_MAX } from './link-limits.js';
import { LINK_SORTS } from './list-cursor.js';
import { ALIAS_PATTERN, CUSTOM_DOMAIN_PATTERN, HOST_PATTERN } from './patterns.js';
import { previewSchema } from './preview-schemas.js';
import { rulesSchema } from './rule-schemas.js';
import { displayTextSchema } from './text.js';
import { urlMapSchema, urlRule, urlSchema } from './urls.js';
import { utmSchema } from './utm-schemas.js';
import { variantsSchema } from './variant-schemas.js';
import { z } from './zod.js';

/**
 * One zod schema per input: GraphQL resolvers, the REST edge, the CLI, the OpenAPI document and the
 * SDK types use these. Where a rule is a refinement, `.meta()` states it for the OpenAPI document.
 */

export const hostSchema = z
  .string()
  .transform((v, ctx) => {
    const r = normalizeHost(v);
    if ('problem' in r) {
      ctx.addIssue({ code: 'custom', message: r.problem });
      return z.NEVER;
    }
    return r.host;
  })
  .meta({ minLength: 1, maxLength: 253, pattern: HOST_PATTERN });

/** A tenant's custom domain (POST /v1/domains): a host name as above, never a loopback name or an IP literal. */
export const customDomainSchema = z
  .string()
  .transform((v, ctx) => {
    const r = normalizeHost(v);
    const problems = 'problem' in r ? [r.problem] : customDomainProblems(r.host);
    for (const message of problems) ctx.addIssue({ code: 'custom', message });
    return problems.length > 0 ? z.NEVER : (r as { host: string }).host;
  })
  .meta({ minLength: 1, maxLength: 253, pattern: CUSTOM_DOMAIN_PATTERN });

export const aliasSchema = z
  .string()
  .superRefine((v, ctx) => {
    for (const message of aliasProblems(v)) ctx.addIssue({ code: 'custom', message });
  })
  .meta({ minLength: 1, maxLength: ALIAS_MAX, pattern: ALIAS_PATTERN });

export const COUNTRY_MESSAGE = 'is not an officially assigned ISO 3166-1 alpha-2 country code in upper case';

/** The country -> URL map; documented as one optional property per officially assigned code. */
export const geoMapSchema = urlMapSchema([...COUNTRY_CODES].sort(), COUNTRY_MESSAGE, GEO_MAX);

export const geoTargetingSchema = geoMapSchema.nullable().transform((v) => v ?? {});

export const tagNameSchema = displayTextSchema(1, TAG_MAX);

export const tagsSchema = z
  .array(tagNameSchema)
  .max(TAGS_MAX, `must have at most ${TAGS_MAX} tags`)
  .nullable()
  .transform((v) => normalizeTags(v ?? []));

export const TITLE_MAX = 200;
export { EXTERNAL_ID_MAX };
export const MAX_CLICKS_MAX = 2_147_483_647;
export const DEVICES_TARGETED = ['android', 'ios'] as const;
export type DeviceTargeting = Partial<Record<(typeof DEVICES_TARGETED)[number], string>>;

export const externalIdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(EXTERNAL_ID_MAX, `must be at most ${EXTERNAL_ID_MAX} characters`)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII characters without spaces');

export const expiresAtSchema = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time with an offset (e.g. 2026-12-31T23:59:59Z)' })
  .transform((v) => new Date(v));

/** The destination rule, stated inline in the document (a nullable $ref would hide its bounds). */
export const expiredUrlSchema = urlRule();

export const maxClicksSchema = z.int({ error: 'must be a whole number' }).min(1, 'must be at least 1').max(MAX_CLICKS_MAX, `must be at most ${MAX_CLICKS_MAX}`);

export const passwordSchema = z
  .string()
  .superRefine((v, ctx) => {
    const n = [...v].length;
    if (n < 4) ctx.addIssue({ code: 'custom', message: 'must be at least 4 characters' });
    if (n > 128) ctx.addIssue({ code: 'custom', message: 'must be at most 128 characters' });
  })
  .meta({ minLength: 4, maxLength: 128, writeOnly: true });

export const deviceMapSchema = urlMapSchema(DEVICES_TARGETED, 'is not a device; use ios or android');
export const deviceTargetingSchema = deviceMapSchema.nullable().transform((v): DeviceTargeting => v ?? {});

/**
 * A link id in a path or `link(id)`: `lnk_…`, or `ext_<external_id>` (URL-encoded in paths). Any
 * other string is looked up too and answers 404 (nothing about ids is revealed by a 400).
 */
export const linkIdParamSchema = z
  .string()
  // Empty is no link at all: as a filter (analytics' link_id=) it must not read as "every link".
  .min(1, 'must not be empty')
  .max(4 + EXTERNAL_ID_MAX)
  .meta({
    pattern: '^(lnk_[0-9A-Za-z]{1,64}|ext_[\\x21-\\x7e]{1,255})$',
    description: 'A link id (lnk_…) or ext_ followed by its external_id (URL-encoded); any other value answers 404.',
  });

export const linkStatusSchema = z.enum(['active', 'expired', 'exhausted']);
/** The `health` filter of a link list: only broken links (the one value that selects anything useful). */
export const LINK_HEALTH_FILTERS = ['broken'] as const;
export type LinkStatus = z.output<typeof linkStatusSchema>;

const linkFields = {
  destination: urlSchema,
  domain: hostSchema,
  alias: aliasSchema,
  geo_targeting: geoTargetingSchema,
  tags: tagsSchema,
};

/** The link's behaviour fields (title to preview); null clears each. */
const behaviourFields = {
  title: displayTextSchema(1, TITLE_MAX).nullable().optional(),
  external_id: externalIdSchema.nullable().optional(),
  expires_at: expiresAtSchema.nullable().optional(),
  expired_url: expiredUrlSchema.nullable().optional(),
  max_clicks: maxClicksSchema.nullable().optional(),
  password: passwordSchema.nullable().optional(),
  device_targeting: deviceTargetingSchema.optional(),
  rules: rulesSchema.optional(),
  variants: variantsSchema.optional(),
  utm: utmSchema.optional(),
  preview: previewSchema.optional(),
};

/** POST /v1/links, createLink. */
export const createLinkSchema = z.strictObject({
  destination: linkFields.destination,
  domain: linkFields.domain.nullish(),
  alias: linkFields.alias.nullish(),
  geo_targeting: linkFields.geo_targeting.optional(),
  tags: linkFields.tags.optional(),
  ...behaviourFields,
});
export type CreateLinkInput = z.output<typeof createLinkSchema>;

/** PATCH /v1/links/{id}, updateLink: any subset; null clears geo_targeting and tags. */
export const updateLinkSchema = z.strictObject({
  destination: linkFields.destination.optional(),
  domain: linkFields.domain.optional(),
  alias: linkFields.alias.optional(),
  geo_targeting: linkFields.geo_targeting.optional(),
  tags: linkFields.tags.optional(),
  ...behaviourFields,
});
export type UpdateLinkInput = z.output<typeof updateLinkSchema>;

/** What a cursor the service hands out (next_cursor) looks like; the service decodes it (invalid_cursor). */
export const CURSOR_FORM = { minLength: 1, maxLength: 512, pattern: '^[A-Za-z0-9_-]+$' };

/** A whole number, from GraphQL as a number or from a query string as decimal digits. */
export const intParam = (min: number, max: number, byDefault: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
    z.int({ error: 'must be a whole number' }).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).meta({ default: byDefault }),
  );

/** GET /v1/links, links(...). */
export const listLinksSchema = z.strictObject({
  limit: intParam(1, 100, 20)
    .nullish()
    .transform((v) => v ?? 20),
  // A malformed or overlong one is the service's invalid_cursor, not validation_failed; an empty one reads as no cursor, so it is refused here.
  cursor: z.string().min(1, 'must not be empty (leave it out for the first page)').meta(CURSOR_FORM).nullish(),
  tag: tagNameSchema.nullish(),
  domain: hostSchema.nullish(),
  q: z.string().max(256, 'must be at most 256 characters').nullish(),
  status: linkStatusSchema.nullish(),
  external_id: externalIdSchema.nullish(),
  sort: z
    .enum(LINK_SORTS)
    .meta({ default: 'newest', description: 'newest (default), oldest, alias (A-Z) or clicks (most first; up to 10,000 matching links).' })
    .nullish(),
  health: z.enum(LINK_HEALTH_FILTERS, { error: 'must be broken (the links whose destinations failed two checks in a row)' }).nullish(),
});
export type ListLinksInput = z.output<typeof listLinksSchema>;

/** GET /v1/links/count, linkCount(...): the list's filters. */
export const countLinksSchema = listLinksSchema.omit({ limit: true, cursor: true, sort: true });

const isoDate = z.iso.date({ error: 'must be an ISO date (YYYY-MM-DD) that exists' });

/** GET /v1/links/{id}/stats, linkStats(...). Defaults (last 30 days) are applied by the service. */
export const statsQuerySchema = z
  .strictObject({ from: isoDate.nullish(), to: isoDate.nullish() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'must not be after "to"', path: ['from'] });
export type StatsQueryInput = z.output<typeof statsQuerySchema>;
