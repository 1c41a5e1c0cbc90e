export * from './client.js';
export * from './query.js';
export { isConnectionLost, isReadOnlyStatement, makeResilient } from './resilience.js';
export { idempotentRetried, transactionRetried } from './retry.js';
export * as schema from './schema.js';
export * from './schema.js';
