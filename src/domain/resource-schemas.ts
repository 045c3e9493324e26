import { hostSchema, tagNameSchema } from './link-schemas.js';
import { displayTextSchema } from './text.js';
import { z } from './zod.js';

/** PATCH /v1/tags/{name}: rename, or merge into an existing tag of that name. */
export const updateTagSchema = z.strictObject({ name: tagNameSchema });

/** POST /v1/domains. */
export const addDomainSchema = z.strictObject({ host: hostSchema });

export const keyNameSchema = displayTextSchema(1, 64);

/** POST /v1/keys. */
export const createKeySchema = z.strictObject({
  name: keyNameSchema
    .meta({ default: 'default' })
    .nullish()
    .transform((v) => v ?? 'default'),
});

export const PLANS = ['standard', 'advanced', 'custom'] as const;
export type Plan = (typeof PLANS)[number];

export const workspaceSlugSchema = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, 'must be 1 to 40 lower-case letters, digits or inner hyphens');

export const rpmSchema = z.coerce.number().int('must be a whole number').min(1).max(1_000_000);
