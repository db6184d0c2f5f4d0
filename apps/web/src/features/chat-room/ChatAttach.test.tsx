import '../../test/enableFilePond';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../ui/files/fakeXhr';
import { openRoom, renderRoom, ROOM, roomServer, sentOf } from '../../test/chatRoomFixtures';

beforeEach(() => FakeXhr.install());

// FilePond takes its time in jsdom (see UploadPanel.test.tsx).
const SLOW = { timeout: 4000 };

describe('the chat room: attaching a file', { timeout: 15_000 }, () => {
  it('uploads through the chat service and sends it at once with the text, closing the panel', async () => {
    const server = roomServer();
    const { user } = renderRoom();
    const socket = await openRoom();
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'My letter' } });
    const attach = screen.getByRole('button', { name: 'Attach a file' });
    await user.click(attach);
    expect(attach).toHaveAttribute('aria-expanded', 'true');

    await user.upload(
      await screen.findByLabelText(/browse/i, {}, SLOW),
      new File(['%PDF-1.7'], 'letter.pdf', { type: 'application/pdf' }),
    );
    const put = await FakeXhr.next();
    const [created] = server.find('POST', `/florie/v1/chat/${ROOM}/file`);
    expect(created.headers.authorization).toBe('Bearer room-token-1');
    expect(created.body).toMatchObject({ name: 'letter.pdf', type: 'application/pdf', size: 8 });
    expect(put.url).toBe('/upload/55');
    put.respond(200);

    await waitFor(() => expect(sentOf(socket, 'NEW_MESSAGE')).toHaveLength(1), SLOW);
    expect(sentOf(socket, 'NEW_MESSAGE')[0].data).toMatchObject({ message: 'My letter', files: [55] });
    expect(screen.queryByLabelText(/browse/i)).not.toBeInTheDocument();
    expect(attach).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(await screen.findByRole('list', { name: 'Attachments' })).toHaveTextContent('Scanning file...');
  });

  it('deletes the created file when the upload is canceled', async () => {
    const server = roomServer();
    const { user } = renderRoom();
    const socket = await openRoom();
    await user.click(screen.getByRole('button', { name: 'Attach a file' }));
    await user.upload(
      await screen.findByLabelText(/browse/i, {}, SLOW),
      new File(['GIF89a'], 'x.gif', { type: 'image/gif' }),
    );
    await FakeXhr.next();
    // Closing the panel mid-upload cancels it.
    await user.click(screen.getByRole('button', { name: 'Attach a file' }));
    await waitFor(() => expect(server.find('DELETE', '/florie/v1/chat/file/55')).toHaveLength(1), SLOW);
    expect(sentOf(socket, 'NEW_MESSAGE')).toHaveLength(0);
  });
});
