import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, reply } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { FakeXhr } from './fakeXhr';
import { deleteFileById, practiceUploadLink } from './fileCalls';
import { createUploadSession, isAbortError, UPLOAD_ERRORS, uploadFile, UploadError } from './uploadFile';

const pdf = () =>
  new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37])], 'referral letter.pdf', {
    type: 'application/pdf',
  });
// MD5 of the eight bytes above, base64.
const PDF_MD5 = '+HNXxs3E8Gfhn0Kuurxvtw==';

beforeEach(() => FakeXhr.install());
afterEach(() => vi.restoreAllMocks());

describe('uploadFile', () => {
  it('describes the file, asks for a link, PUTs the bytes with both checksum headers and reports progress', async () => {
    const server = fakeServer({
      'POST /api/v1/files': () => reply(201, { id: 41, uploadUrl: '/api/v1/files/upload/abc?sig=1' }),
    });
    const onProgress = vi.fn();
    const onCreated = vi.fn();
    const file = pdf();

    const done = uploadFile(file, { createLink: practiceUploadLink(3), onProgress, onCreated });
    const put = await FakeXhr.next();

    expect(server.find('POST', '/api/v1/files')[0].body).toEqual({
      name: 'referral letter.pdf',
      size: 8,
      type: 'application/pdf',
      header: '25504446',
      hash: PDF_MD5,
      practiceId: 3,
    });
    expect(onCreated).toHaveBeenCalledWith(41);
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('/api/v1/files/upload/abc?sig=1');
    expect(put.headers).toEqual({ 'Content-MD5': PDF_MD5, 'X-Amz-Meta-Checksum': PDF_MD5 });
    expect(put.body).toBe(file);

    put.progress(4, 8);
    expect(onProgress).toHaveBeenLastCalledWith(4, 8);
    put.respond(200);
    await expect(done).resolves.toEqual({ id: 41 });
  });

  it('flags a file it cannot read and does not upload it', async () => {
    const createLink = vi.fn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = pdf();
    vi.spyOn(broken, 'slice').mockImplementation(() => {
      throw new Error('unreadable');
    });

    const failure = await uploadFile(broken, { createLink }).catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(UploadError);
    expect((failure as Error).message).toBe(UPLOAD_ERRORS.processing);
    expect(error).toHaveBeenCalled();
    expect(createLink).not.toHaveBeenCalled();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('says the type is not supported when no link is given', async () => {
    fakeServer({ 'POST /api/v1/files': () => reply(415, errorBody(415, 'UNSUPPORTED_FILE_TYPE', 'Unsupported')) });

    await expect(uploadFile(pdf(), { createLink: practiceUploadLink(3) })).rejects.toThrow(
      'Sorry this file type is not supported',
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it.each([403, 500, 0])('reports an upload answered with %d', async (status) => {
    const done = uploadFile(pdf(), { createLink: async () => ({ id: 5, uploadUrl: '/up' }) });
    const put = await FakeXhr.next();
    if (status === 0) put.onerror?.();
    else put.respond(status);
    await expect(done).rejects.toThrow('Sorry there was an error uploading your file');
  });

  it('aborts the PUT when canceled', async () => {
    const controller = new AbortController();
    const done = uploadFile(pdf(), {
      createLink: async () => ({ id: 5, uploadUrl: '/up' }),
      signal: controller.signal,
    });
    const put = await FakeXhr.next();
    controller.abort();
    expect(put.aborted).toBe(true);
    expect(isAbortError(await done.catch((e: unknown) => e))).toBe(true);
  });
});

describe('upload session', () => {
  it('deletes every file id created so far on cancel, ignoring failed deletes', async () => {
    let next = 10;
    const server = fakeServer({
      'POST /api/v1/files': () => reply(201, { id: next++, uploadUrl: `/up/${next}` }),
      'DELETE /api/v1/file/:id': (_, { id }) =>
        id === '10' ? reply(500, errorBody(500, 'INTERNAL', 'Boom')) : { ok: true },
    });
    const session = createUploadSession(() => ({ createLink: practiceUploadLink(3), deleteFile: deleteFileById }));
    const file = pdf();

    // The first attempt fails at the PUT, the retry succeeds: two files exist on the server.
    const first = session.upload(file);
    (await FakeXhr.next()).respond(500);
    await expect(first).rejects.toThrow(UPLOAD_ERRORS.upload);
    const second = session.upload(file);
    (await FakeXhr.next()).respond(204);
    await expect(second).resolves.toEqual({ id: 11 });

    session.cancel(file);

    await vi.waitFor(() => expect(server.find('DELETE', '/api/v1/file/11')).toHaveLength(1));
    expect(server.requests.filter((r) => r.method === 'DELETE' && r.path === '/api/v1/file/10').length).toBeGreaterThan(
      0,
    );
  });

  it('stops an upload in flight and deletes only the canceled file’s ids', async () => {
    const deleteFile = vi.fn(async () => ({ ok: true }));
    let id = 1;
    const session = createUploadSession(() => ({
      createLink: async () => ({ id: id++, uploadUrl: '/up' }),
      deleteFile,
    }));
    const kept = pdf();
    const dropped = pdf();

    const keptUpload = session.upload(kept);
    (await FakeXhr.next()).respond(200);
    await keptUpload;
    const droppedUpload = session.upload(dropped).catch((e: unknown) => e);
    const put = await FakeXhr.next();

    session.cancel(dropped);

    expect(put.aborted).toBe(true);
    expect(isAbortError(await droppedUpload)).toBe(true);
    await vi.waitFor(() => expect(deleteFile).toHaveBeenCalledWith(2));
    expect(deleteFile).not.toHaveBeenCalledWith(1);
  });

  it('does nothing for a file that created no id', () => {
    const deleteFile = vi.fn();
    const session = createUploadSession(() => ({ createLink: vi.fn(), deleteFile }));
    session.cancel(pdf());
    session.cancel();
    expect(deleteFile).not.toHaveBeenCalled();
  });
});
