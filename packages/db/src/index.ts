export * from './client.js';
export * as schema from './schema.js';
export * from './schema.js';
