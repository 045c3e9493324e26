import { FIELD_LIMITS } from '../../limits/field-limits.js';
import type { StatsReport } from '../../services/stats-service.js';
import { builder } from '../builder.js';
import type { AuthedContext } from '../context.js';
import { statsLoader } from '../stats-loader.js';
import { LinkType } from './link.js';

const DayCount = builder.objectRef<{ date: string; clicks: number }>('DayClicks').implement({
  fields: (t) => ({ date: t.exposeString('date', { description: 'ISO date (UTC).' }), clicks: t.exposeInt('clicks') }),
});
const CountryCount = builder.objectRef<{ country: string; clicks: number }>('CountryClicks').implement({
  fields: (t) => ({ country: t.exposeString('country', { description: 'ISO 3166-1 alpha-2 code.' }), clicks: t.exposeInt('clicks') }),
});
const ReferrerCount = builder.objectRef<{ host: string; clicks: number }>('ReferrerClicks').implement({
  fields: (t) => ({ host: t.exposeString('host', { description: 'Referrer host name.' }), clicks: t.exposeInt('clicks') }),
});
const DeviceCount = builder.objectRef<{ device: string; clicks: number }>('DeviceClicks').implement({
  fields: (t) => ({ device: t.exposeString('device', { description: 'desktop, mobile, tablet or other.' }), clicks: t.exposeInt('clicks') }),
});
const BrowserCount = builder.objectRef<{ browser: string; clicks: number }>('BrowserClicks').implement({
  fields: (t) => ({ browser: t.exposeString('browser', { description: 'Browser family (Chrome, Safari, Firefox, ...).' }), clicks: t.exposeInt('clicks') }),
});
const OsCount = builder.objectRef<{ os: string; clicks: number }>('OsClicks').implement({
  fields: (t) => ({ os: t.exposeString('os', { description: 'Operating system family (Windows, macOS, iOS, Android, ...).' }), clicks: t.exposeInt('clicks') }),
});

export const LinkStatsType = builder.objectRef<StatsReport>('LinkStats').implement({
  description: 'Clicks of one link over [from, to] (whole UTC days). Bots are counted apart.',
  fields: (t) => ({
    link_id: t.exposeID('linkId'),
    from: t.exposeString('from', { description: 'ISO date.' }),
    to: t.exposeString('to', { description: 'ISO date (inclusive).' }),
    clicks: t.exposeInt('clicks'),
    bots: t.exposeInt('bots'),
    by_day: t.field({ type: [DayCount], resolve: (s) => s.byDay }),
    by_country: t.field({ type: [CountryCount], resolve: (s) => s.byCountry }),
    by_referrer: t.field({ type: [ReferrerCount], resolve: (s) => s.byReferrer }),
    by_device: t.field({ type: [DeviceCount], resolve: (s) => s.byDevice }),
    by_browser: t.field({ type: [BrowserCount], resolve: (s) => s.byBrowser }),
    by_os: t.field({ type: [OsCount], resolve: (s) => s.byOs }),
  }),
});

const FROM = 'ISO date (UTC); default 29 days before `to`.';
const TO = 'ISO date (UTC, inclusive); default today.';

builder.queryField('linkStats', (t) =>
  t.withAuth({ scope: 'analytics:read' }).field({
    type: LinkStatsType,
    description: 'Click statistics of a link; from/to are ISO dates, default the last 30 days.',
    args: { id: t.arg.id({ required: true }), from: t.arg.string({ description: FROM }), to: t.arg.string({ description: TO }) },
    resolve: async (_r, { id, ...range }, ctx, info) => {
      await ctx.services.fieldLimit(ctx, info, { id }, FIELD_LIMITS.linkStats);
      return ctx.services.stats.forLink(ctx.caller, id, range);
    },
  }),
);

// Nullable: a caller without analytics:read still reads the link, with this field null and its error.
builder.objectField(LinkType, 'stats', (t) =>
  t.withAuth({ scope: 'analytics:read' }).field({
    type: LinkStatsType,
    nullable: true,
    description: "This link's click statistics (as linkStats); needs the scope analytics:read.",
    args: { from: t.arg.string({ description: FROM }), to: t.arg.string({ description: TO }) },
    resolve: (link, args, ctx) => statsLoader(ctx as AuthedContext).load({ linkId: link.id, from: args.from ?? null, to: args.to ?? null }),
  }),
);
