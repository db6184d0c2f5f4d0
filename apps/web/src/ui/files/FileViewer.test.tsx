import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileView } from '@referwell/contracts';
import { fakeServer, reply, type FakeRequest } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { FileViewer, type FileViewerProps } from './FileViewer';
import { fakeTab, fileView } from './testFiles';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The files API as it answers now: the files asked for, with freshly signed links. */
const filesNow =
  (files: FileView[]) =>
  ({ query }: FakeRequest) =>
    files
      .filter((file) => query.get('ids')!.split(',').includes(String(file.id)))
      .map((file) => ({ ...file, downloadUrl: `/api/v1/files/download/${file.id}?fresh` }));

function renderViewer(props: Partial<FileViewerProps> & { files: FileView[] }) {
  const user = userEvent.setup();
  renderWithProviders(<FileViewer poll={false} {...props} />);
  return { user, list: screen.getByRole('list', { name: props.label ?? 'Files' }) };
}

const item = (name: string) => screen.getByRole('listitem', { name });

describe('FileViewer', () => {
  it('shows each file with its preview, size and state in words', () => {
    renderViewer({
      files: [
        fileView({ id: 1, name: 'photo.png', type: 'image/png', size: 1_500_000 }),
        fileView({ id: 2, name: 'letter.pdf' }),
        fileView({ id: 3, name: 'scan.pdf', scanStatus: 'scanning' }),
        fileView({ id: 4, name: 'bad.docx', scanStatus: 'infected' }),
        fileView({ id: 5, name: 'old.xlsx', deleted: true }),
        fileView({ id: 6, name: 'new.pdf', status: 'uploading', scanStatus: 'scanning' }),
      ],
    });

    const photo = item('photo.png');
    expect(photo.querySelector('img')).toHaveAttribute('src', '/api/v1/files/download/1?sig=x');
    expect(within(photo).getByText('1.5 MB')).toBeInTheDocument();
    expect(within(item('letter.pdf')).getByText('PDF')).toBeInTheDocument();
    expect(within(item('letter.pdf')).getByText('1.5 kB')).toBeInTheDocument();
    expect(within(item('scan.pdf')).getByText('Scanning file...')).toBeInTheDocument();
    expect(within(item('bad.docx')).getByText('Virus detected')).toBeInTheDocument();
    expect(within(item('bad.docx')).getByText('DOCX')).toBeInTheDocument();
    expect(within(item('old.xlsx')).getByText('Sorry this file has expired')).toBeInTheDocument();
    // Bytes still on their way (sent from someone else's upload panel, which shows the progress).
    const upload = within(item('new.pdf'));
    expect(upload.getByText('Uploading...')).toBeInTheDocument();
    expect(upload.queryByText('Scanning file...')).not.toBeInTheDocument();
    expect(upload.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says an upload that never finished did not, in place of uploading or expired, with nothing to open or remove', () => {
    renderViewer({
      files: [
        fileView({
          id: 7,
          name: 'referral-letter.pdf',
          status: 'failed',
          deleted: true,
          scanStatus: 'scanning',
          downloadUrl: null,
        }),
      ],
      onRemove: vi.fn(),
      onSelect: vi.fn(),
    });
    const lost = within(item('referral-letter.pdf'));
    expect(lost.getByText('Upload did not finish — try again')).toBeInTheDocument();
    for (const text of ['Uploading...', 'Scanning file...', 'Sorry this file has expired', '1.5 kB'])
      expect(lost.queryByText(text)).not.toBeInTheDocument();
    expect(lost.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows no thumbnail for an image that is not clean', () => {
    renderViewer({ files: [fileView({ name: 'photo.png', type: 'image/png', scanStatus: 'scanning' })] });
    expect(item('photo.png').querySelector('img')).toBeNull();
    expect(within(item('photo.png')).getByText('PNG')).toBeInTheDocument();
  });

  it('lets only clean files be opened', () => {
    renderViewer({
      files: [
        fileView({ id: 1, name: 'photo.png', type: 'image/png' }),
        fileView({ id: 2, name: 'letter.pdf' }),
        fileView({ id: 3, name: 'scan.png', type: 'image/png', scanStatus: 'scanning' }),
        fileView({ id: 4, name: 'bad.pdf', scanStatus: 'infected' }),
        fileView({ id: 5, name: 'old.pdf', deleted: true }),
        fileView({ id: 6, name: 'new.pdf', status: 'uploading', scanStatus: 'scanning' }),
      ],
    });

    expect(within(item('photo.png')).getByRole('button', { name: 'View photo.png' })).toBeInTheDocument();
    expect(within(item('letter.pdf')).getByRole('button', { name: 'Open letter.pdf' })).toBeInTheDocument();
    for (const name of ['scan.png', 'bad.pdf', 'old.pdf', 'new.pdf']) {
      expect(within(item(name)).queryByRole('button')).not.toBeInTheDocument();
      expect(within(item(name)).queryByRole('link')).not.toBeInTheDocument();
    }
  });

  it('truncates names at 200 characters, or 40 in minimal mode, keeping the whole name', () => {
    const name = `${'Discharge summary '.repeat(15)}.pdf`;
    const { unmount } = renderWithProviders(<FileViewer poll={false} files={[fileView({ name })]} />);
    const shown = within(item(name)).getByTitle(name);
    expect(shown.querySelector('[aria-hidden]')!.textContent).toHaveLength(200);
    expect(within(item(name)).getByRole('button', { name: `Open ${name}` })).toBeInTheDocument();
    unmount();

    renderWithProviders(<FileViewer poll={false} mode="minimal" files={[fileView({ name })]} />);
    expect(within(item(name)).getByTitle(name).querySelector('[aria-hidden]')!.textContent).toHaveLength(40);
  });

  it('does not cut a short name in minimal mode', () => {
    renderViewer({ mode: 'minimal', files: [fileView({ name: 'letter.pdf' })] });
    expect(within(item('letter.pdf')).getByText('letter.pdf')).not.toHaveAttribute('title');
  });

  it('offers Download, which opens a freshly signed link in a new tab, and can be switched off', async () => {
    // The link the list came with has expired by the time someone clicks: the viewer asks again.
    const file = fileView({ id: 9, downloadUrl: '/api/v1/files/download/9?expired' });
    const server = fakeServer({ 'GET /api/v1/files': filesNow([file]) });
    const { tab, open } = fakeTab();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<FileViewer poll={false} files={[file]} />);
    await user.click(screen.getByRole('button', { name: 'Download referral.pdf' }));
    // The tab opens inside the click, cut off from this page, then follows the fresh link.
    expect(open).toHaveBeenCalledWith('', '_blank');
    await vi.waitFor(() => expect(tab.location.href).toBe('/api/v1/files/download/9?fresh'));
    expect(tab.opener).toBeNull();
    expect(server.find('GET', '/api/v1/files')[0].query.get('ids')).toBe('9');
    unmount();

    renderWithProviders(<FileViewer poll={false} allowDownload={false} files={[fileView()]} />);
    expect(screen.queryByRole('button', { name: /download/i })).not.toBeInTheDocument();
  });

  it('calls onSelect for a clean file with the file as it is now', async () => {
    const file = fileView({ id: 2, name: 'letter.pdf', downloadUrl: '/expired' });
    fakeServer({ 'GET /api/v1/files': filesNow([file]) });
    const onSelect = vi.fn();
    const { user } = renderViewer({ files: [file], onSelect });
    await user.click(screen.getByRole('button', { name: 'Open letter.pdf' }));
    await vi.waitFor(() =>
      expect(onSelect).toHaveBeenCalledWith({ ...file, downloadUrl: '/api/v1/files/download/2?fresh' }),
    );
  });

  it('opens a clean file’s fresh link in a new tab without onSelect', async () => {
    const file = fileView({ id: 2, name: 'letter.pdf', downloadUrl: '/expired' });
    fakeServer({ 'GET /api/v1/files': filesNow([file]) });
    const { tab } = fakeTab();
    const { user } = renderViewer({ files: [file] });
    await user.click(screen.getByRole('button', { name: 'Open letter.pdf' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('/api/v1/files/download/2?fresh'));
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('shows a file deleted since the list loaded as expired when someone opens it', async () => {
    fakeServer({
      'GET /api/v1/files': ({ query }) => [
        fileView({ id: Number(query.get('ids')), name: 'letter.pdf', deleted: true }),
      ],
    });
    const { tab } = fakeTab();
    const { user } = renderViewer({ files: [fileView({ id: 2, name: 'letter.pdf' })] });
    await user.click(screen.getByRole('button', { name: 'Open letter.pdf' }));
    expect(await within(item('letter.pdf')).findByText('Sorry this file has expired')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(within(item('letter.pdf')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when the file could not be asked for', async () => {
    fakeServer({ 'GET /api/v1/files': () => reply(500, errorBody(500, 'INTERNAL_ERROR', 'Internal error')) });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { tab } = fakeTab();
    const { user } = renderViewer({ files: [fileView({ id: 2, name: 'letter.pdf' })] });
    await user.click(screen.getByRole('button', { name: 'Open letter.pdf' }));
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'Sorry this file could not be opened, please try again',
    );
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('asks before removing a file', async () => {
    const onRemove = vi.fn().mockRejectedValueOnce(new Error('nope')).mockResolvedValue(undefined);
    const file = fileView({ name: 'letter.pdf' });
    const { user } = renderViewer({ files: [file], onRemove });

    await user.click(screen.getByRole('button', { name: 'Remove letter.pdf' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove file' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onRemove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove letter.pdf' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove file' });
    expect(dialog).toHaveTextContent('Remove letter.pdf?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenLastCalledWith(file);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows icon buttons in minimal mode and no buttons in tiny mode', () => {
    const { unmount } = renderWithProviders(
      <FileViewer poll={false} mode="minimal" onRemove={vi.fn()} files={[fileView({ name: 'a.pdf' })]} />,
    );
    expect(screen.getByRole('button', { name: 'Download a.pdf' })).not.toHaveTextContent('Download');
    expect(screen.getByRole('button', { name: 'Remove a.pdf' })).toBeInTheDocument();
    unmount();

    renderWithProviders(
      <FileViewer
        poll={false}
        mode="tiny"
        onRemove={vi.fn()}
        files={[fileView({ name: 'a.pdf' }), fileView({ id: 2, name: 'b.pdf', scanStatus: 'infected' })]}
      />,
    );
    expect(screen.getByRole('button', { name: 'Open a.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /remove|download/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(within(item('b.pdf')).getByText('Virus detected')).toBeInTheDocument();
  });

  it('shows cards with a wide preview, the name up to 200 characters, the size and text buttons in full mode', async () => {
    const longName = `${'Discharge summary '.repeat(15)}.pdf`;
    const files = [
      fileView({ id: 1, name: 'wound.png', type: 'image/png', size: 2_400_000 }),
      fileView({ id: 2, name: longName }),
      fileView({ id: 3, name: 'scan.docx', scanStatus: 'scanning' }),
    ];
    fakeServer({ 'GET /api/v1/files': filesNow(files) });
    const onRemove = vi.fn();
    const { user, list } = renderViewer({ mode: 'full', files, onRemove, label: 'Documents' });
    // Cards side by side as room allows, not rows.
    expect(list.style.display).toBe('grid');

    const image = item('wound.png');
    const thumbnail = image.querySelector('img')!;
    expect(thumbnail).toHaveAttribute('src', '/api/v1/files/download/1?sig=x');
    expect(thumbnail.style.width).toBe('100%');
    expect(within(image).getByText('2.4 MB')).toBeInTheDocument();
    expect(within(image).getByRole('button', { name: 'View wound.png' })).toBeInTheDocument();

    const letter = item(longName);
    expect(within(letter).getByText('PDF')).toBeInTheDocument();
    expect(within(letter).getByTitle(longName).querySelector('[aria-hidden]')!.textContent).toHaveLength(200);
    // Words, not icons.
    expect(within(letter).getByRole('button', { name: `Download ${longName}` })).toHaveTextContent('Download');
    expect(within(letter).getByRole('button', { name: `Remove ${longName}` })).toHaveTextContent('Remove');

    const scanning = item('scan.docx');
    expect(within(scanning).getByText('Scanning file...')).toBeInTheDocument();
    expect(within(scanning).getByText('DOCX')).toBeInTheDocument();
    // Not opened or downloaded until it is clean; it can still be removed.
    expect(
      within(scanning)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Remove scan.docx']);

    await user.click(within(letter).getByRole('button', { name: `Remove ${longName}` }));
    expect(await screen.findByRole('dialog', { name: 'Remove file' })).toBeInTheDocument();
  });

  it('opens the gallery from a clean image, with a fresh link, and returns focus on close', async () => {
    const files = [
      fileView({ id: 1, name: 'one.png', type: 'image/png' }),
      fileView({ id: 2, name: 'letter.pdf' }),
      fileView({ id: 3, name: 'two.jpg', type: 'image/jpeg' }),
      fileView({ id: 4, name: 'three.gif', type: 'image/gif', scanStatus: 'scanning' }),
    ];
    fakeServer({ 'GET /api/v1/files': filesNow(files) });
    const { user } = renderViewer({ files });
    const opener = screen.getByRole('button', { name: 'View two.jpg' });
    await user.click(opener);

    const gallery = await screen.findByRole('dialog', { name: 'two.jpg' });
    expect(await within(gallery).findByRole('img', { name: 'two.jpg' })).toHaveAttribute(
      'src',
      '/api/v1/files/download/3?fresh',
    );
    expect(within(gallery).getByText('2 of 2')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });
});
