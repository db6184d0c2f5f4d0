/**
 * Core's public surface: identity and tenancy every module shares (users, sessions, API keys,
 * practices, organisations and their memberships), with the helpers used on them. Core builds on
 * platform only; modules import core from here.
 */
export * from './users.table.js';
export * from './practices.table.js';
export * from './organisations.table.js';
export * from './api-keys.table.js';
export * from './context.js';
export * from './sessions.js';
export * from './api-keys.js';
export * from './memberships.js';
export * from './access.js';
export * from './locks.js';
export * from './people.js';
export * from './practices.js';
