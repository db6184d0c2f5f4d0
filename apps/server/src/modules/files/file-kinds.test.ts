import { describe, expect, it } from 'vitest';
import {
  CONTENTS_DO_NOT_MATCH,
  NOT_A_WEB_IMAGE,
  UNSUPPORTED_TYPE,
  declaredKind,
  judgeBytes,
  judgeDescriptor,
} from './file-kinds.js';
import { DOCX, ELF, MIME, OLE, PDF, PNG, ZIP } from './files.test-factories.js';

const head = (bytes: Buffer) => bytes.subarray(0, 4).toString('hex');

describe('declaredKind', () => {
  it('reads the accepted types, leaves empty ones unknown and refuses the rest', () => {
    expect(declaredKind('image/png', 'a.png')).toBe('image');
    expect(declaredKind('application/pdf; charset=binary', 'a.pdf')).toBe('pdf');
    expect(declaredKind(MIME.docx, 'a.docx')).toBe('docx');
    expect(declaredKind('', 'scan.pdf')).toBe('unknown');
    expect(declaredKind('application/octet-stream', 'Report.DOC')).toBe('doc');
    expect(declaredKind('image/svg+xml', 'logo.svg')).toBeNull();
    expect(declaredKind('text/html', 'page.html')).toBeNull();
    expect(declaredKind('application/x-msdownload', 'setup.exe')).toBeNull();
  });
});

describe('judgeDescriptor', () => {
  it('accepts each kind with its header', () => {
    expect(judgeDescriptor({ type: MIME.pdf, name: 'a.pdf', header: head(PDF) })).toBeNull();
    expect(judgeDescriptor({ type: MIME.png, name: 'a.png', header: head(PNG) })).toBeNull();
    expect(judgeDescriptor({ type: MIME.doc, name: 'a.doc', header: head(OLE) })).toBeNull();
    expect(judgeDescriptor({ type: MIME.docx, name: 'a.docx', header: head(DOCX) })).toBeNull();
    expect(judgeDescriptor({ type: '', name: 'scan', header: head(PDF) })).toBeNull();
    // HEIC and AVIF carry their signature after the first four bytes.
    expect(judgeDescriptor({ type: 'image/heic', name: 'a.heic', header: '00000018' })).toBeNull();
  });

  it('refuses other types, and headers that contradict the type', () => {
    expect(judgeDescriptor({ type: 'application/x-msdownload', name: 'a.exe', header: '4d5a9000' })).toBe(
      UNSUPPORTED_TYPE,
    );
    expect(judgeDescriptor({ type: '', name: 'a', header: head(ELF) })).toBe(UNSUPPORTED_TYPE);
    expect(judgeDescriptor({ type: MIME.pdf, name: 'a.pdf', header: head(ELF) })).toBe(CONTENTS_DO_NOT_MATCH);
    expect(judgeDescriptor({ type: MIME.pdf, name: 'a.pdf', header: head(PNG) })).toBe(CONTENTS_DO_NOT_MATCH);
    expect(judgeDescriptor({ type: '', name: 'a.bin', header: head(OLE) })).toBe(UNSUPPORTED_TYPE);
    expect(UNSUPPORTED_TYPE).toMatch(/^Sorry this file type is not supported\. Upload an image, a PDF/);
  });

  it('refuses video, declared or not (the gallery plays videos from links only)', () => {
    expect(judgeDescriptor({ type: 'video/mp4', name: 'exercise.mp4', header: '00000018' })).toBe(UNSUPPORTED_TYPE);
    expect(judgeDescriptor({ type: 'video/quicktime', name: 'clip.mov', header: '00000014' })).toBe(UNSUPPORTED_TYPE);
    expect(judgeDescriptor({ type: '', name: 'exercise.mp4', header: '00000018' })).toBe(UNSUPPORTED_TYPE);
    expect(judgeDescriptor({ type: '', name: 'clip.avi', header: '52494646' })).toBe(UNSUPPORTED_TYPE);
  });

  it('takes only web images for logos and photos', () => {
    expect(judgeDescriptor({ type: '', name: 'logo', header: head(PNG) }, true)).toBeNull();
    expect(judgeDescriptor({ type: '', name: 'logo.png', header: head(PDF) }, true)).toBe(NOT_A_WEB_IMAGE);
    expect(judgeDescriptor({ type: 'image/tiff', name: 'logo.tif', header: '49492a00' }, true)).toBe(NOT_A_WEB_IMAGE);
  });
});

describe('judgeBytes', () => {
  it('names the type from the bytes', async () => {
    expect(await judgeBytes(PNG, { type: 'image/jpeg', name: 'photo.jpg' })).toEqual({ type: 'image/png' });
    expect(await judgeBytes(PDF, { type: '', name: 'x' })).toEqual({ type: MIME.pdf });
    expect(await judgeBytes(DOCX, { type: '', name: 'letter' })).toEqual({ type: MIME.docx });
    expect(await judgeBytes(OLE, { type: 'application/vnd.ms-excel', name: 'sheet.xls' })).toEqual({
      type: 'application/vnd.ms-excel',
    });
  });

  it('accepts a bare zip only when a Word or Excel type was declared', async () => {
    expect(await judgeBytes(ZIP, { type: MIME.xlsx, name: 'sheet.xlsx' })).toEqual({ type: MIME.xlsx });
    expect(await judgeBytes(ZIP, { type: '', name: 'archive' })).toEqual({ refused: UNSUPPORTED_TYPE });
    expect(await judgeBytes(OLE, { type: '', name: 'setup' })).toEqual({ refused: UNSUPPORTED_TYPE });
  });

  it('refuses programs, text and contradictions', async () => {
    expect(await judgeBytes(ELF, { type: MIME.pdf, name: 'invoice.pdf' })).toEqual({ refused: CONTENTS_DO_NOT_MATCH });
    expect(await judgeBytes(Buffer.from('<html><script>alert(1)</script>'), { type: '', name: 'x' })).toEqual({
      refused: UNSUPPORTED_TYPE,
    });
    expect(await judgeBytes(PDF, { type: MIME.png, name: 'a.png' })).toEqual({ refused: CONTENTS_DO_NOT_MATCH });
    expect(await judgeBytes(PDF, { type: '', name: 'logo.png' }, true)).toEqual({ refused: NOT_A_WEB_IMAGE });
  });
});
