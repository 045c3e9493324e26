import { ANALYTICS_LIMIT_DEFAULT, ANALYTICS_LIMIT_MAX } from '../../domain/analytics-schemas.js';
import type { SharedReport } from '../../services/analytics/shared-report.js';
import { builder } from '../builder.js';
import { PUBLIC_FIELD } from '../declared-scope.js';
import { AnalyticsType } from './analytics.js';
import { ClickFilterInput } from './analytics-filter.js';
import { AnalyticsCompareEnum, AnalyticsGroupByEnum, AnalyticsIntervalEnum } from './enums.js';
import { DateTimeScalar } from './scalars.js';

/** The public read of a share (docs/adr/0215): the one root field answered without a key or session. */

const ShareKindEnum = builder.enumType('AnalyticsShareKind', {
  description: 'What a share covers.',
  values: ['link', 'tag', 'domain', 'workspace'] as const,
});

const SharedAnalyticsType = builder.objectRef<SharedReport>('SharedAnalytics').implement({
  description: "A share's numbers: what it covers, and the report `analytics` would answer within it.",
  fields: (t) => ({
    kind: t.field({ type: ShareKindEnum, resolve: (s) => s.kind }),
    label: t.exposeString('label', { description: "The link's short URL, the tag, the domain, or the workspace's slug." }),
    expires_at: t.field({
      type: DateTimeScalar,
      nullable: true,
      description: 'When the share stops answering; null: until revoked.',
      resolve: (s) => s.expiresAt,
    }),
    analytics: t.field({ type: AnalyticsType, resolve: (s) => s.report }),
  }),
});

builder.queryField('sharedAnalytics', (t) =>
  t.field({
    type: SharedAnalyticsType,
    extensions: { [PUBLIC_FIELD]: true },
    description:
      'The analytics a share publishes, read with its token alone (no key or session; limited per client address). Filters are ANDed with what the share covers and never widen it: a link id outside it reads nothing. Unknown, revoked and expired tokens answer not_found alike.',
    args: {
      token: t.arg.string({ required: true, description: 'The token of the share URL (…/share/<token>).' }),
      group_by: t.arg({ type: AnalyticsGroupByEnum, description: 'As analytics: default timeseries; links and tags answer within the share.' }),
      from: t.arg.string({ description: 'As analytics.' }),
      to: t.arg.string({ description: 'As analytics.' }),
      interval: t.arg({ type: AnalyticsIntervalEnum, description: 'As analytics.' }),
      timezone: t.arg.string({ description: 'As analytics.' }),
      filter: t.arg({ type: ClickFilterInput, description: 'As analytics, ANDed with the share.' }),
      limit: t.arg.int({ description: `1 to ${ANALYTICS_LIMIT_MAX} (default ${ANALYTICS_LIMIT_DEFAULT}).` }),
      compare: t.arg({ type: AnalyticsCompareEnum, description: 'As analytics.' }),
    },
    resolve: (_r, { token, ...args }, ctx) => ctx.services.sharedAnalytics.report(token, args),
  }),
);
