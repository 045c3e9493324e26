import type { DocumentNode, GraphQLSchema } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import type { GraphQLContext } from '../../graphql/context.js';
import { documentLimitPlugins } from '../../graphql/limits/plugins.js';
import { type Logger, toGraphQLError } from '../errors.js';
import { ByteBoundedCache, documentBytes, errorBytes } from './document-cache.js';

export type GraphQLServer = YogaServerInstance<Record<string, never>, GraphQLContext>;

/**
 * yoga as the GraphQL engine: the edge calls `getEnveloped` (parse, validate) itself, for GraphQL and
 * REST alike, so these plugins hold on both surfaces: the document limits (armor and the cost rule),
 * parsed documents and their errors cached by bytes under a hash of their text, and every error
 * masked into the contract's codes. Execution goes through `createExecutor` (./execute.ts): graphql-jit's
 * compiled query called directly, yoga's execute for the documents graphql-jit does not fit.
 */
export function createGraphQLServer(schema: GraphQLSchema, log: Logger & { warn: (obj: object, msg?: string) => void }): GraphQLServer {
  return createYoga<Record<string, never>, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    logging: false,
    cors: false,
    graphiql: false,
    maskedErrors: { maskError: (error) => toGraphQLError(error, log) },
    parserAndValidationCache: {
      documentCache: new ByteBoundedCache<DocumentNode>(64 * 1024 * 1024, 8 * 1024 * 1024, documentBytes),
      errorCache: new ByteBoundedCache<unknown>(8 * 1024 * 1024, 1024 * 1024, errorBytes),
      validationCache: true,
    },
    plugins: documentLimitPlugins(),
  });
}
