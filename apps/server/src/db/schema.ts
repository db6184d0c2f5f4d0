/** Every table, for Drizzle's query builder and drizzle-kit. Each domain owns its table file. */
export * from '../modules/users/users.table.js';
export * from '../modules/practices/practices.table.js';
export * from '../modules/organisations/organisations.table.js';
export * from '../modules/networks/networks.table.js';
export * from '../modules/departments/departments.table.js';
export * from '../modules/invites/invites.table.js';
export * from '../modules/join-requests/join-requests.table.js';
export * from '../modules/api-keys/api-keys.table.js';
export * from '../modules/catalogues/catalogues.table.js';
export * from '../modules/contacts/contacts.table.js';
export * from '../modules/files/files.table.js';
export * from '../modules/link-previews/link-previews.table.js';
export * from '../modules/auth/auth.table.js';
export * from '../platform/audit/audit.table.js';
export * from '../platform/delivery/outbox.table.js';
export * from '../platform/jobs/jobs.table.js';
