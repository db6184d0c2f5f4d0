import { describe, expect, it } from 'vitest';
import { personName, titledName } from './names';

const lena = { firstName: 'Lena', lastName: 'Okafor' };

describe('names', () => {
  it('reads First Last', () => {
    expect(personName(lena)).toBe('Lena Okafor');
  });

  it('puts credentials and job titles after the name, honorifics before it', () => {
    expect(titledName({ ...lena, title: 'MD' })).toBe('Lena Okafor, MD');
    expect(titledName({ ...lena, title: 'MD, PhD' })).toBe('Lena Okafor, MD, PhD');
    expect(titledName({ ...lena, title: 'Practice manager' })).toBe('Lena Okafor, Practice manager');
    expect(titledName({ ...lena, title: 'Dr.' })).toBe('Dr. Lena Okafor');
    expect(titledName({ ...lena, title: 'Prof' })).toBe('Prof Lena Okafor');
  });

  it('is just the name without a title', () => {
    expect(titledName({ ...lena, title: null })).toBe('Lena Okafor');
    expect(titledName({ ...lena, title: '  ' })).toBe('Lena Okafor');
    expect(titledName(lena)).toBe('Lena Okafor');
  });
});
