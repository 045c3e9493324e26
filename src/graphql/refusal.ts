import { type AuthFailure, AuthScopeFailureType } from '@pothos/plugin-scope-auth';
import { credentialsRequired } from '../auth/principal.js';
import { LskError } from '../domain/errors.js';
import type { Scope } from '../domain/scopes.js';
import type { GraphQLContext } from './context.js';

/** The scopes a scope-auth failure asked for (a field declares one; $any / $all list several). */
function neededScopes(failure: AuthFailure): string[] {
  switch (failure.kind) {
    case AuthScopeFailureType.AuthScope:
      return [String(failure.parameter)];
    case AuthScopeFailureType.AnyAuthScopes:
    case AuthScopeFailureType.AllAuthScopes:
      return failure.failures.flatMap(neededScopes);
    default:
      return [];
  }
}

/** A field refused by its declared scope: 401 without a caller, 403 naming the scope otherwise. */
export function refusal(ctx: GraphQLContext, failure: AuthFailure): LskError {
  if (!ctx.principal) return credentialsRequired();
  const scopes = neededScopes(failure);
  const named = scopes.length > 0 ? scopes.map((s) => `"${s}"`).join(' or ') : 'a scope';
  // A member's scopes come from their role: refused by role is `forbidden`; a key lacks a scope.
  if (ctx.principal.kind === 'user') return new LskError('forbidden', `Your role (${ctx.principal.role}) does not allow this: it needs ${named}.`);
  return new LskError('insufficient_scope', `This call needs the scope ${named}.`);
}

/** A resolver's check of a second scope its field needs (declared-scope.ts ALSO_NEEDS): the same refusal as scope-auth's. */
export function alsoNeeds(ctx: GraphQLContext, scope: Scope): void {
  if (ctx.principal?.scopes.has(scope)) return;
  throw refusal(ctx, { kind: AuthScopeFailureType.AuthScope, scope: 'scope', parameter: scope } as AuthFailure);
}
