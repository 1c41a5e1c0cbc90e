export * from './abilities.js';
export * from './auth.js';
export * from './envelope.js';
export * from './orgs.js';
export * from './roles.js';
export * from './users.js';
