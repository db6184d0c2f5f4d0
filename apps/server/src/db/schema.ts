/** Every table, for Drizzle's query builder and drizzle-kit. Each domain owns its table file. */
export * from '../modules/users/users.table.js';
export * from '../modules/practices/practices.table.js';
export * from '../modules/auth/auth.table.js';
export * from '../platform/audit/audit.table.js';
export * from '../platform/delivery/outbox.table.js';
