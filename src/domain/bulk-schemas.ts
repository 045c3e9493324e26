import { TAGS_MAX } from './field-rules.js';
import { createLinkSchema, tagNameSchema, updateLinkSchema } from './link-schemas.js';
import { z } from './zod.js';

/** At most this many links per bulk call (and per chunk of a CSV import). */
export const BULK_MAX = 100;

const count = (what: string) => ({ min: `must list at least one ${what}`, max: `must list at most ${BULK_MAX} ${what}s` });

/** Link ids of a bulk call: 1..100, each once. */
export const bulkIdsSchema = z
  .array(z.string().min(1, 'must not be empty').max(256, 'must be at most 256 characters'))
  .min(1, count('id').min)
  .max(BULK_MAX, count('id').max)
  .refine((ids) => new Set(ids).size === ids.length, 'must not list an id twice')
  .meta({ uniqueItems: true });

/**
 * POST /v1/links/bulk, createLinks: the edge checks only the list; each item is checked on its own
 * with createLinkSchema by the service, so one bad item fails alone (its error in its place).
 */
export const bulkCreateSchema = z.strictObject({
  links: z.array(z.unknown()).min(1, count('link').min).max(BULK_MAX, count('link').max),
});

/** The same body as the API reference documents it: every item a createLink body. */
export const bulkCreateDocSchema = z.strictObject({
  links: z.array(createLinkSchema).min(1).max(BULK_MAX),
});

const tagList = z.array(tagNameSchema).max(TAGS_MAX, `must have at most ${TAGS_MAX} tags`);

/** PATCH /v1/links/bulk, updateLinks: one patch (any updateLink fields) for every id, then tags added and removed. */
export const bulkUpdateSchema = z.strictObject({
  ids: bulkIdsSchema,
  patch: updateLinkSchema.nullish(),
  add_tags: tagList.nullish(),
  remove_tags: tagList.nullish(),
});

/** deleteLinks(ids). */
export const bulkDeleteSchema = z.strictObject({ ids: bulkIdsSchema });

const IDS_IN_QUERY = /^[!-$&-+\--~]{1,40}(,[!-$&-+\--~]{1,40}){0,99}$/;

/** DELETE /v1/links/bulk?ids=lnk_a,lnk_b: the same ids, comma-separated. */
export const bulkDeleteQuerySchema = z.strictObject({
  ids: z
    .string()
    // Visible ASCII ids of at most 40 characters without % or comma: 100 of them, even percent-encoded, stay
    // within the 16 KB a request line may have (other ext_ ids: one by one, or deleteLinks in GraphQL).
    .regex(IDS_IN_QUERY, 'must be 1 to 100 comma-separated ids of at most 40 visible ASCII characters other than %')
    // A repeated id in the query string is the same id (deleted once).
    .transform((v) => [...new Set(v.split(','))])
    .pipe(bulkIdsSchema)
    .meta({ description: 'Comma-separated link ids, 1 to 100, each at most 40 visible ASCII characters other than %.', pattern: IDS_IN_QUERY.source }),
});
