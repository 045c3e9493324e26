/**
 * lsk browser SDK: the TypeScript SDK's client (every REST operation as a method, `call`, `paginate`,
 * `graphql`, retries, timeouts, key rotation), bundled without the GraphQL documents into one small
 * file: dist/lsk.min.js (ESM) and dist/lsk.iife.min.js (script tag, global `Lsk`).
 */
export type { CallArgs, LskClientOptions, RequestOptions, TypedDocument } from '../../typescript/src/index.js';
export { basePath, LskClient, LskError } from '../../typescript/src/index.js';
