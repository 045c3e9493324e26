/**
 * Typed GraphQL (`@lsk/client/graphql`): a document for every root Query and Mutation field, and the
 * schema's and each document's types, all generated from schema/schema.graphql into ./generated.
 *
 *   const { links } = await lsk.graphql(LinksDocument, { limit: 10 });   // links: typed
 *   const Tags = gql<{ tags: { data: { name: string }[] } }>('{ tags { data { name } } }');
 */
import type { TypedDocument } from './client.js';

export type { TypedDocument } from './client.js';
export * from './generated/graphql-documents.js';
export type * from './generated/graphql-types.js';

/** Tag a document of your own with its result and variables types. */
export function gql<TData, TVariables = Record<string, never>>(source: string): TypedDocument<TData, TVariables> {
  return source as TypedDocument<TData, TVariables>;
}
