import type { GraphQLField } from 'graphql';
import { isScope, type Scope } from '../domain/scopes.js';

/** The scope a root field declares with `t.withAuth({ scope })` (Pothos keeps it in the field's extensions); null for none. */
export function declaredScope(field: GraphQLField<unknown, unknown>): Scope | null {
  const options = field.extensions?.pothosOptions as { authScopes?: { scope?: unknown } } | undefined;
  const scope = options?.authScopes?.scope;
  return typeof scope === 'string' && isScope(scope) ? scope : null;
}

/** A field's extension naming a second scope it needs besides the declared one (checked by its resolver: alsoNeeds). */
export const ALSO_NEEDS = 'lskAlsoNeeds';
/** A field's extension marking it public: no key or session (shared analytics, docs/adr/0215). */
export const PUBLIC_FIELD = 'lskPublic';

/** Every scope a root field needs: the declared one and the one its resolver also checks. */
export function declaredScopes(field: GraphQLField<unknown, unknown>): Scope[] {
  const first = declaredScope(field);
  const also = field.extensions?.[ALSO_NEEDS];
  return [...(first ? [first] : []), ...(typeof also === 'string' && isScope(also) ? [also] : [])];
}

/** Whether a root field is answered without credentials (it then declares no scope). */
export function isPublicField(field: GraphQLField<unknown, unknown>): boolean {
  return field.extensions?.[PUBLIC_FIELD] === true;
}
