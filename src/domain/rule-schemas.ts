import { parseCidr } from './cidr.js';
import { CONTINENT_CODES } from './continents.js';
import { COUNTRY_CODES } from './countries.js';
import { urlRule } from './urls.js';
import { RESERVED_KEY_MESSAGE, RESERVED_KEYS } from './validate.js';
import { z } from './zod.js';

/**
 * A link's redirect rules: an ordered list of `{"if": {conditions}, "to": URL}`; the first rule whose
 * conditions all hold sends the visitor to its `to` (src/redirect/rules compiles them). Values of the
 * named lists are matched case-insensitively and are kept as given.
 */

export const RULES_MAX = 50;
export const RULE_VALUES_MAX = 100;
export const RULE_QUERY_MAX = 20;

const list = (item: z.ZodType<string>, what: string) =>
  z.array(item).min(1, `must list at least one ${what}`).max(RULE_VALUES_MAX, `must list at most ${RULE_VALUES_MAX} values`);

/** A pattern matching exactly these words, each letter in either case (JSON Schema patterns have no flags). */
const anyCase = (words: readonly string[]) =>
  `^(?:${words.map((w) => [...w].map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c)).join('')).join('|')})$`;

/** A code from a fixed set, in any case (kept as given). */
const codeOf = (allowed: ReadonlySet<string>, message: string, documented: readonly string[]) =>
  z
    .string()
    .superRefine((v, ctx) => {
      if (!allowed.has(v.toUpperCase())) ctx.addIssue({ code: 'custom', message });
    })
    .meta({ pattern: anyCase(documented) });

const name = (max: number, pattern: string, message: string) => z.string().regex(new RegExp(pattern), message).max(max).meta({ maxLength: max });

export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet'] as const;

const country = codeOf(COUNTRY_CODES, 'is not an officially assigned ISO 3166-1 alpha-2 country code', [...COUNTRY_CODES].sort());
const continent = codeOf(CONTINENT_CODES, `is not a continent code (${[...CONTINENT_CODES].join(', ')})`, [...CONTINENT_CODES]);
const region = name(6, '^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$', 'must be an ISO 3166-2 subdivision code, e.g. DE-BE');
const device = codeOf(new Set(DEVICE_CLASSES.map((d) => d.toUpperCase())), `must be one of: ${DEVICE_CLASSES.join(', ')}`, DEVICE_CLASSES);
/** Browser and OS families as analytics names them (bowser's names: "Chrome", "Microsoft Edge", "iOS"...). */
const family = name(64, '^[^\\u0000-\\u001f\\u007f]{1,64}$', 'must be 1 to 64 characters without control characters');
const language = name(8, '^[A-Za-z]{2,8}$', 'must be a language subtag of 2 to 8 letters, e.g. de');
/** IPv4 and IPv6 addresses (IPv6 without an IPv4 tail) with an optional prefix length, as parseCidr reads them. */
const CIDR_PATTERN = (() => {
  const octet = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
  const v4 = `(?:${octet}\\.){3}${octet}`;
  const h = '[0-9A-Fa-f]{1,4}';
  const v6 = [
    `(?:${h}:){7}${h}`,
    `(?:${h}:){1,7}:`,
    `(?:${h}:){1,6}:${h}`,
    ...[5, 4, 3, 2].map((n) => `(?:${h}:){1,${n}}(?::${h}){1,${7 - n}}`),
    `${h}:(?::${h}){1,6}`,
    `:(?:(?::${h}){1,7}|:)`,
  ].join('|');
  return `^(?:${v4}(?:/(?:3[0-2]|[12]?[0-9]))?|(?:${v6})(?:/(?:12[0-8]|1[01][0-9]|[1-9]?[0-9]))?)$`;
})();

const cidr = z
  .string()
  .superRefine((v, ctx) => {
    if (parseCidr(v) === null) ctx.addIssue({ code: 'custom', message: 'must be an IPv4 or IPv6 address or CIDR block, e.g. 203.0.113.0/24' });
  })
  .meta({ maxLength: 64, pattern: CIDR_PATTERN });

const dateTime = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time with an offset (e.g. 2026-12-31T23:59:59Z)' })
  .transform((v) => new Date(v).toISOString())
  .meta({ type: 'string', format: 'date-time', description: 'ISO 8601 date-time with an offset; returned in UTC with milliseconds.' });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Query parameter -> value ("*": present with any value); its own keys checked (zod skips `__proto__`). */
const queryCondition = z
  .custom<Record<string, unknown>>(isObject, { error: 'must be an object' })
  .superRefine((map, ctx) => {
    const keys = Object.keys(map);
    if (keys.length === 0) ctx.addIssue({ code: 'custom', message: 'must name at least one parameter' });
    if (keys.length > RULE_QUERY_MAX) ctx.addIssue({ code: 'custom', message: `must name at most ${RULE_QUERY_MAX} parameters` });
    for (const key of keys) {
      if (RESERVED_KEYS.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: RESERVED_KEY_MESSAGE });
      else if (key.length > 128) ctx.addIssue({ code: 'custom', path: [key], message: 'parameter names must be at most 128 characters' });
      const value = map[key];
      if (typeof value !== 'string') ctx.addIssue({ code: 'custom', path: [key], message: 'must be a string ("*" for any value)' });
      else if (value.length < 1 || value.length > 512) ctx.addIssue({ code: 'custom', path: [key], message: 'must be 1 to 512 characters' });
    }
  })
  .transform((v) => ({ ...v }) as Record<string, string>)
  .meta({
    type: 'object',
    additionalProperties: { type: 'string', minLength: 1, maxLength: 512 },
    minProperties: 1,
    maxProperties: RULE_QUERY_MAX,
    description: 'Query parameter -> value the visited URL must carry; "*" matches any value.',
  });

export const ruleConditionsSchema = z
  .strictObject({
    country: list(country, 'country').optional(),
    continent: list(continent, 'continent').optional(),
    region: list(region, 'region').optional(),
    device: list(device, 'device').optional(),
    os: list(family, 'OS').optional(),
    browser: list(family, 'browser').optional(),
    language: list(language, 'language').optional(),
    query: queryCondition.optional(),
    ip: list(cidr, 'address block').optional(),
    after: dateTime.optional(),
    before: dateTime.optional(),
  })
  .superRefine((c, ctx) => {
    if (Object.values(c).every((v) => v === undefined)) ctx.addIssue({ code: 'custom', message: 'must hold at least one condition' });
    if (c.after !== undefined && c.before !== undefined && c.after >= c.before) {
      ctx.addIssue({ code: 'custom', path: ['before'], message: 'must be later than "after"' });
    }
  })
  .meta({ minProperties: 1 });
export type RuleConditions = z.output<typeof ruleConditionsSchema>;

export const linkRuleSchema = z.strictObject({ if: ruleConditionsSchema, to: urlRule() });
export type LinkRule = z.output<typeof linkRuleSchema>;

/** `rules` of a link: null or [] clears. */
export const rulesSchema = z
  .array(linkRuleSchema)
  .max(RULES_MAX, `must have at most ${RULES_MAX} rules`)
  .nullable()
  .transform((v) => (v === null || v.length === 0 ? null : v));
