import { urlRule } from './urls.js';
import { RESERVED_KEY_MESSAGE, RESERVED_KEYS } from './validate.js';
import { z } from './zod.js';

/**
 * Per-domain settings (PATCH /v1/domains/{domain}, updateDomain): where `/`, unknown aliases and
 * expired links go, whether search engines may index the domain, and the app-link files served at
 * /.well-known/. Each optional; null clears (back to the service's default).
 */

/** The app-link files are served as given; this bounds them (Apple caps its file at 128 KB). */
export const APP_FILE_MAX_BYTES = 64 * 1024;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Refuses keys that name parts of JavaScript's object model, at any depth. */
function reservedKeyPaths(v: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) reservedKeyPaths(x, [...path, i], out);
  } else if (isObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (RESERVED_KEYS.has(k)) out.push([...path, k]);
      else reservedKeyPaths(x, [...path, k], out);
    }
  }
  return out;
}

const jsonFile = <T>(check: (v: unknown) => v is T, message: string, meta: Record<string, unknown>) =>
  z
    .custom<T>(check, { error: message })
    .superRefine((v, ctx) => {
      for (const path of reservedKeyPaths(v)) ctx.addIssue({ code: 'custom', path, message: RESERVED_KEY_MESSAGE });
      if (Buffer.byteLength(JSON.stringify(v)) > APP_FILE_MAX_BYTES) {
        ctx.addIssue({ code: 'custom', message: `must be at most ${APP_FILE_MAX_BYTES} bytes as JSON` });
      }
    })
    .meta(meta);

export const appleAppSiteAssociationSchema = jsonFile(isObject, 'must be a JSON object', {
  type: 'object',
  additionalProperties: true,
  description: 'Served as /.well-known/apple-app-site-association (application/json), as given; at most 64 KiB.',
});

export const ASSETLINKS_MAX = 100;

export const assetlinksSchema = jsonFile(
  (v): v is unknown[] => Array.isArray(v) && v.length <= ASSETLINKS_MAX && v.every(isObject),
  `must be a JSON array of at most ${ASSETLINKS_MAX} statements (objects)`,
  {
    type: 'array',
    maxItems: ASSETLINKS_MAX,
    items: { type: 'object', additionalProperties: true },
    description: 'Served as /.well-known/assetlinks.json (application/json), as given; at most 64 KiB.',
  },
);

export const updateDomainSchema = z.strictObject({
  root_url: urlRule().nullable().optional(),
  not_found_url: urlRule().nullable().optional(),
  expired_url: urlRule().nullable().optional(),
  crawlable: z.boolean().nullable().optional(),
  apple_app_site_association: appleAppSiteAssociationSchema.nullable().optional(),
  assetlinks: assetlinksSchema.nullable().optional(),
});
export type UpdateDomainInput = z.output<typeof updateDomainSchema>;
