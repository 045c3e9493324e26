import { ERROR_STATUS, type ErrorCode } from './errors.js';
import { linkIdSchema, linkSchema } from './link-outputs.js';
import { z } from './zod.js';

const itemErrorSchema = z.object({
  code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
  message: z.string().min(1),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** One item of a bulk answer: the link, or why that item failed. */
export const bulkLinkResultSchema = z
  .union([z.strictObject({ link: linkSchema }), z.strictObject({ error: itemErrorSchema })])
  .meta({ type: 'object', description: 'Either {link} or {error}.' });

/** POST and PATCH /v1/links/bulk: one result per item, in request order. */
export const bulkLinkResultsSchema = z.object({ data: z.array(bulkLinkResultSchema).min(1).max(100) });

/** DELETE /v1/links/bulk. */
export const bulkDeleteResultSchema = z.object({ deleted: z.array(linkIdSchema).max(100), not_found: z.array(z.string()).max(100) });
