import { describe, expect, it } from 'vitest';
import { validateUpload } from './uploadRules';

function file(name: string, type: string, size: number): File {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

describe('validateUpload', () => {
  it('takes images, PDF, Word and Excel up to 100 MB', () => {
    expect(validateUpload(file('a.png', 'image/png', 1))).toBeNull();
    expect(validateUpload(file('a.pdf', 'application/pdf', 100_000_000))).toBeNull();
    expect(validateUpload(file('a.xlsx', '', 10))).toBeNull();
  });

  it('refuses other types, files over 100 MB and empty files with FilePond’s wording', () => {
    expect(validateUpload(file('a.zip', 'application/zip', 10))?.main).toBe('File is of invalid type');
    expect(validateUpload(file('a.pdf', 'application/pdf', 100_000_001))).toEqual({ main: 'File is too large', sub: 'Maximum file size is 100 MB' });
    expect(validateUpload(file('a.pdf', 'application/pdf', 0))?.main).toBe('File is too small');
  });
});
