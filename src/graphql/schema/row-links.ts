import { linkViewOrNull } from '../../domain/link-view.js';
import { builder } from '../builder.js';
import type { GraphQLContext } from '../context.js';
import { loaders } from '../loaders.js';
import { alsoNeeds } from '../refusal.js';
import { AnalyticsItemType } from './analytics.js';
import { ClickEventType } from './click-events.js';
import { LinkType } from './link.js';

/**
 * The link an analytics row or a click event is about, for its title and the rest (docs/adr/0236).
 * All rows of one answer are read together (loaders' linkById: one read of the store), through the
 * link service, so a restricted key sees only the links `link(id)` shows it. GraphQL only: REST rows
 * keep their alias and short_url (http/rest/operations.ts GRAPHQL_ONLY_FIELDS).
 */
async function linkOf(ctx: GraphQLContext, id: string) {
  // A shared report read without credentials (the one public field) names no link, and refuses nothing.
  if (!ctx.principal) return null;
  // Checked here, not declared: a row that is no link answers null to any caller, without a refusal.
  alsoNeeds(ctx, 'links:read');
  return linkViewOrNull(await loaders(ctx).linkById.load(id));
}

builder.objectField(AnalyticsItemType, 'link', (t) =>
  t.field({
    type: LinkType,
    nullable: true,
    description:
      'Top links only (group_by links): the link itself, as `link(id)` answers it (needs links:read); null on other groupings (without a refusal), for a link deleted since, and on a shared report.',
    resolve: (i, _a, ctx) => (i.shortUrl === undefined ? null : linkOf(ctx, i.key)),
  }),
);

builder.objectField(ClickEventType, 'link', (t) =>
  t.field({
    type: LinkType,
    nullable: true,
    description: 'The link clicked, as `link(id)` answers it (needs links:read); null for a link deleted since.',
    resolve: (e, _a, ctx) => linkOf(ctx, e.link_id),
  }),
);
