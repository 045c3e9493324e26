import { idParamSchema } from '../domain/ids.js';
import { createdInviteSchema, createInviteSchema, inviteListSchema, memberListSchema, memberSchema, updateMemberSchema } from '../domain/member-schemas.js';
import type { RestRoute } from './route.js';

const USER_ID = { user_id: idParamSchema('usr') };

/** Members of the workspace and invites. */
export const MEMBER_ROUTES: readonly RestRoute[] = [
  { field: 'Query.members', method: 'GET', path: '/members', status: 200, tag: 'members', summary: 'List members', response: memberListSchema },
  {
    field: 'Mutation.updateMember',
    method: 'PATCH',
    path: '/members/:user_id',
    status: 200,
    tag: 'members',
    summary: "Change a member's role",
    body: updateMemberSchema,
    params: USER_ID,
    response: memberSchema,
  },
  { field: 'Mutation.removeMember', method: 'DELETE', path: '/members/:user_id', status: 204, tag: 'members', summary: 'Remove a member', params: USER_ID },
  { field: 'Query.invites', method: 'GET', path: '/invites', status: 200, tag: 'members', summary: 'List pending invites', response: inviteListSchema },
  {
    field: 'Mutation.createInvite',
    method: 'POST',
    path: '/invites',
    status: 201,
    tag: 'members',
    summary: 'Invite someone',
    body: createInviteSchema,
    location: (d) => `/v1/invites/${String(d.id)}`,
    response: createdInviteSchema,
  },
  {
    field: 'Mutation.revokeInvite',
    method: 'DELETE',
    path: '/invites/:id',
    status: 204,
    tag: 'members',
    summary: 'Withdraw an invite',
    params: { id: idParamSchema('inv') },
  },
];
