import { useGraphQlJit } from '@envelop/graphql-jit';
import { type DocumentNode, type GraphQLSchema, Kind, type ValueNode, visit } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import type { GraphQLContext } from '../../graphql/context.js';
import { documentLimitPlugins } from '../../graphql/limits/plugins.js';
import { type Logger, toGraphQLError } from '../errors.js';
import { ByteBoundedCache, documentBytes, errorBytes } from './document-cache.js';

export type GraphQLServer = YogaServerInstance<Record<string, never>, GraphQLContext>;

const jitFits = new WeakMap<DocumentNode, boolean>();

/**
 * Whether graphql-jit runs a document exactly as graphql-js does. Not when it holds several
 * operations (its cache is per document, not per operation), nor when a variable sits inside an
 * object or list literal (it reads such literals once, at compile time: `geo_targeting: { DE: $de }`
 * would lose `$de`). Those run on graphql-js.
 */
function jitFitsDocument({ document }: { document: DocumentNode }): boolean {
  let fits = jitFits.get(document);
  if (fits === undefined) {
    let nested = false;
    visit(document, {
      Argument(node) {
        if (node.value.kind === Kind.OBJECT || node.value.kind === Kind.LIST) nested ||= holdsVariable(node.value);
      },
    });
    fits = !nested && document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION).length === 1;
    jitFits.set(document, fits);
  }
  return fits;
}

function holdsVariable(value: ValueNode): boolean {
  if (value.kind === Kind.VARIABLE) return true;
  if (value.kind === Kind.LIST) return value.values.some(holdsVariable);
  if (value.kind === Kind.OBJECT) return value.fields.some((f) => holdsVariable(f.value));
  return false;
}

/**
 * yoga as the GraphQL engine: the edge calls `getEnveloped` (parse, validate, execute) itself, for
 * GraphQL and REST alike, so these plugins hold on both surfaces: the document limits (armor and the
 * cost rule), parsed documents and their errors cached by bytes under a hash of their text, compiled
 * execution (graphql-jit), and every error masked into the contract's codes.
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
    plugins: [
      ...documentLimitPlugins(),
      useGraphQlJit({}, { enableIf: jitFitsDocument, onError: (r) => log.warn({ errors: r.errors }, 'graphql-jit could not compile a document') }),
    ],
  });
}
