export * from './client.js';
export * from './query.js';
export * as schema from './schema.js';
export * from './schema.js';
