import SchemaBuilder from '@pothos/core';
import type { GraphQLContext } from './context.js';

export type GeoTargeting = Record<string, string>;

/** The one Pothos builder. No types here: each lives in schema/<type>.ts. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: {
    GeoTargeting: { Input: unknown; Output: GeoTargeting };
  };
}>({
  defaultFieldNullability: false,
});

builder.queryType({ description: 'Reads. Every field needs an API key; introspection does not.' });
builder.mutationType({ description: 'Writes. Every field needs an API key.' });
