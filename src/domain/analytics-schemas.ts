import { INTERVALS } from './analytics/buckets.js';
import { canonicalZone } from './analytics/time-zone.js';
import { type ClickFilter, DIRECT, FILTER_FIELDS, type FilterField, GROUP_BYS } from './click-fields.js';
import { CURSOR_FORM, hostSchema, intParam, linkIdParamSchema, tagNameSchema } from './link-schemas.js';
import { kindIssue, sourceIssue } from './referrer-sources/filter-values.js';
import { SOURCE_KINDS } from './referrer-sources/kinds.js';
import { z } from './zod.js';

export { GROUP_BYS, type GroupBy } from './click-fields.js';

/** What a report may be compared with: the window just before (as many whole local days when from and to are local midnights, as many calendar months when both are the first of a month, else the same length; while the window is still counting, only up to the same point). */
export const ANALYTICS_COMPARES = ['previous'] as const;
export type AnalyticsCompare = (typeof ANALYTICS_COMPARES)[number];

export const ANALYTICS_LIMIT_DEFAULT = 10;
export const ANALYTICS_LIMIT_MAX = 100;
export const EVENTS_LIMIT_DEFAULT = 50;
export const EVENTS_LIMIT_MAX = 100;
/** Values one filter may list. */
export const FILTER_VALUES_MAX = 100;
/** The longest filter value (a referrer URL is kept to 500 characters). */
export const FILTER_VALUE_MAX = 500;

const isoDate = z.iso.date({ error: 'must be an ISO date (YYYY-MM-DD) that exists' });
const isoDateTime = z.iso.datetime({ offset: true, error: 'must be an ISO date (YYYY-MM-DD) or date-time with an offset' });

const BOUND_MESSAGE = 'must be an ISO date (YYYY-MM-DD) or date-time with an offset';
/** A date-time whose `+01:00` came through a query string unencoded, as ` 01:00`. */
const SPACED_OFFSET = /^\d{4}-\d{2}-\d{2}T[\d:.]+ \d{2}:?\d{2}$/;

/** A window bound: a local date in the request's time zone, or an instant. */
export const windowBoundSchema = z.union([isoDate, isoDateTime], {
  error: (issue) =>
    typeof issue.input === 'string' && SPACED_OFFSET.test(issue.input)
      ? `${BOUND_MESSAGE}; a + in a query string reads as a space: write it as %2B`
      : BOUND_MESSAGE,
});

export const timezoneSchema = z
  .string()
  .max(64, 'must be at most 64 characters')
  .refine((v) => canonicalZone(v) !== null, 'is not a known IANA time zone (e.g. Europe/Berlin)')
  .meta({ minLength: 1, pattern: '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$' });

/** One value a filter lists: a country code, a referrer host, a link id, ... as analytics names them. */
const filterValueSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(FILTER_VALUE_MAX, `must be at most ${FILTER_VALUE_MAX} characters`)
  .regex(/^[^\x00-\x1f\x7f]*$/, 'must not hold control characters');

const valueList = z.array(filterValueSchema).min(1, 'must list at least one value').max(FILTER_VALUES_MAX, `must list at most ${FILTER_VALUES_MAX} values`);

/** A filter on one field (GraphQL): IN these values and/or NOT IN those. */
export const fieldFilterSchema = z.strictObject({ in: valueList.nullish(), not_in: valueList.nullish() });

/** Fields whose values are a vocabulary the service checks (docs/adr/0216): the issue of a value, or null. */
const VALUE_CHECKS: Partial<Record<FilterField, (value: string) => string | null>> = { referrer_source: sourceIssue, referrer_kind: kindIssue };

/** A field's filter with its values checked against the field's vocabulary (`label`: how an issue names the value). */
function checkedValues<T extends z.ZodType<{ in?: string[] | null; not_in?: string[] | null }>>(
  schema: T,
  field: FilterField,
  label: (list: string, i: number) => PropertyKey[] | string,
): T {
  const check = VALUE_CHECKS[field];
  if (!check) return schema;
  return schema.superRefine((f, ctx) => {
    for (const list of ['in', 'not_in'] as const)
      f?.[list]?.forEach((v, i) => {
        const issue = check(v);
        if (issue === null) return;
        const at = label(list, i);
        ctx.addIssue(typeof at === 'string' ? { code: 'custom', message: `${at} ${issue}` } : { code: 'custom', path: at, message: issue });
      });
  }) as unknown as T;
}

/** analytics(filter: {...}) and clickEvents(filter: {...}): one optional filter per field, combined with AND. */
export const clickFilterSchema = z.strictObject(
  Object.fromEntries(FILTER_FIELDS.map((f) => [f, checkedValues(fieldFilterSchema, f, (list, i) => [list, i]).nullish()])) as Record<
    FilterField,
    z.ZodOptional<z.ZodNullable<typeof fieldFilterSchema>>
  >,
);
export type ClickFilterInput = z.output<typeof clickFilterSchema>;

/**
 * The form of a REST filter parameter, for OpenAPI: values IN (none starting with `!`), or all NOT IN
 * (each after its `!`), none empty, no control characters. The counts and lengths are the parser's
 * (maxLength bounds the whole; a pattern that counted them costs generators minutes per operation).
 */
const REST_FILTER_PATTERN = (() => {
  const char = '[^\\u0000-\\u001f\\u007f,]';
  const first = '[^\\u0000-\\u001f\\u007f,!]';
  const included = `${first}${char}*(?:,${first}${char}*)*`;
  const excluded = `!${char}+(?:,!${char}+)*`;
  return `^(?:${included}|${excluded})$`;
})();

const FILTER_PARAM_DESCRIPTION = `A comma-separated list of at most ${FILTER_VALUES_MAX} values (IN); prefix every item with ! for NOT IN (e.g. !DE,!FR). Mixing both is refused.`;

/**
 * A filter in a query string: a comma-separated list (IN), or a list whose every item starts with `!`
 * (NOT IN); mixing both is refused, naming the parameter.
 */
export const restFilterParamSchema = z
  .string()
  .max(FILTER_VALUES_MAX * (FILTER_VALUE_MAX + 2), { error: `must be at most ${FILTER_VALUES_MAX} values of at most ${FILTER_VALUE_MAX} characters` })
  .meta({ pattern: REST_FILTER_PATTERN })
  .transform((v, ctx) => {
    const items = v.split(',');
    const neg = items.filter((i) => i.startsWith('!'));
    if (neg.length > 0 && neg.length < items.length) {
      ctx.addIssue({ code: 'custom', message: 'mixes included and excluded (!) values: list only one kind' });
      return z.NEVER;
    }
    const values = neg.length > 0 ? items.map((i) => i.slice(1)) : items;
    const r = valueList.safeParse(values);
    if (!r.success) {
      for (const issue of r.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.path.length > 0 ? `item ${Number(issue.path[0]) + 1} ${issue.message}` : issue.message });
      return z.NEVER;
    }
    return neg.length > 0 ? { not_in: r.data } : { in: r.data };
  })
  .meta({
    minLength: 1,
    description: FILTER_PARAM_DESCRIPTION,
  });

/** What the values of a vocabulary's filter parameter are (docs/adr/0216). */
const REST_VALUES: Partial<Record<FilterField, string>> = {
  referrer_source: `Values: referrer sources as group_by=referrer_sources names them: a source name (Google, X, Facebook, ...; any case), ${DIRECT}, or a host no source claims. Each window's referrer hosts are resolved first; a host some source claims, or no host, is refused naming the item.`,
  referrer_kind: `Values: ${SOURCE_KINDS.join(', ')}.`,
};

/** referrer_kind in a query string, for OpenAPI: kinds (IN), or each after its `!` (NOT IN). */
const KIND_PATTERN = (() => {
  const kind = `(?:${SOURCE_KINDS.join('|')})`;
  return `^(?:${kind}(?:,${kind})*|!${kind}(?:,!${kind})*)$`;
})();

const restFilters = Object.fromEntries(
  FILTER_FIELDS.map((f) => [
    f,
    (() => {
      const checked = checkedValues(restFilterParamSchema as z.ZodType<{ in?: string[]; not_in?: string[] }>, f, (_list, i) => `item ${i + 1}`);
      const more = REST_VALUES[f];
      const pattern = f === 'referrer_kind' ? { pattern: KIND_PATTERN } : {};
      return (more ? checked.meta({ description: `${FILTER_PARAM_DESCRIPTION} ${more}`, ...pattern }) : checked).optional();
    })(),
  ]),
) as Record<FilterField, z.ZodOptional<typeof restFilterParamSchema>>;

/** The window of a read: bounds and the time zone they are read in. */
const windowFields = {
  from: windowBoundSchema.nullish(),
  to: windowBoundSchema.nullish(),
  timezone: timezoneSchema.nullish(),
};

/** analytics(...). Defaults and the window rules are the service's; link_id, tag and domain are the single-value forms of their filters. */
export const analyticsQuerySchema = z.strictObject({
  group_by: z.enum(GROUP_BYS).nullish(),
  link_id: linkIdParamSchema.nullish(),
  tag: tagNameSchema.nullish(),
  domain: hostSchema.nullish(),
  from: windowBoundSchema.nullish(),
  to: windowBoundSchema.nullish(),
  interval: z.enum(INTERVALS).nullish(),
  timezone: timezoneSchema.nullish(),
  limit: intParam(1, ANALYTICS_LIMIT_MAX, ANALYTICS_LIMIT_DEFAULT).nullish(),
  filter: clickFilterSchema.nullish(),
  compare: z.enum(ANALYTICS_COMPARES).nullish(),
});
export type AnalyticsQueryInput = z.output<typeof analyticsQuerySchema>;

/** GET /v1/analytics: every filter as its own parameter, and the answer's format (csv: the rows as text/csv). */
export const analyticsRestQuerySchema = z.strictObject({
  group_by: z.enum(GROUP_BYS).optional(),
  ...restFilters,
  from: windowBoundSchema.optional(),
  to: windowBoundSchema.optional(),
  interval: z.enum(INTERVALS).optional(),
  timezone: timezoneSchema.optional(),
  limit: intParam(1, ANALYTICS_LIMIT_MAX, ANALYTICS_LIMIT_DEFAULT).optional(),
  compare: z.enum(ANALYTICS_COMPARES).optional().meta({
    description:
      "previous: also count the window just before (as many whole local days when from and to are local midnights, as many calendar months when both are the first of a month, else the same length; while the window is still counting, only up to the same point), under the same filters, as `previous` and each row's `previous_clicks`.",
  }),
  format: z.enum(['json', 'csv']).optional(),
});

/** clickEvents(...). */
export const eventsQuerySchema = z.strictObject({
  ...windowFields,
  limit: intParam(1, EVENTS_LIMIT_MAX, EVENTS_LIMIT_DEFAULT).nullish(),
  // Any string: a malformed one is the service's invalid_cursor.
  cursor: z.string().meta(CURSOR_FORM).nullish(),
  filter: clickFilterSchema.nullish(),
});
export type EventsQueryInput = z.output<typeof eventsQuerySchema>;

/** GET /v1/analytics/events: filters as parameters; format=csv|ndjson streams every match. */
export const eventsRestQuerySchema = z.strictObject({
  ...restFilters,
  from: windowBoundSchema.optional(),
  to: windowBoundSchema.optional(),
  timezone: timezoneSchema.optional(),
  limit: intParam(1, EVENTS_LIMIT_MAX, EVENTS_LIMIT_DEFAULT).optional(),
  cursor: z.string().meta(CURSOR_FORM).optional(),
  format: z.enum(['json', 'csv', 'ndjson']).optional(),
});

/** A parsed REST query as the GraphQL field's variables: the filter parameters gathered into `filter`. */
export function restAnalyticsVariables(query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const filter: ClickFilter = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || k === 'format') continue;
    if ((FILTER_FIELDS as readonly string[]).includes(k)) filter[k as FilterField] = v as ClickFilter[FilterField];
    else out[k] = v;
  }
  if (Object.keys(filter).length > 0) out.filter = filter;
  return out;
}
