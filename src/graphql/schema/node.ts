import { AuthScopeFailureType } from '@pothos/plugin-scope-auth';
import { linkViewOrNull } from '../../domain/link-view.js';
import { builder } from '../builder.js';
import { loaders } from '../loaders.js';
import { nodeKind, registerNode } from '../node-registry.js';
import { refusal } from '../refusal.js';
import { NodeRef } from './node-interface.js';

registerNode('lnk', { type: 'Link', scope: 'links:read', load: async (ctx, id) => linkViewOrNull(await loaders(ctx).link.load(id)) });
registerNode('key', { type: 'ApiKey', scope: 'keys:read', load: (ctx, id) => loaders(ctx).key.load(id) });
registerNode('inv', { type: 'Invite', scope: 'members:read', load: (ctx, id) => loaders(ctx).invite.load(id) });
registerNode('usr', {
  type: 'User',
  scope: 'members:read',
  // A user is visible to a workspace they are a member of.
  load: async (ctx, id) => ((await loaders(ctx).membership.load(id)) ? loaders(ctx).user.load(id) : null),
});

builder.queryFields((t) => ({
  node: t.withAuth({ scope: 'workspace:read' }).field({
    type: NodeRef,
    nullable: true,
    description:
      "Any object of your workspace by its global id (lnk_, key_, whk_, usr_, inv_); null when there is none. Reading it needs that type's read scope.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => {
      const kind = nodeKind(id);
      if (!kind) return null;
      if (!ctx.principal.scopes.has(kind.scope))
        throw refusal(ctx, { kind: AuthScopeFailureType.AuthScope, scope: 'scope', parameter: kind.scope, error: null });
      return kind.load(ctx, id);
    },
  }),
}));
