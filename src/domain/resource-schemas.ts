import { z } from 'zod';
import { hostSchema, tagNameSchema } from './link-schemas.js';

/** PATCH /v1/tags/{name}: rename, or merge into an existing tag of that name. */
export const updateTagSchema = z.strictObject({ name: tagNameSchema });

/** POST /v1/domains. */
export const addDomainSchema = z.strictObject({ host: hostSchema });

export const keyNameSchema = z
  .string()
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, 'must not be empty')
      .max(64, 'must be at most 64 characters')
      .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
  );

/** POST /v1/keys. */
export const createKeySchema = z.strictObject({ name: keyNameSchema.nullish().transform((v) => v ?? 'default') });

export const PLANS = ['standard', 'advanced', 'custom'] as const;
export type Plan = (typeof PLANS)[number];

export const workspaceSlugSchema = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, 'must be 1 to 40 lower-case letters, digits or inner hyphens');

export const rpmSchema = z.coerce.number().int('must be a whole number').min(1).max(1_000_000);
