import { describe, expect, it } from 'vitest';
import { validateUpload, WEB_IMAGE_RULES } from './uploadRules';

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
    expect(validateUpload(file('exercise.mp4', 'video/mp4', 10))?.main).toBe('File is of invalid type');
    expect(validateUpload(file('a.pdf', 'application/pdf', 100_000_001))).toEqual({
      main: 'File is too large',
      sub: 'Maximum file size is 100 MB',
    });
    expect(validateUpload(file('a.pdf', 'application/pdf', 0))?.main).toBe('File is too small');
  });

  it('refuses SVG up front with the words of the server’s refusal', () => {
    const refusal = { main: 'Sorry this file type is not supported', sub: 'SVG images cannot be uploaded' };
    expect(validateUpload(file('logo.svg', 'image/svg+xml', 10))).toEqual(refusal);
    expect(validateUpload(file('logo.svg', '', 10))).toEqual(refusal);
  });
});

describe('WEB_IMAGE_RULES (logos and profile photos)', () => {
  const { validate, accept, hint } = WEB_IMAGE_RULES;

  it('take PNG, JPEG, GIF and WebP images up to 10 MB, and say so', () => {
    for (const [name, type] of [
      ['a.png', 'image/png'],
      ['a.jpg', 'image/jpeg'],
      ['a.gif', 'image/gif'],
      ['a.webp', 'image/webp'],
      ['a.jpeg', ''],
    ]) {
      expect(validate(file(name, type, 10_000_000)), name).toBeNull();
    }
    expect(hint).toBe('PNG, JPEG, GIF or WebP images, up to 10 MB');
    expect(accept).toEqual(
      expect.arrayContaining(['image/png', 'image/jpeg', 'image/gif', 'image/webp', '.png', '.jpg', '.webp']),
    );
    expect(accept).not.toContain('image/*');
  });

  it('refuse other files, and images the server would not take, with what they accept', () => {
    const invalid = { main: 'File is of invalid type', sub: 'Accepts PNG, JPEG, GIF or WebP images' };
    expect(validate(file('letter.pdf', 'application/pdf', 10))).toEqual(invalid);
    expect(validate(file('scan.tiff', 'image/tiff', 10))).toEqual(invalid);
    expect(validate(file('logo.svg', 'image/svg+xml', 10))).toEqual(invalid);
    expect(validate(file('a.png', 'image/png', 20_000_000))).toEqual({
      main: 'File is too large',
      sub: 'Maximum file size is 10 MB',
    });
    expect(validate(file('a.png', 'image/png', 0))?.main).toBe('File is too small');
  });
});
