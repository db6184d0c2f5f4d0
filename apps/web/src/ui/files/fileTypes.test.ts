import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ATTRIBUTE,
  fileExtension,
  isAcceptedFile,
  isImageFile,
  isVideoFile,
  truncateFileName,
} from './fileTypes';

describe('file types', () => {
  it('reads the extension', () => {
    expect(fileExtension('Report.PDF')).toBe('pdf');
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.env')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });

  it('counts png, jpg, jpeg, svg and gif as images', () => {
    for (const type of ['image/png', 'image/jpg', 'image/jpeg', 'image/svg+xml', 'image/gif', 'image']) {
      expect(isImageFile({ name: 'x', type })).toBe(true);
    }
    expect(isImageFile({ name: 'x.webp', type: 'image/webp' })).toBe(false);
    expect(isImageFile({ name: 'x.pdf', type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ name: 'scan.JPG', type: '' })).toBe(true);
    expect(isVideoFile({ type: 'video/mp4' })).toBe(true);
  });

  it('accepts images, PDF, Word and Excel, by extension when the browser gives no type', () => {
    expect(isAcceptedFile({ name: 'a.heic', type: 'image/heic' })).toBe(true);
    expect(isAcceptedFile({ name: 'a.pdf', type: 'application/pdf' })).toBe(true);
    expect(isAcceptedFile({ name: 'a.docx', type: '' })).toBe(true);
    expect(isAcceptedFile({ name: 'a.xls', type: 'application/octet-stream' })).toBe(true);
    expect(isAcceptedFile({ name: 'a.exe', type: '' })).toBe(false);
    expect(isAcceptedFile({ name: 'a.txt', type: 'text/plain' })).toBe(false);
    expect(isAcceptedFile({ name: 'a.zip', type: 'application/zip' })).toBe(false);
  });

  it('refuses SVG, an image the server does not take, by type or by extension', () => {
    expect(isAcceptedFile({ name: 'logo.svg', type: 'image/svg+xml' })).toBe(false);
    expect(isAcceptedFile({ name: 'logo.SVG', type: '' })).toBe(false);
    expect(isAcceptedFile({ name: 'logo.svg', type: 'application/octet-stream' })).toBe(false);
    expect(ACCEPT_ATTRIBUTE).not.toContain('.svg');
  });
});

describe('truncateFileName', () => {
  it('leaves short names alone', () => {
    expect(truncateFileName('letter.pdf', 40)).toBe('letter.pdf');
  });

  it('cuts at the limit and keeps the extension', () => {
    const name = `${'a'.repeat(300)}.pdf`;
    const cut = truncateFileName(name, 200);
    expect(cut).toHaveLength(200);
    expect(cut.endsWith('….pdf')).toBe(true);
    expect(truncateFileName(name, 40)).toHaveLength(40);
  });

  it('cuts names without an extension', () => {
    expect(truncateFileName('b'.repeat(50), 40)).toBe(`${'b'.repeat(39)}…`);
  });
});
