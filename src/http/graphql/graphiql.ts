import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);
/** Where @graphql-yoga/graphiql's built files live; served under /graphiql/ (no CDN). */
export const GRAPHIQL_DIST = dirname(require.resolve('@graphql-yoga/graphiql'));

const OPTIONS = JSON.stringify({ title: 'lsk GraphQL', query: '{ workspace { slug plan rate_limit_rpm } }' }).replace(/</g, '\\u003c');

/** GraphiQL for a browser asking GET /graphql: every asset from this service. */
export const GRAPHIQL_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>lsk GraphQL</title>
<link rel="icon" type="image/svg+xml" href="/graphiql/favicon.svg">
<link rel="stylesheet" href="/graphiql/graphiql.css"></head>
<body id="body" class="no-focus-outline"><div id="root">Loading GraphiQL…</div>
<script>
self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: function (_id, label) {
  return { json: '/graphiql/monacoeditorwork/json.worker.bundle.js', graphql: '/graphiql/monacoeditorwork/graphql.worker..bundle.js' }[label]
    || '/graphiql/monacoeditorwork/editor.worker.bundle.js'; } };
</script>
<script src="/graphiql/yoga-graphiql.umd.js"></script>
<script>YogaGraphiQL.renderYogaGraphiQL(document.getElementById('root'), ${OPTIONS});</script>
</body></html>`;
