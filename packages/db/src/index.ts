export * from './client.js';
export * from './query.js';
export { isConnectionLost, isReadOnlyStatement, makeResilient } from './resilience.js';
export { idempotentRetried, type RetryOptions, transactionRetried } from './retry.js';
export * as schema from './schema.js';
export * from './schema.js';
