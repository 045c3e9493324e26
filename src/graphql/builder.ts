import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { Preview } from '../domain/preview-schemas.js';
import type { LinkRule } from '../domain/rule-schemas.js';
import type { Scope } from '../domain/scopes.js';
import type { Utm } from '../domain/utm-schemas.js';
import type { Variant } from '../domain/variant-schemas.js';
import type { AuthedContext, GraphQLContext } from './context.js';
import { refusal } from './refusal.js';

export type GeoTargeting = Record<string, string>;

/**
 * The one Pothos builder. No types here: each lives in schema/<type>.ts. Every root field declares
 * the scope it needs (`t.withAuth({ scope: 'links:read' })`); scope-auth checks it before the
 * resolver runs, and the resolver then sees a context with a principal (AuthedContext).
 */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: { scope: Scope };
  AuthContexts: { scope: AuthedContext };
  DefaultFieldNullability: false;
  Scalars: {
    // graphql-js hands an ID argument to resolvers as a string (an integer literal is converted).
    ID: { Input: string; Output: string };
    GeoTargeting: { Input: unknown; Output: GeoTargeting };
    DeviceTargeting: { Input: unknown; Output: Record<string, string> };
    LinkFields: { Input: unknown; Output: never };
    DateTime: { Input: Date; Output: Date };
    LinkRules: { Input: unknown; Output: LinkRule[] };
    LinkVariants: { Input: unknown; Output: Variant[] };
    Utm: { Input: unknown; Output: Utm };
    LinkPreview: { Input: unknown; Output: Preview };
    AppSiteAssociation: { Input: unknown; Output: Record<string, unknown> };
    AssetLinks: { Input: unknown; Output: unknown[] };
  };
}>({
  plugins: [ScopeAuthPlugin],
  scopeAuth: {
    authScopes: (ctx) => ({ scope: (needed) => ctx.principal?.scopes.has(needed) ?? false }),
    unauthorizedError: (_parent, ctx, _info, result) => refusal(ctx, result.failure),
  },
  defaultFieldNullability: false,
});

builder.queryType({ description: 'Reads. Every field needs an API key and names its scope; introspection needs neither.' });
builder.mutationType({ description: 'Writes. Every field needs an API key and names its scope.' });
