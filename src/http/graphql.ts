import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { type DocumentNode, type GraphQLSchema, Kind, parse, type SelectionSetNode } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import type { GraphQLContext } from '../graphql/context.js';
import { type Logger, toGraphQLError } from './errors.js';

export interface GraphQLServerContext {
  lsk: GraphQLContext;
}

const require = createRequire(import.meta.url);
/** Where @graphql-yoga/graphiql's built files live; served under /graphiql/ (no CDN). */
export const GRAPHIQL_DIST = dirname(require.resolve('@graphql-yoga/graphiql'));

function graphiqlPage(opts: unknown): string {
  // @graphql-yoga/graphiql reads the initial query from `query` (yoga's option is `defaultQuery`).
  const { defaultQuery, ...rest } = (opts ?? {}) as { defaultQuery?: string } & Record<string, unknown>;
  const options = JSON.stringify(defaultQuery === undefined ? rest : { ...rest, query: defaultQuery }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>lsk GraphQL</title>
<link rel="icon" type="image/svg+xml" href="/graphiql/favicon.svg">
<link rel="stylesheet" href="/graphiql/graphiql.css"></head>
<body id="body" class="no-focus-outline"><div id="root">Loading GraphiQL…</div>
<script>
self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: function (_id, label) {
  return { json: '/graphiql/monacoeditorwork/json.worker.bundle.js', graphql: '/graphiql/monacoeditorwork/graphql.worker..bundle.js' }[label]
    || '/graphiql/monacoeditorwork/editor.worker.bundle.js'; } };
</script>
<script src="/graphiql/yoga-graphiql.umd.js"></script>
<script>YogaGraphiQL.renderYogaGraphiQL(document.getElementById('root'), ${options});</script>
</body></html>`;
}

export function createGraphQLServer(schema: GraphQLSchema, log: Logger): YogaServerInstance<GraphQLServerContext, GraphQLContext> {
  return createYoga<GraphQLServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    logging: false,
    cors: false,
    graphiql: { title: 'lsk GraphQL', defaultQuery: '{ workspace { slug plan rate_limit_rpm } }' },
    renderGraphiQL: graphiqlPage,
    context: ({ lsk }) => lsk,
    maskedErrors: { maskError: (error) => toGraphQLError(error, log) },
    plugins: [
      {
        // Parse and validation errors never reach maskError: give them the contract's code too.
        onResultProcess({ result, setResult }) {
          if (Array.isArray(result) || !result || typeof result !== 'object' || !('errors' in result) || !result.errors) return;
          const errors = result.errors.map((e) => toGraphQLError(e, log));
          setResult({ ...result, errors });
        },
      },
    ],
  });
}

const costCache = new Map<string, number>();

/**
 * How many root fields an operation selects (fragments followed, introspection fields free): the
 * plan limit counts each one, so aliases cannot multiply work past the plan. 1 when unparsable
 * (yoga answers the syntax error).
 */
export function rootFieldCost(query: unknown, operationName: unknown): number {
  if (typeof query !== 'string') return 1;
  const cacheKey = `${typeof operationName === 'string' ? operationName : ''}\u0000${query}`;
  const cached = costCache.get(cacheKey);
  if (cached !== undefined) return cached;
  let doc: DocumentNode;
  try {
    doc = parse(query, { maxTokens: 5000 });
  } catch {
    return 1;
  }
  const ops = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const op = typeof operationName === 'string' ? ops.find((o) => o.name?.value === operationName) : ops.length === 1 ? ops[0] : undefined;
  let cost = 1;
  if (op) {
    const fragments = new Map(doc.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
    const seen = new Set<string>();
    const count = (set: SelectionSetNode): number => {
      let n = 0;
      for (const s of set.selections) {
        if (s.kind === Kind.FIELD) n += s.name.value.startsWith('__') ? 0 : 1;
        else if (s.kind === Kind.INLINE_FRAGMENT) n += count(s.selectionSet);
        else if (!seen.has(s.name.value)) {
          seen.add(s.name.value);
          const f = fragments.get(s.name.value);
          if (f) n += count(f.selectionSet);
        }
      }
      return n;
    };
    cost = count(op.selectionSet);
  }
  if (costCache.size > 1000) costCache.clear();
  costCache.set(cacheKey, cost);
  return cost;
}
