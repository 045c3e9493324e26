import { normalizeTags, TAGS_MAX } from './field-rules.js';
import { customDomainSchema, hostSchema, tagNameSchema } from './link-schemas.js';
import { SCOPES } from './scopes.js';
import { displayTextSchema } from './text.js';
import { z } from './zod.js';

/** PATCH /v1/tags/{name}: rename, or merge into an existing tag of that name. */
export const updateTagSchema = z.strictObject({ name: tagNameSchema });

/** POST /v1/domains. */
export const addDomainSchema = z.strictObject({ host: customDomainSchema });

export const keyNameSchema = displayTextSchema(1, 64);

export const scopeSchema = z.enum(SCOPES);

/** A list of scopes, as granted to a key (duplicates collapse). */
export const scopesSchema = z
  .array(scopeSchema)
  .min(1, 'must list at least one scope')
  .max(SCOPES.length * 2)
  .transform((v) => [...new Set(v)]);

export const KEY_DOMAINS_MAX = 50;

/** A restricted key's domains (duplicates collapse). */
export const keyDomainsSchema = z
  .array(hostSchema)
  .min(1, 'must list at least one domain')
  .max(KEY_DOMAINS_MAX, `must list at most ${KEY_DOMAINS_MAX} domains`)
  .transform((v) => [...new Set(v)]);

/** A restricted key's tags (duplicates collapse case-insensitively). */
export const keyTagsSchema = z
  .array(tagNameSchema)
  .min(1, 'must list at least one tag')
  .max(TAGS_MAX, `must list at most ${TAGS_MAX} tags`)
  .transform((v) => normalizeTags(v));

/** POST /v1/keys. */
export const createKeySchema = z.strictObject({
  name: keyNameSchema
    .meta({ default: 'default' })
    .nullish()
    .transform((v) => v ?? 'default'),
  // Absent: the creator's own scopes (every scope for an unrestricted key or the CLI).
  scopes: scopesSchema
    .meta({
      description: "What the key may do; default the creator's own scopes (all, for an unrestricted key). A key cannot be given a scope its creator lacks.",
    })
    .nullish(),
  domains: keyDomainsSchema
    .meta({ description: 'Restrict the key to links on these domains (the default domain or domains of the workspace); default any domain.' })
    .nullish(),
  tags: keyTagsSchema.meta({ description: 'Restrict the key to links carrying one of these tags; default any link.' }).nullish(),
});

/** PATCH /v1/workspace (an owner's settings). */
export const updateWorkspaceSchema = z.strictObject({
  require_2fa: z
    .boolean()
    .meta({ description: 'Members must have a second factor (authenticator app or passkey); those without get 403 two_factor_required here.' })
    .optional(),
});

/** DELETE /v1/workspace: the workspace's slug again, typed by whoever deletes it (docs/adr/0177). */
export const deleteWorkspaceSchema = z.strictObject({
  confirm: z.string().max(100).meta({ description: "The workspace's slug, to confirm: everything it holds is deleted for good." }),
});

export const PLANS = ['standard', 'advanced', 'custom'] as const;
export type Plan = (typeof PLANS)[number];

export const workspaceSlugSchema = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, 'must be 1 to 40 lower-case letters, digits or inner hyphens');

export const rpmSchema = z.coerce.number().int('must be a whole number').min(1).max(1_000_000);
