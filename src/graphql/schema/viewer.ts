import type { Principal } from '../../auth/principal.js';
import { SCOPES } from '../../domain/scopes.js';
import { builder } from '../builder.js';
import { RoleEnum } from './members.js';
import { UserType } from './users.js';
import { ApiKeyType, WorkspaceType } from './workspace.js';

const ViewerKind = builder.enumType('ViewerKind', { values: ['user', 'key'] as const, description: 'A signed-in user (dashboard session) or an API key.' });

const ViewerType = builder.objectRef<Principal>('Viewer').implement({
  description: 'Who is calling: a user (with a role) or an API key, the workspace it acts in, and the scopes it holds.',
  fields: (t) => ({
    kind: t.field({ type: ViewerKind, resolve: (p) => p.kind }),
    user: t.field({ type: UserType, nullable: true, resolve: (p) => (p.kind === 'user' ? p.user : null) }),
    key: t.field({ type: ApiKeyType, nullable: true, resolve: (p) => (p.kind === 'key' ? p.key : null) }),
    workspace: t.field({ type: WorkspaceType, resolve: (p) => p.workspace }),
    role: t.field({ type: RoleEnum, nullable: true, description: "The user's role; null for a key.", resolve: (p) => (p.kind === 'user' ? p.role : null) }),
    scopes: t.stringList({ description: 'Scopes held, implications included.', resolve: (p) => SCOPES.filter((s) => p.scopes.has(s)) }),
  }),
});

builder.queryFields((t) => ({
  viewer: t.withAuth({ scope: 'workspace:read' }).field({
    type: ViewerType,
    description: 'Who is calling, in which workspace, with which role and scopes.',
    resolve: (_r, _a, ctx) => ctx.principal,
  }),
}));
