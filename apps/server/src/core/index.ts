/**
 * Core's public surface: identity and tenancy every module shares (users, sessions, API keys,
 * practices, organisations and their memberships), with the helpers used on them. Core builds on
 * platform only; modules import core from here.
 *
 * Who writes core's tables: the module that presents a table over HTTP writes it directly (users:
 * users and user_settings; practices: practices; organisations: organisations; api-keys:
 * api_keys). Every other module changes them only through the named functions here (users.ts,
 * practices.ts, memberships.ts), so each kind of change to an account or a practice is in one place.
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
export * from './users.js';
