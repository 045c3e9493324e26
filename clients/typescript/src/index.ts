export { LskClient, LskError } from './client.js';
export type { LskClientOptions, RequestOptions, ClientErrorCode, GraphQLErrorItem, TypedDocument } from './client.js';
export { operations, errorStatus, basePath } from './types.js';
export type * from './types.js';
