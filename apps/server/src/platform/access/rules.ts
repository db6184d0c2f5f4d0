import type { ApiKeyPermission, Role } from '@referwell/contracts';

/**
 * What each role may do, written down once. Services name an action to core/access.ts, which looks
 * up the caller's roles and has `platform/access` check them (or, for an API key, its permissions)
 * against this table. ARCHITECTURE.md renders the same table for people.
 */
export interface Rule {
  /** Roles in the practice (or organisation) that may do it. */
  roles: readonly Role[];
  /** The permission an API key needs for it; absent means keys may never do it. */
  apiKey?: ApiKeyPermission;
  /** One line for ARCHITECTURE.md and error messages. */
  describes: string;
}

export const ALL_ROLES: readonly Role[] = ['ADMIN', 'PROVIDER', 'STAFF', 'THIRD_PARTY_ADMIN', 'THIRD_PARTY_STAFF'];
const ADMINS: readonly Role[] = ['ADMIN', 'THIRD_PARTY_ADMIN'];

/** Actions inside a practice. */
export const PRACTICE_RULES = {
  'practice.view': {
    roles: ALL_ROLES,
    apiKey: 'PRACTICE_READ',
    describes: 'see the practice profile, tags, gates, departments and networks',
  },
  'practice.edit': {
    roles: ADMINS,
    apiKey: 'PRACTICE_WRITE',
    describes: 'edit the profile, opening hours, tags, logo and custom properties',
  },
  'practice.billing': { roles: ['ADMIN'], describes: 'set the billing e-mail and billing arrangements' },
  'team.view': { roles: ALL_ROLES, apiKey: 'USERS_READ', describes: 'list users, providers and roles' },
  'team.manage': {
    roles: ADMINS,
    apiKey: 'USERS_WRITE',
    describes:
      'grant and remove roles, remove users, assign users to the organisation, approve join requests, manage departments',
  },
  'team.admins': {
    roles: ['ADMIN'],
    apiKey: 'USERS_WRITE',
    describes: 'make someone an admin or take the admin role away',
  },
  'team.invite': {
    roles: ['ADMIN', 'PROVIDER', 'THIRD_PARTY_ADMIN'],
    apiKey: 'INVITES_WRITE',
    describes: 'invite people to the practice or its networks',
  },
  'networks.manage': {
    roles: ADMINS,
    apiKey: 'PRACTICE_WRITE',
    describes: 'create, order and change the practice’s networks',
  },
  'contacts.manage': { roles: ALL_ROLES, describes: 'add and remove practice contacts, open chats with practices' },
  'apiKeys.manage': { roles: ['ADMIN'], describes: 'create, list and deactivate API keys' },
  'patients.view': {
    roles: ALL_ROLES,
    apiKey: 'PATIENTS_READ',
    describes: 'see the practice’s patients and their referrals',
  },
  'patients.manage': { roles: ALL_ROLES, apiKey: 'PATIENTS_WRITE', describes: 'add and edit the practice’s patients' },
  'referrals.view': {
    roles: ALL_ROLES,
    apiKey: 'REFERRALS_READ',
    describes: 'see the referrals the practice sent or was offered, their comments and notes',
  },
  'referrals.manage': {
    roles: ALL_ROLES,
    apiKey: 'REFERRALS_WRITE',
    describes: 'send, accept, reject, reschedule, cancel, archive and tag referrals, comment and write notes',
  },
  'chats.view': { roles: ALL_ROLES, describes: 'see and write in the practice’s chats' },
  'chats.manage': { roles: ALL_ROLES, describes: 'start chats for the practice, close them and change who is in them' },
  'intake.view': {
    roles: ALL_ROLES,
    describes: 'see the practice’s intake forms and the submissions patients sent through them',
  },
  'intake.answer': { roles: ALL_ROLES, describes: 'accept, reject and archive intake submissions' },
  'intake.manage': { roles: ADMINS, describes: 'create, change and take down the practice’s intake forms' },
  'appointments.view': { roles: ALL_ROLES, describes: 'see the practice’s appointments and appointment templates' },
  'appointments.manage': {
    roles: ALL_ROLES,
    describes: 'book, confirm and cancel appointments for the practice’s patients',
  },
  'appointments.templates': { roles: ADMINS, describes: 'create, change and retire appointment templates' },
  'audit.view': { roles: ['ADMIN'], describes: 'read and export the practice’s audit trail' },
} as const satisfies Record<string, Rule>;
export type PracticeAction = keyof typeof PRACTICE_RULES;

/** Actions inside an organisation (roles held in organisation_members). */
export const ORGANISATION_RULES = {
  'organisation.view': { roles: ALL_ROLES, describes: 'see the organisation, its practices and members' },
  'organisation.manage': { roles: ADMINS, describes: 'edit it, invite members, grant roles, set billing' },
  'organisation.admins': {
    roles: ['ADMIN'],
    describes: 'make someone an organisation admin or take the admin role away',
  },
} as const satisfies Record<string, Rule>;
export type OrganisationAction = keyof typeof ORGANISATION_RULES;
