import type { User } from '../../domain/accounts.js';
import { builder } from '../builder.js';
import { NodeRef } from './node-interface.js';
import { DateTimeScalar } from './scalars.js';

export const UserType = builder.objectRef<User>('User').implement({
  description: 'A person who signs in to the dashboard.',
  interfaces: [NodeRef],
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    created_at: t.field({ type: DateTimeScalar, resolve: (u) => u.createdAt }),
  }),
});
