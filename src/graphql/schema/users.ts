import type { User } from '../../domain/accounts.js';
import { builder } from '../builder.js';
import { NodeRef } from './node-interface.js';

export const UserType = builder.objectRef<User>('User').implement({
  description: 'A person who signs in to the dashboard.',
  interfaces: [NodeRef],
  fields: (t) => ({
    id: t.exposeString('id'),
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    created_at: t.string({ resolve: (u) => u.createdAt.toISOString() }),
  }),
});
