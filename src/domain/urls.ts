import { URL_MAX, urlProblems } from './field-rules.js';
import { HTTP_URL_PATTERN } from './patterns.js';
import { RESERVED_KEY_MESSAGE, RESERVED_KEYS } from './validate.js';
import { z } from './zod.js';

/** The target URL rule as a new schema (a schema of its own is stated inline in the OpenAPI document, not as the HttpUrl $ref). */
export const urlRule = () =>
  z
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

/** A target URL (destination, geo and device targets). */
export const urlSchema = urlRule();

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A map from a fixed set of keys to target URLs (geo_targeting; device_targeting later), read from
 * the input's own keys: zod's object and record parsing skip a `__proto__` key silently, and this
 * rule refuses it (and `constructor`, `prototype`) by name, every other unknown key with
 * `keyMessage`, and more than `max` entries. Documented as one optional property per key.
 */
export function urlMapSchema(keys: readonly string[], keyMessage: string, max = keys.length) {
  const allowed = new Set(keys);
  return z
    .custom<Record<string, unknown>>(isObject, { error: 'must be an object' })
    .superRefine((map, ctx) => {
      const given = Object.keys(map);
      if (given.length > max) ctx.addIssue({ code: 'custom', message: `must have at most ${max} entries` });
      for (const key of given) {
        if (RESERVED_KEYS.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: RESERVED_KEY_MESSAGE });
        else if (!allowed.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: keyMessage });
        const value = map[key];
        const problems = typeof value === 'string' ? urlProblems(value) : [value === null ? 'must not be null' : 'must be a string'];
        for (const message of problems) ctx.addIssue({ code: 'custom', path: [key], message });
      }
    })
    .transform((v) => ({ ...v }) as Record<string, string>)
    .meta({
      type: 'object',
      properties: Object.fromEntries(keys.map((k) => [k, { type: 'string', ...urlSchema.meta() }])),
      additionalProperties: false,
      'x-lsk-map': true,
    });
}
