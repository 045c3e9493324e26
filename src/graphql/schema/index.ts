import { type GraphQLSchema, lexicographicSortSchema } from 'graphql';
import { builder } from '../builder.js';
import './scalars.js';
import './link.js';
import './workspace.js';
import './members.js';

/** The one schema: GraphQL at /graphql and, through Sofa, REST at /v1. */
export function buildSchema(): GraphQLSchema {
  return lexicographicSortSchema(builder.toSchema());
}
