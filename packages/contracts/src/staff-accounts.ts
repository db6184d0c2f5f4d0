import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { Email, EpochMs, Id, PhoneText, plainName, requiredField } from './common.js';

/** A practice admin adding a staff member's account directly (spec 1 §7 Users: POST users). */

const tags = ['Users'];

/** A set-password link works for this long (docs/decisions.md, Adding a staff member directly). */
export const SET_PASSWORD_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
/** The web page a set-password link opens: `${publicUrl}${SET_PASSWORD_PATH}?flow=<uuid>&code=<code>`. */
export const SET_PASSWORD_PATH = '/set-password';

/**
 * The roles an account may be made with. An admin role is granted afterwards, under Members, to
 * someone who has set their own password and signed in.
 */
export const StaffRole = z.enum(['PROVIDER', 'STAFF', 'THIRD_PARTY_STAFF'], {
  message: 'Role must be PROVIDER, STAFF or THIRD_PARTY_STAFF',
});
export type StaffRole = z.infer<typeof StaffRole>;

const name = (label: string) =>
  plainName(
    z
      .string(requiredField(`${label} is required`))
      .trim()
      .min(1, `${label} is required`)
      .max(100, `${label} must be at most 100 characters`),
    label,
  );

export const AddStaffBody = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: Email,
  phoneNumber: PhoneText,
  role: StaffRole,
});

export const AddStaffResponse = z.object({
  user: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  role: StaffRole,
  /** When the e-mailed set-password link stops working. */
  linkExpiresAt: EpochMs,
});
export type AddStaffResponse = z.infer<typeof AddStaffResponse>;

export const addStaffMember = endpoint({
  method: 'POST',
  path: '/api/v1/users',
  summary:
    'A practice admin creates a staff account in the practice; the person is e-mailed a link to set their password (450 when the e-mail or phone already has an account: invite them instead)',
  tags,
  auth: 'user',
  query: z.object({ practiceId: Id }),
  body: AddStaffBody,
  response: AddStaffResponse,
});
