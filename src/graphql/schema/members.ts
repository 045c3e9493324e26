import type { Invite } from '../../domain/accounts.js';
import { ROLES } from '../../domain/scopes.js';
import type { Member } from '../../services/accounts/member-service.js';
import { builder } from '../builder.js';
import { inputOf } from '../context.js';
import { NodeRef } from './node-interface.js';
import { DateTimeScalar } from './scalars.js';

export const RoleEnum = builder.enumType('Role', {
  values: ROLES,
  description:
    'owner (everything), admin (also domains, keys, webhooks, invites and members below owner), member (also writes links and tags), viewer (reads).',
});

const MemberType = builder.objectRef<Member>('Member').implement({
  description: "A user's role in the workspace.",
  fields: (t) => ({
    user_id: t.id({ description: 'The user (usr_…).', resolve: (m) => m.user.id }),
    email: t.string({ resolve: (m) => m.user.email }),
    name: t.string({ resolve: (m) => m.user.name }),
    role: t.field({ type: RoleEnum, resolve: (m) => m.role }),
    created_at: t.field({ type: DateTimeScalar, description: 'When the user joined the workspace.', resolve: (m) => m.createdAt }),
  }),
});

export const InviteType = builder.objectRef<Invite>('Invite').implement({
  description: 'An invitation to join the workspace (its link is shown once, when created).',
  interfaces: [NodeRef],
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    role: t.field({ type: RoleEnum, resolve: (i) => i.role }),
    created_at: t.field({ type: DateTimeScalar, resolve: (i) => i.createdAt }),
    expires_at: t.field({ type: DateTimeScalar, description: 'Seven days after it was made.', resolve: (i) => i.expiresAt }),
  }),
});

const CreatedInviteType = builder.objectRef<{ invite: Invite; url: string }>('CreatedInvite').implement({
  description: 'A new invite with its link, shown this once.',
  fields: (t) => ({
    id: t.id({ resolve: (c) => c.invite.id }),
    email: t.string({ resolve: (c) => c.invite.email }),
    role: t.field({ type: RoleEnum, resolve: (c) => c.invite.role }),
    created_at: t.field({ type: DateTimeScalar, resolve: (c) => c.invite.createdAt }),
    expires_at: t.field({ type: DateTimeScalar, resolve: (c) => c.invite.expiresAt }),
    url: t.string({ description: 'The link to accept it (the dashboard page).', resolve: (c) => c.url }),
  }),
});

const MemberListType = builder
  .objectRef<{ data: Member[] }>('MemberList')
  .implement({ fields: (t) => ({ data: t.field({ type: [MemberType], resolve: (x) => x.data }) }) });
const InviteListType = builder
  .objectRef<{ data: Invite[] }>('InviteList')
  .implement({ fields: (t) => ({ data: t.field({ type: [InviteType], resolve: (x) => x.data }) }) });

builder.queryFields((t) => ({
  members: t.withAuth({ scope: 'members:read' }).field({
    type: MemberListType,
    description: 'Members of your workspace with their roles, oldest first.',
    resolve: async (_r, _a, ctx) => ({ data: await ctx.services.members.list(ctx.caller) }),
  }),
  invites: t.withAuth({ scope: 'members:read' }).field({
    type: InviteListType,
    description: 'Pending invites of your workspace, newest first (never their links).',
    resolve: async (_r, _a, ctx) => ({ data: await ctx.services.members.listInvites(ctx.caller) }),
  }),
}));

builder.mutationFields((t) => ({
  updateMember: t.withAuth({ scope: 'members:write' }).field({
    nullable: true,
    type: MemberType,
    description: "Change a member's role (admins: below owner only; the last owner keeps the role).",
    args: { user_id: t.arg.id({ required: true }), role: t.arg({ type: RoleEnum, required: true, description: 'owner, admin, member or viewer.' }) },
    resolve: (_r, args, ctx) => ctx.services.members.update(ctx.caller, args.user_id, inputOf(ctx, { role: args.role })),
  }),
  removeMember: t.withAuth({ scope: 'members:write' }).boolean({
    nullable: true,
    description: 'Remove a member from your workspace (never the last owner).',
    args: { user_id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      await ctx.services.members.remove(ctx.caller, args.user_id);
      return true;
    },
  }),
  createInvite: t.withAuth({ scope: 'members:write' }).field({
    nullable: true,
    type: CreatedInviteType,
    description: 'Invite someone by email; the link (valid 7 days) is returned this once.',
    args: { email: t.arg.string({ required: true }), role: t.arg({ type: RoleEnum, required: true, description: 'owner, admin, member or viewer.' }) },
    resolve: (_r, args, ctx) => ctx.services.members.invite(ctx.caller, inputOf(ctx, args)),
  }),
  revokeInvite: t.withAuth({ scope: 'members:write' }).boolean({
    nullable: true,
    description: 'Withdraw an invite; its link stops working.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      await ctx.services.members.revokeInvite(ctx.caller, args.id);
      return true;
    },
  }),
}));
