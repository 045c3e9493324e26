/**
 * The roles of a workspace, highest first: the one declaration the server holds (src/domain/scopes.ts),
 * from which the schema's Role enum and the services' role checks are made, bundled here rather
 * than copied (the printed schema lists enum values in name order, not by rank).
 */
import { ROLES } from '../../../src/domain/scopes.js';
import type { Role } from '../gql/graphql';

export { ROLES };

/** A select's value as the schema's Role (the options are ROLES, so anything else is never sent). */
export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
