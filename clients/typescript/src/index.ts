export type { ClientErrorCode, GraphQLErrorItem, LskClientOptions, RequestOptions, TypedDocument } from './client.js';
export { LskClient, LskError } from './client.js';
export type * from './types.js';
export { basePath, errorStatus, operations } from './types.js';
