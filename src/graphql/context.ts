import type { Principal } from '../auth/principal.js';
import type { Services } from '../services/all-services.js';

export interface GraphQLContext {
  services: Services;
  /** Null when the request carried no credentials (introspection is allowed; data fields are not). */
  principal: Principal | null;
  requestId: string;
}

/** The context a resolver sees once its field's declared scope was checked: there is a caller. */
export interface AuthedContext extends GraphQLContext {
  principal: Principal;
}
