import type { IncomingMessage } from 'node:http';
import type { ApiKeyService } from '../../auth/api-keys.js';
import type { Principal } from '../../auth/principal.js';

/**
 * Reads one kind of credential. Answers null when the request carries none of its kind (the next
 * authenticator is asked), the principal when it is good, and throws the contract's 401 when it is
 * present but bad. The guard asks an ordered list of these: API keys today; the dashboard adds a
 * session-cookie authenticator beside it.
 */
export type Authenticator = (req: IncomingMessage) => Principal | null | Promise<Principal | null>;

/** `Authorization: Bearer lsk_live_…`. */
export function apiKeyAuthenticator(keys: ApiKeyService): Authenticator {
  return (req) => {
    const header = req.headers.authorization;
    return header === undefined ? null : keys.authenticate(header);
  };
}
