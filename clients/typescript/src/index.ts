export type { CallArgs, PagedOperationId, TypedDocument } from './client.js';
export { LskClient } from './client.js';
export type { LskClientOptions, RequestOptions } from './core.js';
export type { ClientErrorCode, GraphQLErrorItem } from './errors.js';
export { LskError } from './errors.js';
export type * from './generated/api.js';
export { basePath, errorStatus, operations } from './generated/api.js';
