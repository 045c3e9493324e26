import { EVENTS_LIMIT_DEFAULT, EVENTS_LIMIT_MAX } from '../../domain/analytics-schemas.js';
import { CLICK_FIELDS } from '../../domain/click-fields.js';
import { FIELD_LIMITS } from '../../limits/field-limits.js';
import type { ClickEventItem, EventsPage } from '../../services/analytics/events-service.js';
import { builder } from '../builder.js';
import { ClickFilterInput } from './analytics-filter.js';
import { DateTimeScalar } from './scalars.js';

const VALUE_FIELDS = CLICK_FIELDS.filter((f): f is Exclude<(typeof CLICK_FIELDS)[number], 'domain'> => f !== 'domain');

export const ClickEventType = builder.objectRef<ClickEventItem>('ClickEvent').implement({
  description: "One person's click (bots are never logged), with what it recorded; null where a value is unknown.",
  fields: (t) => ({
    timestamp: t.field({ type: DateTimeScalar, description: 'When the click happened.', resolve: (e) => e.timestamp }),
    link_id: t.exposeID('link_id'),
    short_url: t.exposeString('short_url', { description: "The link's short URL now." }),
    ...Object.fromEntries(VALUE_FIELDS.map((f) => [f, t.string({ nullable: true, resolve: (e: ClickEventItem) => e[f] })])),
  }),
});

const ClickEventListType = builder.objectRef<EventsPage>('ClickEventList').implement({
  description: 'One page of click events, newest first.',
  fields: (t) => ({
    data: t.field({ type: [ClickEventType], resolve: (p) => p.data }),
    next_cursor: t.string({ nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.', resolve: (p) => p.nextCursor }),
  }),
});

builder.queryField('clickEvents', (t) =>
  t.withAuth({ scope: 'analytics:read' }).field({
    type: ClickEventListType,
    description: "People's clicks one by one, newest first, kept LSK_CLICK_EVENTS_DAYS days (default 90), with the analytics filters.",
    args: {
      filter: t.arg({ type: ClickFilterInput, description: 'IN / NOT IN filters on recorded values, links, tags and domains, combined with AND.' }),
      from: t.arg.string({ description: 'ISO date (local midnight in `timezone`) or date-time with an offset; default 29 days before `to`.' }),
      to: t.arg.string({ description: 'ISO date (the whole local day is included) or date-time with an offset (exclusive); default today.' }),
      timezone: t.arg.string({ description: 'IANA time zone the date bounds are read in; default UTC.' }),
      limit: t.arg.int({ description: `1 to ${EVENTS_LIMIT_MAX}, default ${EVENTS_LIMIT_DEFAULT}.` }),
      cursor: t.arg.string({ description: 'next_cursor of the previous page.' }),
    },
    resolve: async (_r, args, ctx, info) => {
      await ctx.services.fieldLimit(ctx, info, {}, FIELD_LIMITS.analytics);
      return ctx.services.clickEvents.page(ctx.caller, args);
    },
  }),
);
