/**
 * Where to go after signing in. `next` comes from the address bar, so only a path on this site is
 * taken: it must start with one `/`; `//host` and `/\host` are read by browsers as another site.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/')) return '/';
  if (next.startsWith('//') || next.startsWith('/\\')) return '/';
  // Control characters (tabs, new lines) are dropped by URL parsers and could rebuild a `//`.
  // eslint-disable-next-line no-control-regex -- looks for exactly those control characters
  if (/[\u0000-\u001f\u007f]/.test(next)) return '/';
  return next;
}

/** The sign-in page, coming back to `path` afterwards. */
export function signInPath(path: string): string {
  const next = safeNext(path);
  return next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`;
}
