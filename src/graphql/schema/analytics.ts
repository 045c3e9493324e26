import { HOUR_WINDOW_MAX_DAYS, WINDOW_MAX_DAYS } from '../../domain/analytics/window.js';
import { ANALYTICS_LIMIT_DEFAULT, ANALYTICS_LIMIT_MAX } from '../../domain/analytics-schemas.js';
import { GROUP_BYS } from '../../domain/click-fields.js';
import { SOURCE_HOSTS_MAX } from '../../domain/referrer-sources/group.js';
import { FIELD_LIMITS } from '../../limits/field-limits.js';
import type { AnalyticsItem, AnalyticsReport } from '../../services/analytics/analytics-service.js';
import type { PreviousPeriod } from '../../services/analytics/previous.js';
import type { ClickTotals } from '../../storage/clicks/repository.js';
import { builder } from '../builder.js';
import { ClickFilterInput } from './analytics-filter.js';
import { AnalyticsCompareEnum, AnalyticsGroupByEnum, AnalyticsIntervalEnum, ReferrerSourceKindEnum } from './enums.js';
import { DateTimeScalar } from './scalars.js';

const ClickTotalsType = builder.objectRef<ClickTotals>('ClickTotals').implement({
  description: 'Clicks in the window; bot visits are counted apart and never as clicks.',
  fields: (t) => ({ clicks: t.exposeInt('clicks'), bots: t.exposeInt('bots') }),
});

export const AnalyticsItemType = builder.objectRef<AnalyticsItem>('AnalyticsItem').implement({
  description: 'One row: a bucket start (time series), or a recorded value (country, referrer, device, ...), link id or tag.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'Time series: the bucket start (ISO 8601 UTC). Otherwise the value grouped by.' }),
    clicks: t.exposeInt('clicks'),
    alias: t.string({ nullable: true, description: 'Top links only: the link alias.', resolve: (i) => i.alias ?? null }),
    short_url: t.string({ nullable: true, description: 'Top links only: the short URL.', resolve: (i) => i.shortUrl ?? null }),
    kind: t.field({
      type: ReferrerSourceKindEnum,
      nullable: true,
      description: 'Referrer sources only: what kind of place the source is.',
      resolve: (i) => i.kind ?? null,
    }),
    hosts: t.stringList({
      nullable: true,
      description: `Referrer sources only: the recorded referrer hosts the row sums, most clicks first, at most ${SOURCE_HOSTS_MAX} (the values a \`referrer\` filter takes; \`referrer_source\` filters by the row's key).`,
      resolve: (i) => i.hosts ?? null,
    }),
    hosts_more: t.int({
      nullable: true,
      description: `Referrer sources only: how many more hosts the row sums than \`hosts\` lists (it lists the top ${SOURCE_HOSTS_MAX} by clicks); 0 when it lists them all.`,
      resolve: (i) => i.hostsMore ?? null,
    }),
    previous_clicks: t.int({
      nullable: true,
      description:
        'With `compare`: the clicks of the same key in the previous window (0 when it had none). In a time series of a window of local days: a day meets the day as many days back as the two windows start apart, an hour the same local clock time, a week (or a month of a window of days) the same days; in a window of instants (the last 24 hours) every bucket meets the span one window-length earlier; null where that span is not in the previous window. Null without `compare`.',
      resolve: (i) => i.previousClicks ?? null,
    }),
  }),
});

const PreviousPeriodType = builder.objectRef<PreviousPeriod>('AnalyticsPrevious').implement({
  description:
    "The window a report is compared with, ending where the report starts, under the same filters: as many whole local days when the report is bounded by local midnights, as many calendar months when by firsts of months, else the same length. While the report's window is still counting (it ends after the current hour), only up to the same point: today so far against the matching day up to the same hour.",
  fields: (t) => ({
    from: t.field({ type: DateTimeScalar, description: 'First instant of the previous window.', resolve: (p) => p.from }),
    to: t.field({
      type: DateTimeScalar,
      description:
        "Where the comparison stops (exclusive): the report's `from`, or, while the report's window is still counting, the end of the hour matching the current one.",
      resolve: (p) => p.to,
    }),
    total: t.field({ type: ClickTotalsType, resolve: (p) => p.total }),
  }),
});

export const AnalyticsType = builder.objectRef<AnalyticsReport>('Analytics').implement({
  description: 'Clicks of the workspace (or of a link, tag or domain) over a window, as a time series or grouped.',
  fields: (t) => ({
    group_by: t.field({ type: AnalyticsGroupByEnum, description: `${GROUP_BYS.join(', ')}.`, resolve: (r) => r.groupBy }),
    from: t.field({ type: DateTimeScalar, description: 'First instant of the window.', resolve: (r) => r.from }),
    to: t.field({ type: DateTimeScalar, description: 'End of the window (exclusive).', resolve: (r) => r.to }),
    interval: t.field({
      type: AnalyticsIntervalEnum,
      nullable: true,
      description: 'Bucket size of a time series (hour, day, week or month); null otherwise.',
      resolve: (r) => r.interval,
    }),
    timezone: t.exposeString('timezone', { description: 'The IANA time zone day, week and month buckets and date bounds follow.' }),
    total: t.field({ type: ClickTotalsType, resolve: (r) => r.total }),
    previous: t.field({
      type: PreviousPeriodType,
      nullable: true,
      description: 'With `compare: previous`: the window just before and its totals; null otherwise.',
      resolve: (r) => r.previous ?? null,
    }),
    data: t.field({
      type: [AnalyticsItemType],
      description: 'Time series: every bucket, oldest first, zeros included. Otherwise: most clicks first (ties by key), at most `limit`.',
      resolve: (r) => r.data,
    }),
  }),
});

builder.queryField('analytics', (t) =>
  t.withAuth({ scope: 'analytics:read' }).field({
    type: AnalyticsType,
    description: `Clicks over a window of at most ${WINDOW_MAX_DAYS} days (default the last 30 local days), as a time series or grouped, filtered by any recorded value, link, tag or domain.`,
    args: {
      group_by: t.arg({ type: AnalyticsGroupByEnum, description: `One of ${GROUP_BYS.join(', ')} (default timeseries; links: top links).` }),
      link_id: t.arg.id({ description: 'Only this link (lnk_… or ext_<external_id>); 404 when it is not yours.' }),
      tag: t.arg.string({ description: 'Only links carrying this tag (case-insensitive).' }),
      domain: t.arg.string({ description: 'Only links on this domain.' }),
      from: t.arg.string({ description: 'ISO date (local midnight in `timezone`) or date-time with an offset; default 29 days before `to`.' }),
      to: t.arg.string({ description: 'ISO date (the whole local day is included) or date-time with an offset (exclusive); default today.' }),
      interval: t.arg({
        type: AnalyticsIntervalEnum,
        description: `Time series only: hour (windows of at most ${HOUR_WINDOW_MAX_DAYS} days), day (default), week (from Monday) or month.`,
      }),
      timezone: t.arg.string({
        description: 'IANA time zone, default UTC: days, weeks and months start at local midnight there, and date bounds are its dates.',
      }),
      filter: t.arg({ type: ClickFilterInput, description: 'IN / NOT IN filters on recorded values, links, tags and domains, combined with AND.' }),
      limit: t.arg.int({
        description: `Groupings other than timeseries: at most this many rows, 1 to ${ANALYTICS_LIMIT_MAX} (default ${ANALYTICS_LIMIT_DEFAULT}).`,
      }),
      compare: t.arg({
        type: AnalyticsCompareEnum,
        description:
          "previous: also count the window just before (as many whole local days when from and to are local midnights, as many calendar months when both are the first of a month, else the same length; while the window is still counting, only up to the same point), under the same filters, as `previous` and each row's `previous_clicks`.",
      }),
    },
    resolve: async (_r, args, ctx, info) => {
      await ctx.services.fieldLimit(ctx, info, {}, FIELD_LIMITS.analytics);
      return ctx.services.analytics.report(ctx.caller, args);
    },
  }),
);
