import { describe, expect, it } from 'vitest';
import { patientDetails } from './patientQueries';

describe('patientDetails', () => {
  it('tells patients apart by birth date and phone, the number read as every screen shows it', () => {
    expect(patientDetails({ dateOfBirth: '03/25/1980', phoneNumber: '+12025550123' })).toBe(
      'DOB 03/25/1980 · (202) 555-0123',
    );
    expect(patientDetails({ dateOfBirth: null, phoneNumber: '+442079460958' })).toBe('+44 20 7946 0958');
    expect(patientDetails({ dateOfBirth: null, phoneNumber: null })).toBe('');
  });
});
