import { SHARE_PAGE_DEFAULT, SHARES_MAX } from '../../domain/share-schemas.js';
import type { SharePage, ShareView } from '../../services/analytics/shares.js';
import { builder } from '../builder.js';
import { inputOf } from '../context.js';
import { ALSO_NEEDS } from '../declared-scope.js';
import { alsoNeeds } from '../refusal.js';
import { ActorType } from './audit.js';
import { DateTimeScalar } from './scalars.js';

/** Shared read-only analytics (docs/adr/0215): the workspace's shares. Reading needs analytics:read; changing also links:write. */

const AnalyticsShareType = builder.objectRef<ShareView>('AnalyticsShare').implement({
  description: 'A public, read-only page of the analytics of one link, tag or domain, or of the whole workspace.',
  fields: (t) => ({
    id: t.string({ description: 'Opaque id, e.g. shr_4Gd8kLm2Qx7Rt1Vb9Nc3.', resolve: (v) => v.share.id }),
    url: t.string({
      nullable: true,
      description: 'The public page (<public URL>/dashboard/share/<token>): given once, when the share is made (the token is kept hashed); null afterwards.',
      resolve: (v) => v.url,
    }),
    link_id: t.string({ nullable: true, description: 'The shared link (lnk_…), or null.', resolve: (v) => v.share.linkId }),
    tag: t.string({ nullable: true, description: 'The shared tag, or null.', resolve: (v) => v.share.tag }),
    domain: t.string({
      nullable: true,
      description: 'The shared domain, or null. None of link_id, tag, domain: the whole workspace.',
      resolve: (v) => v.share.domain,
    }),
    expires_at: t.field({
      type: DateTimeScalar,
      nullable: true,
      description: 'After this the page answers not found; null: until revoked.',
      resolve: (v) => v.share.expiresAt,
    }),
    created_at: t.field({ type: DateTimeScalar, resolve: (v) => v.share.createdAt }),
    created_by: t.field({ type: ActorType, description: 'Who made the share.', resolve: (v) => v.share.createdBy }),
  }),
});

const AnalyticsShareListType = builder.objectRef<SharePage>('AnalyticsShareList').implement({
  description: 'One page of shares, newest first.',
  fields: (t) => ({
    data: t.field({ type: [AnalyticsShareType], resolve: (p) => p.data }),
    next_cursor: t.string({ nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.', resolve: (p) => p.nextCursor }),
  }),
});

builder.queryField('analyticsShares', (t) =>
  t.withAuth({ scope: 'analytics:read' }).field({
    type: AnalyticsShareListType,
    description: 'Shared analytics pages of your workspace, newest first (never their tokens).',
    args: {
      limit: t.arg.int({ description: `1 to ${SHARES_MAX}, default ${SHARE_PAGE_DEFAULT}.` }),
      cursor: t.arg.string({ description: 'next_cursor of the previous page.' }),
    },
    resolve: (_r, args, ctx) => ctx.services.analyticsShares.list(ctx.caller, args),
  }),
);

builder.mutationFields((t) => ({
  createAnalyticsShare: t.withAuth({ scope: 'analytics:read' }).field({
    nullable: true,
    type: AnalyticsShareType,
    extensions: { [ALSO_NEEDS]: 'links:write' },
    description: `Publish the analytics of one link, tag or domain (or, with none, of the workspace) at a public, read-only URL, returned this once (at most ${SHARES_MAX} shares per workspace). Needs links:write too.`,
    args: {
      link_id: t.arg.id({ description: 'Share this link (lnk_… or ext_<external_id>); 404 when it is not yours.' }),
      tag: t.arg.string({ description: 'Share the links carrying this tag; 404 when no link or tag of yours has it.' }),
      domain: t.arg.string({ description: 'Share the links on this domain (the default one or one of yours).' }),
      expires_at: t.arg.string({ description: 'ISO 8601 date-time with an offset, in the future: when the page stops answering; default never.' }),
    },
    resolve: (_r, args, ctx) => {
      alsoNeeds(ctx, 'links:write');
      return ctx.services.analyticsShares.create(ctx.caller, inputOf(ctx, args));
    },
  }),
  deleteAnalyticsShare: t.withAuth({ scope: 'analytics:read' }).boolean({
    nullable: true,
    extensions: { [ALSO_NEEDS]: 'links:write' },
    description: 'Revoke a share: its page answers not found at once. Needs links:write too.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      alsoNeeds(ctx, 'links:write');
      await ctx.services.analyticsShares.delete(ctx.caller, args.id);
      return true;
    },
  }),
}));
