import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { PracticeType, Role, UserKind } from './enums.js';
import { EpochMs, Id, IdParams, JsonId, OkResponse, PhoneText, plainName } from './common.js';

const tags = ['Users'];

export const PracticeSummary = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  type: PracticeType,
  address: z.string().nullable(),
  colorScheme: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  alternativeScheduleLink: z.string().nullable(),
});
export type PracticeSummary = z.infer<typeof PracticeSummary>;

export const PracticeMembership = z.object({ practice: PracticeSummary, roles: z.array(Role) });
export type PracticeMembership = z.infer<typeof PracticeMembership>;

export const User = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  kind: UserKind,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string().nullable(),
  /** The user's profile photo, once one has been uploaded and scanned clean; clients draw initials otherwise. */
  photoUrl: z.string().nullable(),
  isPlatformAdmin: z.boolean(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  practiceId: z.number().int().nullable(),
  createdAt: EpochMs,
});
export type User = z.infer<typeof User>;

export const UserSettings = z.object({
  notificationSounds: z.boolean(),
  helpScreen: z.boolean(),
  toggledCalendarIds: z.array(JsonId).max(200),
  toggledCalendarSlots: z.array(z.string().max(64)).max(200),
  calendarDisplaySlotHeight: z.number().int().min(10).max(200),
  reschedulePatientNotifications: z.boolean(),
  receiveAppointmentEmails: z.boolean(),
});
export type UserSettings = z.infer<typeof UserSettings>;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  notificationSounds: true,
  helpScreen: true,
  toggledCalendarIds: [],
  toggledCalendarSlots: [],
  calendarDisplaySlotHeight: 40,
  reschedulePatientNotifications: true,
  receiveAppointmentEmails: true,
};

export const CurrentUserResponse = z.object({
  user: User,
  currentPractice: PracticeMembership.nullable(),
  session: z.object({
    uuid: z.string().uuid(),
    idleTimeoutMs: z.number().int(),
    expiresAt: EpochMs,
  }),
});
export type CurrentUserResponse = z.infer<typeof CurrentUserResponse>;

export const currentUser = endpoint({
  method: 'GET',
  path: '/api/v1/user/current',
  summary: 'The signed-in user, their current practice (or the one named) and their session',
  tags,
  auth: 'user',
  query: z.object({ practiceId: Id.optional() }),
  response: CurrentUserResponse,
});

export const currentUserPractices = endpoint({
  method: 'GET',
  path: '/api/v1/user/current/practices',
  summary: 'Practices the signed-in user belongs to',
  tags,
  auth: 'user',
  response: z.array(PracticeMembership),
});

const SettingsQuery = z.object({ practiceId: Id });

export const getUserSettings = endpoint({
  method: 'GET',
  path: '/api/v1/user/:id/settings',
  summary: "A user's settings in a practice",
  tags,
  auth: 'user',
  params: IdParams,
  query: SettingsQuery,
  response: UserSettings,
});

export const updateUserSettings = endpoint({
  method: 'PUT',
  path: '/api/v1/user/:id/settings',
  summary: "Change some of a user's settings in a practice",
  tags,
  auth: 'user',
  params: IdParams,
  query: SettingsQuery,
  body: UserSettings.partial().strict(),
  response: UserSettings,
});

export const UserEditBody = z
  .object({
    firstName: plainName(z.string().trim().min(1, 'First name is required').max(100), 'First name'),
    lastName: plainName(z.string().trim().min(1, 'Last name is required').max(100), 'Last name'),
    title: plainName(z.string().trim().max(100), 'Title').nullable(),
    practiceId: Id,
  })
  .partial()
  .strict();

export const editUser = endpoint({
  method: 'PUT',
  path: '/api/v1/user/:id/',
  summary: "Edit a user's name or title, or switch their current practice",
  tags,
  auth: 'user',
  params: IdParams,
  body: UserEditBody,
  response: User,
});

export const verifyPhone = endpoint({
  method: 'PUT',
  path: '/api/v1/user/:id/verifyPhone',
  summary: 'Text a code to a new phone number for the user to confirm',
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ phone: PhoneText }),
  response: OkResponse,
});

export const verifyCode = endpoint({
  method: 'PUT',
  path: '/api/v1/user/:id/verifyCode',
  summary: "Confirm the phone number with the texted code; the number becomes the user's",
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ code: z.string().min(1) }),
  response: User,
});

export const endUserSession = endpoint({
  method: 'PUT',
  path: '/api/v1/user/:id/endSession',
  summary: "End one of the user's sessions (earlier contract)",
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ session: z.string().uuid() }),
  response: OkResponse,
});

/**
 * Taking your profile photo down (not in the spec; docs/decisions.md; the upload is
 * practicesApi.userProfilePhoto). Answers the user without it; with none there it changes nothing.
 */
export const removeUserProfilePhoto = endpoint({
  method: 'DELETE',
  path: '/api/v1/user/:id/profilePhoto',
  summary: 'Remove your profile photo',
  tags,
  auth: 'user',
  params: IdParams,
  response: User,
});
