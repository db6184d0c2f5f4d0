import { describe, expect, it } from 'vitest';
import { safeNext, signInPath } from './safeNext';

describe('safeNext', () => {
  it('keeps paths on this site, with their query', () => {
    expect(safeNext('/invite/abc')).toBe('/invite/abc');
    expect(safeNext('/practices/join?practiceId=3')).toBe('/practices/join?practiceId=3');
  });

  it.each([
    null,
    undefined,
    '',
    'invite/abc',
    'https://evil.test',
    '//evil.test',
    '/\\evil.test',
    '/\t/evil.test',
    'javascript:alert(1)',
  ])('sends %j home', (next) => {
    expect(safeNext(next)).toBe('/');
  });

  it('builds a sign-in link that comes back', () => {
    expect(signInPath('/invite/a b')).toBe('/login?next=%2Finvite%2Fa%20b');
    expect(signInPath('/')).toBe('/login');
  });
});
