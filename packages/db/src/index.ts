export * from './client.js';
export * from './query.js';
export { isConnectionLost, isReadOnlyStatement } from './resilience.js';
export * as schema from './schema.js';
export * from './schema.js';
