import { describe, expect, it } from 'vitest';
import { signFileLink, verifyFileLink } from './signed-urls.js';

const signer = { secret: 'a-test-secret-that-is-long-enough', publicUrl: 'https://app.example.test', ttlMs: 300_000 };
const uuid = '0b6f7a7e-8f63-4c1d-9a3a-1d2e3f4a5b6c';
const now = 1_700_000_000_000;

function parts(url: string) {
  const u = new URL(url);
  return { path: u.pathname, expires: u.searchParams.get('expires')!, signature: u.searchParams.get('signature')! };
}

describe('signed file links', () => {
  it('signs an absolute link that expires after the TTL', () => {
    const url = signFileLink(signer, 'PUT', `/api/v1/files/upload/${uuid}`, uuid, now);
    const { path, expires, signature } = parts(url);
    expect(url.startsWith('https://app.example.test/api/v1/files/upload/')).toBe(true);
    expect(path).toBe(`/api/v1/files/upload/${uuid}`);
    expect(Number(expires)).toBe(now + 300_000);
    expect(verifyFileLink(signer.secret, 'PUT', uuid, expires, signature, now)).toBe(true);
    expect(verifyFileLink(signer.secret, 'PUT', uuid, expires, signature, now + 300_000)).toBe(true);
    expect(verifyFileLink(signer.secret, 'PUT', uuid, expires, signature, now + 300_001)).toBe(false);
  });

  it('refuses another method, file, expiry, secret or a tampered signature', () => {
    const { expires, signature } = parts(signFileLink(signer, 'GET', `/x/${uuid}`, uuid, now));
    expect(verifyFileLink(signer.secret, 'GET', uuid, expires, signature, now)).toBe(true);
    expect(verifyFileLink(signer.secret, 'PUT', uuid, expires, signature, now)).toBe(false);
    expect(verifyFileLink(signer.secret, 'GET', uuid.replace('0b', '1b'), expires, signature, now)).toBe(false);
    expect(verifyFileLink(signer.secret, 'GET', uuid, String(Number(expires) + 1000), signature, now)).toBe(false);
    expect(verifyFileLink('another-secret-that-is-long-enough', 'GET', uuid, expires, signature, now)).toBe(false);
    expect(verifyFileLink(signer.secret, 'GET', uuid, expires, `${signature.slice(0, -1)}A`, now)).toBe(false);
    expect(verifyFileLink(signer.secret, 'GET', uuid, undefined, signature, now)).toBe(false);
    expect(verifyFileLink(signer.secret, 'GET', uuid, '1e20', signature, now)).toBe(false);
  });
});
