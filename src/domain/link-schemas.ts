import { COUNTRY_CODES } from './countries.js';
import { ALIAS_PATTERN, HOST_PATTERN, HTTP_URL_PATTERN } from './patterns.js';
import { ALIAS_MAX, aliasProblems, GEO_MAX, normalizeHost, normalizeTags, TAG_MAX, TAGS_MAX, URL_MAX, urlProblems } from './rules.js';
import { displayTextSchema } from './text.js';
import { RESERVED_KEYS, reservedKeyMessage } from './validate.js';
import { z } from './zod.js';

/**
 * One zod schema per input: GraphQL resolvers, the REST edge, the CLI, the OpenAPI document and the
 * SDK types use these. Where a rule is a refinement, `.meta()` states it for the OpenAPI document.
 */

export const urlSchema = z
  .string()
  .superRefine((v, ctx) => {
    for (const message of urlProblems(v)) ctx.addIssue({ code: 'custom', message });
  })
  .meta({
    // An IRI (RFC 3987), not only a URI: non-ASCII characters are kept as given (and searched by `q`).
    format: 'iri',
    maxLength: URL_MAX,
    pattern: HTTP_URL_PATTERN,
    description:
      'Absolute http or https URL with a host, at most 8,192 characters, without spaces or control characters; ' +
      'non-ASCII characters are kept as given. The pattern shows the common form; IPv6 and IDN hosts and user info are accepted too.',
  });

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

export const aliasSchema = z
  .string()
  .superRefine((v, ctx) => {
    for (const message of aliasProblems(v)) ctx.addIssue({ code: 'custom', message });
  })
  .meta({ minLength: 1, maxLength: ALIAS_MAX, pattern: ALIAS_PATTERN });

export const COUNTRY_MESSAGE = 'not an officially assigned ISO 3166-1 alpha-2 country code in upper case';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every problem of a country -> URL map, read from its own keys: zod's object and record parsing
 * skip a `__proto__` key silently, and this rule refuses it (and `constructor`, `prototype`) by name.
 */
function geoProblems(map: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const keys = Object.keys(map);
  if (keys.length > GEO_MAX) ctx.addIssue({ code: 'custom', message: `must have at most ${GEO_MAX} entries` });
  for (const key of keys) {
    if (RESERVED_KEYS.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: reservedKeyMessage(key) });
    else if (!COUNTRY_CODES.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: COUNTRY_MESSAGE });
    const value = map[key];
    const problems = typeof value === 'string' ? urlProblems(value) : [value === null ? 'must not be null' : 'must be a string'];
    for (const message of problems) ctx.addIssue({ code: 'custom', path: [key], message });
  }
}

const urlJson = { type: 'string', ...urlSchema.meta() };

/** The country -> URL map; documented as one optional property per officially assigned code. */
export const geoMapSchema = z
  .custom<Record<string, unknown>>(isObject, { error: 'must be an object' })
  .superRefine(geoProblems)
  .transform((v) => ({ ...v }) as Record<string, string>)
  .meta({
    type: 'object',
    properties: Object.fromEntries([...COUNTRY_CODES].sort().map((c) => [c, { ...urlJson }])),
    additionalProperties: false,
    'x-lsk-map': true,
  });

export const geoTargetingSchema = geoMapSchema.nullable().transform((v) => v ?? {});

export const tagNameSchema = displayTextSchema(1, TAG_MAX);

export const tagsSchema = z
  .array(tagNameSchema)
  .max(TAGS_MAX, `must have at most ${TAGS_MAX} tags`)
  .nullable()
  .transform((v) => normalizeTags(v ?? []));

const linkFields = {
  destination: urlSchema,
  domain: hostSchema,
  alias: aliasSchema,
  geo_targeting: geoTargetingSchema,
  tags: tagsSchema,
};

/** POST /v1/links, createLink. */
export const createLinkSchema = z.strictObject({
  destination: linkFields.destination,
  domain: linkFields.domain.nullish(),
  alias: linkFields.alias.nullish(),
  geo_targeting: linkFields.geo_targeting.optional(),
  tags: linkFields.tags.optional(),
});
export type CreateLinkInput = z.output<typeof createLinkSchema>;

/** PATCH /v1/links/{id}, updateLink: any subset; null clears geo_targeting and tags. */
export const updateLinkSchema = z.strictObject({
  destination: linkFields.destination.optional(),
  domain: linkFields.domain.optional(),
  alias: linkFields.alias.optional(),
  geo_targeting: linkFields.geo_targeting.optional(),
  tags: linkFields.tags.optional(),
});
export type UpdateLinkInput = z.output<typeof updateLinkSchema>;

/** What a cursor the service hands out (next_cursor) looks like; the service decodes it (invalid_cursor). */
const CURSOR_FORM = { minLength: 1, maxLength: 512, pattern: '^[A-Za-z0-9_-]+$' };

/** A whole number, from GraphQL as a number or from a query string as decimal digits. */
const intParam = (min: number, max: number, byDefault: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
    z.int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).meta({ default: byDefault }),
  );

/** GET /v1/links, links(...). */
export const listLinksSchema = z.strictObject({
  limit: intParam(1, 100, 20)
    .nullish()
    .transform((v) => v ?? 20),
  // Any string: a malformed or overlong one is the service's invalid_cursor, not validation_failed.
  cursor: z.string().meta(CURSOR_FORM).nullish(),
  tag: tagNameSchema.nullish(),
  domain: hostSchema.nullish(),
  q: z.string().max(256, 'must be at most 256 characters').nullish(),
});
export type ListLinksInput = z.output<typeof listLinksSchema>;

const isoDate = z.iso.date({ error: 'must be an ISO date (YYYY-MM-DD) that exists' });

/** GET /v1/links/{id}/stats, linkStats(...). Defaults (last 30 days) are applied by the service. */
export const statsQuerySchema = z
  .strictObject({ from: isoDate.nullish(), to: isoDate.nullish() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'must not be after "to"', path: ['from'] });
export type StatsQueryInput = z.output<typeof statsQuerySchema>;
