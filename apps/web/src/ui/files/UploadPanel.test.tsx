import '../../test/enableFilePond';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/renderApp';
import { FakeXhr } from './fakeXhr';
import { UploadPanel } from './UploadPanel';

beforeEach(() => FakeXhr.install());

// FilePond animates its items in and shows an upload as taking at least 750 ms; in jsdom, which
// has no layout, its item rows stay "hidden", so their buttons are found by FilePond's classes.
const SLOW = { timeout: 4000 };
async function clickPondButton(action: 'abort-item-processing' | 'revert-item-processing') {
  const button = await waitFor(() => {
    const found = document.querySelector<HTMLButtonElement>(`.filepond--action-${action}`);
    if (!found || found.disabled) throw new Error(`no ${action} button yet`);
    return found;
  }, SLOW);
  fireEvent.click(button);
}

describe('UploadPanel', { timeout: 15_000 }, () => {
  it('renders a browse control with an accessible name and the accepted types', async () => {
    renderWithProviders(<UploadPanel practiceId={1} />);
    const browse = await screen.findByLabelText(/drag & drop a file or browse/i);
    expect(browse).toHaveAttribute('type', 'file');
    expect(browse).not.toHaveAttribute('multiple');
    expect(browse.getAttribute('accept')).toContain('image/*');
    expect(browse.getAttribute('accept')).toContain('.docx');
    expect(browse).toHaveAccessibleDescription('Images, PDF, Word or Excel files, up to 100 MB');
  });

  it('uploads a picked file and deletes it when removed', async () => {
    const server = fakeServer({
      'POST /api/v1/files': () => ({ id: 12, uploadUrl: '/up/12' }),
      'DELETE /api/v1/file/:id': () => ({ ok: true }),
    });
    const onUploaded = vi.fn();
    const onCanceled = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<UploadPanel practiceId={4} onUploaded={onUploaded} onCanceled={onCanceled} />);
    const browse = await screen.findByLabelText(/browse/i);

    await user.upload(browse, new File(['%PDF-1.7'], 'letter.pdf', { type: 'application/pdf' }));
    const put = await FakeXhr.next();
    expect(server.find('POST', '/api/v1/files')[0].body).toMatchObject({ name: 'letter.pdf', practiceId: 4 });
    // Spec 3 §2: the upload shows its progress as it goes, a ring and the percentage (FilePond's).
    put.progress(4, 8);
    expect(await screen.findByText('Uploading 50%', {}, SLOW)).toBeInTheDocument();
    // The ring is drawn as an arc of the share sent.
    await waitFor(
      () => expect(document.querySelector('.filepond--process-indicator svg path')?.getAttribute('d')).toMatch(/A/),
      SLOW,
    );
    put.respond(200);
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(12, expect.any(File)));
    expect(await screen.findByText('Upload complete', {}, SLOW)).toBeInTheDocument();

    await clickPondButton('revert-item-processing');
    await waitFor(() => expect(onCanceled).toHaveBeenCalledTimes(1), SLOW);
    await waitFor(() => expect(server.find('DELETE', '/api/v1/file/12')).toHaveLength(1));
  });

  it('keeps a finished upload when the panel goes away (the parent has used it)', async () => {
    const server = fakeServer({
      'POST /api/v1/files': () => ({ id: 15, uploadUrl: '/up/15' }),
      'DELETE /api/v1/file/:id': () => ({ ok: true }),
    });
    const onUploaded = vi.fn();
    const user = userEvent.setup();
    const view = renderWithProviders(<UploadPanel practiceId={4} onUploaded={onUploaded} />);
    await user.upload(
      await screen.findByLabelText(/browse/i),
      new File(['%PDF-1.7'], 'kept.pdf', { type: 'application/pdf' }),
    );
    (await FakeXhr.next()).respond(200);
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(15, expect.any(File)));

    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.find('DELETE', '/api/v1/file/15')).toHaveLength(0);
  });

  it('cancels an upload in flight and deletes the file it created', async () => {
    const server = fakeServer({
      'POST /api/v1/files': () => ({ id: 13, uploadUrl: '/up/13' }),
      'DELETE /api/v1/file/:id': () => ({ ok: true }),
    });
    const onCanceled = vi.fn();
    const onUploadingChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<UploadPanel practiceId={4} onCanceled={onCanceled} onUploadingChange={onUploadingChange} />);

    await user.upload(await screen.findByLabelText(/browse/i), new File(['GIF89a'], 'x.gif', { type: 'image/gif' }));
    const put = await FakeXhr.next();
    expect(onUploadingChange).toHaveBeenLastCalledWith(true);
    await clickPondButton('abort-item-processing');

    await waitFor(() => expect(put.aborted).toBe(true));
    await waitFor(() => expect(onCanceled).toHaveBeenCalledTimes(1), SLOW);
    await waitFor(() => expect(server.find('DELETE', '/api/v1/file/13')).toHaveLength(1));
    expect(onUploadingChange).toHaveBeenLastCalledWith(false);
  });

  it('shows the upload error on the item', async () => {
    fakeServer({ 'POST /api/v1/files': () => ({ id: 14, uploadUrl: '/up/14' }) });
    const onUploaded = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<UploadPanel practiceId={4} onUploaded={onUploaded} />);

    await user.upload(
      await screen.findByLabelText(/browse/i),
      new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
    );
    (await FakeXhr.next()).respond(500);

    expect(await screen.findByText('Sorry there was an error uploading your file', {}, SLOW)).toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('uses the link and delete calls it is given', async () => {
    const createLink = vi.fn(async () => ({ id: 99, uploadUrl: '/chat-up/99' }));
    const deleteFile = vi.fn(async () => ({}));
    const user = userEvent.setup();
    renderWithProviders(<UploadPanel createLink={createLink} deleteFile={deleteFile} />);

    await user.upload(
      await screen.findByLabelText(/browse/i),
      new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
    );
    const put = await FakeXhr.next();
    expect(createLink).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'a.pdf', size: 4, header: '25504446' }),
      expect.any(AbortSignal),
    );
    expect(put.url).toBe('/chat-up/99');
    await clickPondButton('abort-item-processing');
    await waitFor(() => expect(deleteFile).toHaveBeenCalledWith(99));
  });

  it('refuses files of other types', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<UploadPanel practiceId={4} />);
    const browse = await screen.findByLabelText(/browse/i);

    await user.upload(browse, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByText('File is of invalid type')).toBeInTheDocument();
    expect(screen.getByText('Accepts images, PDF, Word or Excel files')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses an SVG before asking for an upload link, as the server would refuse it', async () => {
    const server = fakeServer({});
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<UploadPanel practiceId={4} />);

    await user.upload(
      await screen.findByLabelText(/browse/i),
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
    );
    expect(await screen.findByText('Sorry this file type is not supported')).toBeInTheDocument();
    expect(screen.getByText('SVG images cannot be uploaded')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/files')).toHaveLength(0);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('ignores system files', async () => {
    const server = fakeServer({});
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<UploadPanel practiceId={4} />);

    await user.upload(await screen.findByLabelText(/browse/i), new File(['x'], 'Thumbs.db'));
    // FilePond takes picked files after 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(document.querySelector('.filepond--item')).toBeNull();
    expect(server.requests).toHaveLength(0);
  });
});
