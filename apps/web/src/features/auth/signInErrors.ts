import { ERRORS } from '@referwell/contracts';
import { isApiError, type ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';

export interface SignInProblem {
  /** `field` errors belong to the input on screen; `form` errors are about the attempt as a whole. */
  target: 'field' | 'form';
  message: string;
  /** The flow is gone on the server; the person has to start again. */
  restart?: boolean;
  /** Only a phone sign-in (which texts a code) can go on from here. */
  usePhone?: boolean;
}

const INCORRECT_CODE_MESSAGE = 'That code is not right. Check it and try again.';
const EXPIRED_MESSAGE = 'This sign-in has expired. Please start again.';

/** 457 usually means a mistyped code; the server words other cases (an expired code) itself. */
export function incorrectCodeMessage(error: ApiError): string {
  return error.message === ERRORS.INCORRECT_CODE.message ? INCORRECT_CODE_MESSAGE : error.message;
}

export function describeSignInError(error: unknown): SignInProblem {
  if (!isApiError(error)) return { target: 'form', message: errorMessage(error) };
  switch (error.status) {
    case 400:
      return { target: 'field', message: error.issues[0]?.message ?? error.message };
    case 404:
      return { target: 'form', message: EXPIRED_MESSAGE, restart: true };
    case 456:
      // The server says why the flow is over (expired, or too many wrong codes).
      return {
        target: 'form',
        message: error.message === ERRORS.OBJECT_NOT_FOUND.message ? EXPIRED_MESSAGE : error.message,
        restart: true,
      };
    case 451:
      return { target: 'field', message: 'Incorrect email or password' };
    case 457:
      return { target: 'field', message: incorrectCodeMessage(error) };
    case 458:
      // The server says how long this device has to wait; codes are never held back.
      return {
        target: 'form',
        message: `${error.message} Meanwhile you can reset your password, or sign in with your phone number.`,
      };
    case 459:
      return { target: 'form', message: 'This account is locked. Contact your practice administrator to unlock it.' };
    case 461:
      return {
        target: 'form',
        message: 'This account has not been verified yet. Sign in with your phone number to get a verification code.',
        restart: true,
        usePhone: true,
      };
    default:
      return { target: 'form', message: errorMessage(error) };
  }
}
