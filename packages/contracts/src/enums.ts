import { z } from 'zod';

/** Enumerations of spec 1 §3 and spec 2 §6 shared by server and clients. */

export const LoginStep = z.enum(['PHONE', 'EMAIL', 'PASSWORD', 'EMAIL_CODE', 'PHONE_CODE', 'SET_NEW_PASSWORD']);
export type LoginStep = z.infer<typeof LoginStep>;

/** The "auth context": which application a sign-in flow belongs to. */
export const AuthApp = z.enum([
  'PROVIDER_WEB',
  'PROVIDER_MOBILE',
  'PATIENT_SUBMISSION',
  'PATIENT_MOBILE',
  'ADMIN_WEB',
  'UPDATE_PHONE',
  'UPDATE_EMAIL',
  'MOBILE',
]);
export type AuthApp = z.infer<typeof AuthApp>;

/** Apps that hold a cookie session; every other sign-in app gets bearer tokens. */
export const WEB_APPS: readonly AuthApp[] = ['PROVIDER_WEB', 'ADMIN_WEB'];

export const Role = z.enum(['ADMIN', 'PROVIDER', 'STAFF', 'THIRD_PARTY_ADMIN', 'THIRD_PARTY_STAFF']);
export type Role = z.infer<typeof Role>;

export const PracticeType = z.enum(['INDIVIDUAL', 'PRACTICE', 'PAYOR', 'THIRD_PARTY', 'ORGANISATION']);
export type PracticeType = z.infer<typeof PracticeType>;

export const BillingBasis = z.enum(['PRACTICE', 'ORGANISATION']);
export const UploadStatus = z.enum(['added', 'queued', 'processing', 'uploading', 'success', 'error']);
export const NotificationKind = z.enum(['info', 'success', 'error', 'warn', 'notification']);
export const NotificationCategory = z.enum(['GENERAL', 'CONTENT', 'APPOINTMENT', 'AUTH']);
export const Platform = z.enum(['IOS', 'ANDROID']);
export const Provenance = z.enum(['FLORIE', 'EXTERNAL']);
export const LocationKind = z.enum(['VIRTUAL', 'PRACTICE', 'DEPARTMENT', 'CUSTOM_ADDRESS']);
export const Gender = z.enum(['MALE', 'FEMALE']);

/** Who an account belongs to: staff of practices or a patient. */
export const UserKind = z.enum(['PROVIDER', 'PATIENT']);
export type UserKind = z.infer<typeof UserKind>;
export type BillingBasis = z.infer<typeof BillingBasis>;

/** Who an invite is for: a patient of the practice, a provider joining it, or an outside vendor. */
export const InviteType = z.enum(['PATIENT', 'PROVIDER', 'VENDOR']);
export type InviteType = z.infer<typeof InviteType>;

export const InviteStatus = z.enum(['PENDING', 'ACCEPTED', 'DECLINED', 'IGNORED', 'REVOKED']);
export type InviteStatus = z.infer<typeof InviteStatus>;

/** A join request starts PENDING; an admin moves it to APPROVED or REJECTED, the requester to REMOVED. */
export const JoinRequestState = z.enum(['PENDING', 'APPROVED', 'REJECTED', 'REMOVED']);
export type JoinRequestState = z.infer<typeof JoinRequestState>;

/** What an API key may do inside its practice; see platform/access for the actions each one opens. */
export const ApiKeyPermission = z.enum([
  'PRACTICE_READ',
  'PRACTICE_WRITE',
  'USERS_READ',
  'USERS_WRITE',
  'INVITES_WRITE',
  'REFERRALS_READ',
  'REFERRALS_WRITE',
  'PATIENTS_READ',
  'PATIENTS_WRITE',
]);
export type ApiKeyPermission = z.infer<typeof ApiKeyPermission>;

export const CustomPropertyType = z.enum(['TEXT', 'NUMBER', 'DATE']);
export type CustomPropertyType = z.infer<typeof CustomPropertyType>;
