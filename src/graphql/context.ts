import type { Principal } from '../auth/principal.js';
import type { Caller } from '../domain/caller.js';
import type { Services } from '../wiring/all-services.js';

export interface GraphQLContext {
  services: Services;
  /** Null when the request carried no credentials (introspection is allowed; data fields are not). */
  principal: Principal | null;
  /** The principal as the services see it (callerOf): null without one. */
  caller: Caller | null;
  requestId: string;
  /**
   * The body of a REST call, as its route's schema parsed it (src/http/rest/input.ts): the resolver
   * hands it to the service (`inputOf`), which takes it without parsing it again.
   */
  restBody?: object;
}

/** What a mutation hands its service: the REST body already parsed, else the GraphQL arguments. */
export function inputOf(ctx: GraphQLContext, args: object): unknown {
  return ctx.restBody ?? args;
}

/** The context a resolver sees once its field's declared scope was checked: there is a caller. */
export interface AuthedContext extends GraphQLContext {
  principal: Principal;
  caller: Caller;
}
