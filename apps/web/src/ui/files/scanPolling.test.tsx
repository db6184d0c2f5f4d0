import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filesApi, type FileView } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { AppProviders } from '../../AppProviders';
import { renderWithProviders } from '../../test/renderApp';
import { FileViewer } from './FileViewer';
import { fileView } from './testFiles';

const tick = () => act(() => vi.advanceTimersByTimeAsync(filesApi.SCAN_POLL_MS));
const statusChecks = (server: ReturnType<typeof fakeServer>, id: number) =>
  server.find('GET', `/api/v1/file/${id}/status`).length;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('scan polling', () => {
  it('checks each scanning file every 5 s, updates it and stops when none are left', async () => {
    const answers: Record<string, Array<{ status: string; type: string }>> = {
      1: [
        { status: 'scanning', type: '' },
        { status: 'clean', type: 'image/png' },
      ],
      2: [
        { status: 'scanning', type: '' },
        { status: 'scanning', type: '' },
        { status: 'infected', type: 'application/pdf' },
      ],
    };
    const server = fakeServer({
      'GET /api/v1/file/:id/status': (_, { id }) => answers[id].shift(),
      'GET /api/v1/files': ({ query }) => [
        fileView({ id: Number(query.get('ids')), name: 'upload', type: 'image/png', downloadUrl: '/dl/1' }),
      ],
    });
    const onFileChange = vi.fn();
    const files: FileView[] = [
      fileView({ id: 1, name: 'upload', type: '', scanStatus: 'scanning' }),
      fileView({ id: 2, name: 'letter.pdf', scanStatus: 'scanning' }),
      fileView({ id: 3, name: 'done.pdf' }),
    ];
    renderWithProviders(<FileViewer files={files} onFileChange={onFileChange} />);
    expect(within(screen.getByRole('listitem', { name: 'upload' })).getByText('Scanning file...')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(filesApi.SCAN_POLL_MS - 1));
    expect(statusChecks(server, 1)).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect([statusChecks(server, 1), statusChecks(server, 2), statusChecks(server, 3)]).toEqual([1, 1, 0]);

    await tick();
    expect([statusChecks(server, 1), statusChecks(server, 2)]).toEqual([2, 2]);
    // File 1 came back clean as a PNG: its type is updated and it is fetched for its link.
    const upload = screen.getByRole('listitem', { name: 'upload' });
    expect(within(upload).queryByText('Scanning file...')).not.toBeInTheDocument();
    expect(upload.querySelector('img')).toHaveAttribute('src', '/dl/1');
    expect(within(upload).getByRole('button', { name: 'View upload' })).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/files')[0].query.get('ids')).toBe('1');
    expect(onFileChange).toHaveBeenCalledWith(
      expect.objectContaining({ id: 1, scanStatus: 'clean', type: 'image/png', downloadUrl: '/dl/1' }),
    );

    await tick();
    expect([statusChecks(server, 1), statusChecks(server, 2)]).toEqual([2, 3]);
    expect(
      within(screen.getByRole('listitem', { name: 'letter.pdf' })).getByText('Virus detected'),
    ).toBeInTheDocument();
    expect(onFileChange).toHaveBeenCalledWith(
      expect.objectContaining({ id: 2, scanStatus: 'infected', type: 'application/pdf' }),
    );

    await tick();
    await tick();
    expect(server.requests.filter((r) => r.path.endsWith('/status'))).toHaveLength(5);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('logs a failed check and tries again on the next tick', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    const server = fakeServer({
      'GET /api/v1/file/:id/status': () =>
        ++calls === 1
          ? reply(404, errorBody(404, 'NOT_FOUND', 'Not found'))
          : { status: 'clean', type: 'application/pdf' },
      'GET /api/v1/files': () => [fileView({ id: 7 })],
    });
    renderWithProviders(<FileViewer files={[fileView({ id: 7, scanStatus: 'scanning' })]} />);

    await tick();
    expect(warn).toHaveBeenCalledWith('Could not check the scan status of file 7', expect.anything());
    expect(screen.getByText('Scanning file...')).toBeInTheDocument();

    await tick();
    expect(statusChecks(server, 7)).toBe(2);
    expect(screen.queryByText('Scanning file...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open referral.pdf' })).toBeInTheDocument();
  });

  it('shows a file deleted while it was scanning as expired and stops checking it', async () => {
    const answers = [
      { status: 'scanning', type: '' },
      reply(456, errorBody(456, 'OBJECT_NOT_FOUND', 'Sorry this file has expired')),
    ];
    const server = fakeServer({ 'GET /api/v1/file/:id/status': () => answers.shift() });
    const onFileChange = vi.fn();
    renderWithProviders(
      <FileViewer
        files={[fileView({ id: 5, name: 'scan.pdf', scanStatus: 'scanning' })]}
        onFileChange={onFileChange}
      />,
    );

    await tick();
    expect(screen.getByText('Scanning file...')).toBeInTheDocument();
    await tick();
    expect(screen.getByText('Sorry this file has expired')).toBeInTheDocument();
    expect(screen.queryByText('Scanning file...')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open scan.pdf' })).not.toBeInTheDocument();
    expect(onFileChange).toHaveBeenCalledWith(expect.objectContaining({ id: 5, deleted: true, downloadUrl: null }));

    await tick();
    await tick();
    expect(statusChecks(server, 5)).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not poll when polling is off, for uploading files, or when nothing scans', async () => {
    const server = fakeServer({});
    const { unmount } = renderWithProviders(<FileViewer poll={false} files={[fileView({ scanStatus: 'scanning' })]} />);
    await tick();
    unmount();
    renderWithProviders(
      <FileViewer files={[fileView({ id: 2, status: 'uploading', scanStatus: 'scanning' }), fileView({ id: 3 })]} />,
    );
    await tick();
    expect(server.requests).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows a settled status the parent passes in', async () => {
    const server = fakeServer({ 'GET /api/v1/file/:id/status': () => ({ status: 'scanning', type: '' }) });
    const { rerender } = renderWithProviders(<FileViewer files={[fileView({ scanStatus: 'scanning' })]} />);
    await tick();
    expect(statusChecks(server, 1)).toBe(1);

    rerender(
      <AppProviders env="test">
        <FileViewer files={[fileView({ scanStatus: 'infected' })]} />
      </AppProviders>,
    );
    expect(screen.getByText('Virus detected')).toBeInTheDocument();
    await tick();
    expect(statusChecks(server, 1)).toBe(1);
  });
});
