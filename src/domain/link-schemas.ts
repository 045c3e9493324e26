import { z } from 'zod';
import { isCountryCode } from './countries.js';
import { aliasProblems, GEO_MAX, normalizeHost, normalizeTags, TAG_MAX, TAGS_MAX, urlProblems } from './rules.js';

/** One zod schema per input: GraphQL resolvers, the REST edge, the CLI and the SDK types use these. */

export const urlSchema = z.string().superRefine((v, ctx) => {
  for (const message of urlProblems(v)) ctx.addIssue({ code: 'custom', message });
});

export const hostSchema = z.string().transform((v, ctx) => {
  const r = normalizeHost(v);
  if ('problem' in r) {
    ctx.addIssue({ code: 'custom', message: r.problem });
    return z.NEVER;
  }
  return r.host;
});

export const aliasSchema = z.string().superRefine((v, ctx) => {
  for (const message of aliasProblems(v)) ctx.addIssue({ code: 'custom', message });
});

export const geoTargetingSchema = z
  .record(z.string(), urlSchema)
  .nullable()
  .superRefine((v, ctx) => {
    if (!v) return;
    const keys = Object.keys(v);
    if (keys.length > GEO_MAX) ctx.addIssue({ code: 'custom', message: `at most ${GEO_MAX} countries` });
    for (const k of keys) {
      if (!isCountryCode(k)) {
        ctx.addIssue({
          code: 'custom',
          path: [k],
          message: 'not an officially assigned ISO 3166-1 alpha-2 country code in upper case',
        });
      }
    }
  })
  .transform((v) => v ?? {});

export const tagNameSchema = z
  .string()
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, 'must not be empty')
      .max(TAG_MAX, `must be at most ${TAG_MAX} characters`)
      .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
  );

export const tagsSchema = z
  .array(tagNameSchema)
  .max(TAGS_MAX, `at most ${TAGS_MAX} tags`)
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

const intParam = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,6}$/, 'must be a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** GET /v1/links, links(...). */
export const listLinksSchema = z.strictObject({
  limit: intParam(1, 100)
    .nullish()
    .transform((v) => v ?? 20),
  // Any string: a malformed or overlong one is the service's invalid_cursor, not validation_failed.
  cursor: z.string().nullish(),
  tag: tagNameSchema.nullish(),
  domain: hostSchema.nullish(),
  q: z.string().max(256, 'must be at most 256 characters').nullish(),
});
export type ListLinksInput = z.output<typeof listLinksSchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be an ISO date (YYYY-MM-DD)')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'must be a real date');

/** GET /v1/links/{id}/stats, linkStats(...). Defaults (last 30 days) are applied by the service. */
export const statsQuerySchema = z
  .strictObject({ from: isoDate.nullish(), to: isoDate.nullish() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: '"from" must not be after "to"', path: ['from'] });
export type StatsQueryInput = z.output<typeof statsQuerySchema>;
