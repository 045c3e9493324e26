import type { Principal } from '../auth/api-keys.js';
import { LskError } from '../domain/errors.js';
import type { Services } from '../services/services.js';

export interface GraphQLContext {
  services: Services;
  /** Null when the request carried no key (introspection is allowed; data fields are not). */
  principal: Principal | null;
  requestId: string;
}

/** Every data field needs a key: the caller's workspace id, or 401 unauthorized. */
export function workspaceOf(ctx: GraphQLContext): string {
  if (!ctx.principal) throw new LskError('unauthorized', 'An API key is required: send "Authorization: Bearer lsk_live_...".');
  return ctx.principal.workspace.id;
}
