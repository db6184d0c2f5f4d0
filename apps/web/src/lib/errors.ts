import { isApiError, NETWORK_ERROR } from './api';

/** The text to show a person for a failed call. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === NETWORK_ERROR) return 'Could not reach the server. Check your connection and try again.';
    // A text limit says which and until when, for people to read; other limits get plainer words.
    if (error.status === 429 && error.code !== 'TEXT_LIMIT_REACHED')
      return 'Too many requests. Wait a moment and try again.';
    return error.message;
  }
  return 'Something went wrong. Try again.';
}

/**
 * Splits a server validation failure into messages for the form's own fields and the rest, which
 * the form shows above its buttons.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]) {
  const fieldErrors: Record<string, string> = {};
  const other: string[] = [];
  if (isApiError(error) && error.issues.length > 0) {
    for (const issue of error.issues) {
      // The server names where an issue sits ('body', 'querystring', 'params') before the field.
      const inBody = issue.path[0] === 'body' ? issue.path.slice(1) : issue.path;
      const path = inBody.join('.');
      if (fields.includes(path)) fieldErrors[path] ??= issue.message;
      else other.push(issue.message);
    }
  } else {
    other.push(errorMessage(error));
  }
  return { fieldErrors, message: other.length > 0 ? other.join(' ') : null };
}
