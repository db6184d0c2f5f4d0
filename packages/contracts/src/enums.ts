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
