import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { Gender } from './enums.js';
import { Email, Password, PhoneText, plainName, requiredField } from './common.js';
import { parseDob } from './dates.js';

const tags = ['Signup'];
const DOB_MESSAGE = 'Date of birth must be in the format MM/DD/YYYY';
/**
 * The code of the invite the person signs up from. Its e-mail or phone must be the one signed up
 * with; the invite is then accepted with the new account.
 */
const InviteCode = z.string().trim().min(1, 'Invite code is required').max(200).optional();

const FirstName = plainName(
  z.string(requiredField('First name is required')).trim().min(1, 'First name is required').max(100),
  'First name',
);
const LastName = plainName(
  z.string(requiredField('Last name is required')).trim().min(1, 'Last name is required').max(100),
  'Last name',
);

export const ProviderSignupBody = z.object({
  email: Email,
  phone: PhoneText,
  password: Password,
  firstName: FirstName,
  lastName: LastName,
  role: z.enum(['PROVIDER', 'THIRD_PARTY_STAFF', 'STAFF'], {
    message: 'Role must be PROVIDER, THIRD_PARTY_STAFF or STAFF',
  }),
  app: z.enum(['PROVIDER_WEB', 'PROVIDER_MOBILE'], { message: 'App must be PROVIDER_WEB or PROVIDER_MOBILE' }),
  termsAccepted: z.literal(true, { message: 'You must accept the terms' }),
  inviteCode: InviteCode,
});

export const PatientSignupBody = z.object({
  phone: PhoneText,
  firstName: FirstName,
  lastName: LastName,
  email: Email.optional(),
  dateOfBirth: z.string(requiredField(DOB_MESSAGE)).refine((v) => parseDob(v) !== null, DOB_MESSAGE),
  gender: Gender.optional(),
  addressPlaceId: z.string(requiredField('Address is required')).trim().min(1, 'Address is required').max(300),
  termsAccepted: z.literal(true, { message: 'You must accept the terms' }),
  inviteCode: InviteCode,
});

/**
 * A new account is unverified; the response carries a sign-in flow already waiting at
 * PHONE_CODE (the code is texted), and completing it verifies the phone and signs the user in.
 */
export const SignupResponse = z.object({
  userId: z.number().int(),
  verification: z.object({ uuid: z.string().uuid(), nextStep: z.literal('PHONE_CODE') }),
});

export const providerSignup = endpoint({
  method: 'POST',
  path: '/api/v1/user/signup',
  summary: 'Create a provider account',
  tags,
  auth: 'public',
  body: ProviderSignupBody,
  response: SignupResponse,
  status: 201,
});

export const patientSignup = endpoint({
  method: 'POST',
  path: '/api/v1/patient/signup',
  summary: 'Create a patient account',
  tags,
  auth: 'public',
  body: PatientSignupBody,
  response: SignupResponse,
  status: 201,
});
