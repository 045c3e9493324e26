import { appleAppSiteAssociationSchema, assetlinksSchema } from './domain-settings-schemas.js';
import { TAG_MAX } from './field-rules.js';
import { prefixedIdSchema } from './ids.js';
import { countSchema, storedHostSchema, timeSchema } from './link-outputs.js';
import { PLANS, scopeSchema, workspaceSlugSchema } from './resource-schemas.js';
import { visibleTextSchema } from './text.js';
import { urlRule } from './urls.js';
import { z } from './zod.js';

/** What the API returns about tags, domains, keys and the workspace (see link-outputs.ts). */

export const tagSchema = z.object({ name: visibleTextSchema(1, TAG_MAX), links: countSchema, created_at: timeSchema });
export const tagListSchema = z.object({ data: z.array(tagSchema) });

export const domainSchema = z.object({
  host: storedHostSchema,
  created_at: timeSchema,
  root_url: urlRule().nullable(),
  not_found_url: urlRule().nullable(),
  expired_url: urlRule().nullable(),
  crawlable: z.boolean(),
  apple_app_site_association: appleAppSiteAssociationSchema.nullable(),
  assetlinks: assetlinksSchema.nullable(),
});
export const domainListSchema = z.object({ data: z.array(domainSchema) });

export const apiKeySchema = z.object({
  id: prefixedIdSchema('key'),
  name: visibleTextSchema(1, 64),
  created_at: timeSchema,
  expires_at: timeSchema,
  last_used_at: timeSchema.nullable(),
  revoked_at: timeSchema.nullable(),
  scopes: z.array(scopeSchema),
  domains: z.array(storedHostSchema).nullable(),
  tags: z.array(visibleTextSchema(1, TAG_MAX)).nullable(),
});
export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) });

export const API_KEY_PATTERN = '^lsk_live_[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$';
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string().regex(new RegExp(API_KEY_PATTERN)) });

/** The plans, as a named type for the SDKs (Workspace.plan states the same enum inline, as it always has). */
export const planSchema = z.enum(PLANS);

export const workspaceSchema = z.object({
  id: prefixedIdSchema('wsp'),
  slug: workspaceSlugSchema,
  plan: z.enum(PLANS),
  rate_limit_rpm: z.int32().min(1),
  require_2fa: z.boolean(),
});
