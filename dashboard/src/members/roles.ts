/**
 * The roles of a workspace, highest first: the one declaration the server holds (src/domain/scopes.ts),
 * from which the schema's Role enum and the services' role checks are made, bundled here rather
 * than copied (the printed schema lists enum values in name order, not by rank).
 */
export { ROLES } from '../../../src/domain/scopes.js';
