/** The value of a cookie scripts may read, or null when the browser holds none by that name. */
export function readCookie(name: string): string | null {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : null;
}

/** Removes a cookie scripts may read, set by the server on path `/`. */
export function deleteCookie(name: string) {
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
