import type { GraphQLField } from 'graphql';
import { isScope, type Scope } from '../domain/scopes.js';

/** The scope a root field declares with `t.withAuth({ scope })` (Pothos keeps it in the field's extensions); null for none. */
export function declaredScope(field: GraphQLField<unknown, unknown>): Scope | null {
  const options = field.extensions?.pothosOptions as { authScopes?: { scope?: unknown } } | undefined;
  const scope = options?.authScopes?.scope;
  return typeof scope === 'string' && isScope(scope) ? scope : null;
}
