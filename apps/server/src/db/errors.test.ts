import { describe, expect, it } from 'vitest';
import { onUniqueViolation } from './errors.js';

const taken = () => new Error('taken');
/** Drizzle wraps the driver's error: the SQLSTATE sits on its cause. */
const wrapped = (code: string) => Object.assign(new Error('query failed'), { cause: { code } });

describe('onUniqueViolation', () => {
  it('answers what the write answers', async () => {
    await expect(onUniqueViolation(() => Promise.resolve(7), taken)).resolves.toBe(7);
  });

  it('throws its own error for a unique violation, however wrapped', async () => {
    await expect(onUniqueViolation(() => Promise.reject(wrapped('23505')), taken)).rejects.toThrow('taken');
  });

  it('lets any other error through as it was', async () => {
    const other = wrapped('23503');
    await expect(onUniqueViolation(() => Promise.reject(other), taken)).rejects.toBe(other);
  });
});
