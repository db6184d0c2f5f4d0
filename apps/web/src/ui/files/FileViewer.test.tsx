import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FileView } from '@referwell/contracts';
import { renderWithProviders } from '../../test/renderApp';
import { FileViewer, type FileViewerProps } from './FileViewer';
import { fileView } from './testFiles';

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
      progress: { 6: 42.4 },
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
    const upload = within(item('new.pdf'));
    expect(upload.getByRole('progressbar', { name: 'Uploading new.pdf' })).toHaveAttribute('aria-valuenow', '42');
    expect(upload.getByText('42%')).toBeInTheDocument();
    expect(upload.queryByText('Scanning file...')).not.toBeInTheDocument();
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

  it('offers a download link in a new tab, which can be switched off', () => {
    const { unmount } = renderWithProviders(<FileViewer poll={false} files={[fileView({ id: 9 })]} />);
    const link = screen.getByRole('link', { name: 'Download referral.pdf' });
    expect(link).toHaveAttribute('href', '/api/v1/files/download/9?sig=x');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    unmount();

    renderWithProviders(<FileViewer poll={false} allowDownload={false} files={[fileView()]} />);
    expect(screen.queryByRole('link', { name: /download/i })).not.toBeInTheDocument();
  });

  it('calls onSelect for a clean file, or opens its link when there is none', async () => {
    const onSelect = vi.fn();
    const file = fileView({ id: 2, name: 'letter.pdf' });
    const { user } = renderViewer({ files: [file], onSelect });
    await user.click(screen.getByRole('button', { name: 'Open letter.pdf' }));
    expect(onSelect).toHaveBeenCalledWith(file);
  });

  it('opens a clean file’s link in a new tab without onSelect', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderViewer({ files: [fileView({ id: 2, name: 'letter.pdf' })] });
    await user.click(screen.getByRole('button', { name: 'Open letter.pdf' }));
    expect(open).toHaveBeenCalledWith('/api/v1/files/download/2?sig=x', '_blank', 'noopener,noreferrer');
    open.mockRestore();
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
    const { unmount } = renderWithProviders(<FileViewer poll={false} mode="minimal" onRemove={vi.fn()} files={[fileView({ name: 'a.pdf' })]} />);
    expect(screen.getByRole('link', { name: 'Download a.pdf' })).not.toHaveTextContent('Download');
    expect(screen.getByRole('button', { name: 'Remove a.pdf' })).toBeInTheDocument();
    unmount();

    renderWithProviders(<FileViewer poll={false} mode="tiny" onRemove={vi.fn()} files={[fileView({ name: 'a.pdf' }), fileView({ id: 2, name: 'b.pdf', scanStatus: 'infected' })]} />);
    expect(screen.getByRole('button', { name: 'Open a.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /remove/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(within(item('b.pdf')).getByText('Virus detected')).toBeInTheDocument();
  });

  it('opens the gallery from a clean image and returns focus on close', async () => {
    const { user } = renderViewer({
      files: [
        fileView({ id: 1, name: 'one.png', type: 'image/png' }),
        fileView({ id: 2, name: 'letter.pdf' }),
        fileView({ id: 3, name: 'two.jpg', type: 'image/jpeg' }),
        fileView({ id: 4, name: 'three.gif', type: 'image/gif', scanStatus: 'scanning' }),
      ],
    });
    const opener = screen.getByRole('button', { name: 'View two.jpg' });
    await user.click(opener);

    const gallery = await screen.findByRole('dialog', { name: 'two.jpg' });
    expect(within(gallery).getByRole('img', { name: 'two.jpg' })).toHaveAttribute('src', '/api/v1/files/download/3?sig=x');
    expect(within(gallery).getByText('2 of 2')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });
});
