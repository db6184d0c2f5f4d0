import { ApiError, isApiError } from './api';

interface Reshape {
  /** Path segments after `body` that name a form field (2 for `openingHours.3`); the rest is dropped. */
  depth?: number;
  /** Errors without issues that belong on one field, by error code (e.g. a taken name). */
  fieldFor?: Record<string, string>;
  /** Renames of the server's field names to the form's. */
  rename?: Record<string, string>;
}

/**
 * Reshapes a server error so `useServerErrors` can put it on the right input: list items
 * (`liaisonEmails.2`) land on their list's field, and coded refusals such as
 * ERROR_INVALID_PHONE_NUMBER land on the field they are about.
 */
export function reshapeServerError(error: unknown, { depth = 1, fieldFor = {}, rename = {} }: Reshape): unknown {
  if (!isApiError(error)) return error;
  const field = fieldFor[error.code];
  if (field && error.issues.length === 0) {
    return new ApiError(error.status, error.code, error.message, [{ path: [field], message: error.message }]);
  }
  if (error.issues.length === 0) return error;
  const issues = error.issues.map((issue) => {
    const inBody = issue.path[0] === 'body' ? issue.path.slice(1) : issue.path;
    const [first, ...rest] = inBody;
    const head = typeof first === 'string' ? (rename[first] ?? first) : first;
    return { ...issue, path: head === undefined ? [] : [head, ...rest].slice(0, depth) };
  });
  return new ApiError(error.status, error.code, error.message, issues);
}
