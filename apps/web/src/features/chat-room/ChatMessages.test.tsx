import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reply } from '../../test/fakeServer';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { fakeTab, fileView } from '../../ui/files/testFiles';
import {
  chatRoom,
  doctor,
  freshLink,
  fromMe,
  me,
  message,
  nurse,
  openRoom,
  push,
  renderRoom,
  roomServer,
  settle,
  TOKEN,
} from '../../test/chatRoomFixtures';
import { SCROLL_ANIMATION_MS, SCROLL_DELAY_MS } from './scrollToEnd';

// Tuesday 12 March 2024, noon: "now" for the day headers.
const NOW = new Date(2024, 2, 12, 12, 0).getTime();
const at = (month: number, day: number, hour: number, minute = 0) =>
  new Date(2024, month - 1, day, hour, minute).getTime();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

const messageElements = () => screen.getAllByTestId('message');
const messageWith = (text: string) => screen.getByText(text).closest<HTMLElement>('[data-testid="message"]')!;

describe('the chat room: how messages show', () => {
  it('puts welcome messages first, a header on each new day, and groups runs of one sender', async () => {
    const welcome = [
      message(900, { from: null, message: 'Welcome to Riverside', uuid: 'w1' }),
      message(901, { from: null, message: 'We reply within a day', uuid: 'w2' }),
    ];
    roomServer({
      chat: chatRoom({ welcomeMessages: welcome }),
      stored: [
        message(1, { createdAt: at(3, 1, 9), message: 'Long ago' }),
        message(2, { createdAt: at(3, 7, 9), message: 'Last week' }),
        message(3, { createdAt: at(3, 11, 9), message: 'Yesterday’s' }),
        message(4, { createdAt: at(3, 12, 9, 5), message: 'First' }),
        message(5, { createdAt: at(3, 12, 9, 6), message: 'Second' }),
        message(6, { createdAt: at(3, 12, 9, 7), message: 'Third' }),
        fromMe(7, { createdAt: at(3, 12, 9, 8), message: 'Mine' }),
        message(8, {
          createdAt: at(3, 12, 13, 45),
          message: 'From the doctor',
          from: { chatUserId: doctor.chatUserId, name: doctor.name, image: null },
        }),
      ],
    });
    renderRoom();
    await openRoom();
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(
      within(log)
        .getAllByText(/^(Today|Yesterday|Thursday|Fri, 1 Mar)$/)
        .map((day) => day.textContent),
    ).toEqual(['Fri, 1 Mar', 'Thursday', 'Yesterday', 'Today']);
    const [first, second] = messageElements();
    expect(first).toHaveTextContent('Welcome to Riverside');
    expect(first).toHaveClass('rw-msg--top');
    expect(second).toHaveTextContent('We reply within a day');
    expect(second).not.toHaveClass('rw-msg--top');
    expect([first, second].map((one) => one.dataset.style)).toEqual(['GROUP_START', 'GROUP_END']);

    const today = ['First', 'Second', 'Third', 'Mine', 'From the doctor'].map(messageWith);
    expect(today.map((one) => one.dataset.style)).toEqual([
      'GROUP_START',
      'GROUP_MIDDLE',
      'GROUP_END',
      'SINGLE',
      'SINGLE',
    ]);
    // Name on the first of a run, not on one's own; times as h:mm a.
    expect(within(today[0]).getByText('Nina Nurse')).toBeInTheDocument();
    expect(within(today[1]).queryByText('Nina Nurse')).not.toBeInTheDocument();
    expect(within(today[3]).queryByText('Pat Patient')).not.toBeInTheDocument();
    expect(within(today[4]).getByText('Dan Doctor')).toBeInTheDocument();
    expect(within(today[0]).getByText('9:05 AM')).toBeInTheDocument();
    expect(within(today[4]).getByText('1:45 PM')).toBeInTheDocument();
    // Runs end at a new day.
    expect(messageWith('Yesterday’s').dataset.style).toBe('SINGLE');
  });

  it('makes http(s) links clickable in a new tab', async () => {
    roomServer({
      stored: [
        message(1, { message: 'See https://example.com/a?b=1, or (https://x.org/wiki/A_(B)). Not ftp://x.org' }),
      ],
    });
    renderRoom();
    await openRoom();
    const links = within(screen.getByRole('log')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1',
      'https://x.org/wiki/A_(B)',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('hands links and tapped files to the app in mobile mode', async () => {
    const app = { OPEN_LINK: vi.fn(), TAPPED_FILE: vi.fn(), openChat: vi.fn() };
    vi.stubGlobal('Android', app);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    roomServer({
      stored: [
        message(1, { message: 'Read https://example.com/info', files: [fileView({ id: 4, name: 'letter.pdf' })] }),
      ],
    });
    const { user } = renderRoom({ device: 'android' });
    await openRoom();
    await user.click(screen.getByRole('link', { name: 'https://example.com/info' }));
    expect(app.OPEN_LINK).toHaveBeenCalledWith(JSON.stringify({ url: 'https://example.com/info' }));
    // Files and link previews come in a chunk loaded just after the page.
    await user.click(await screen.findByRole('button', { name: 'Open letter.pdf' }));
    // The app gets a link asked for as the file was tapped: the message's may have expired.
    await waitFor(() =>
      expect(app.TAPPED_FILE).toHaveBeenCalledWith(
        JSON.stringify({ id: 4, name: 'letter.pdf', type: 'application/pdf', url: freshLink(4) }),
      ),
    );
    expect(open).not.toHaveBeenCalled();
    // Neither opened the message's details.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a link preview instead of a text that is only its link, and content cards', async () => {
    const url = 'https://news.example.com/story';
    const preview = {
      url,
      mediaType: 'article' as const,
      title: 'Clinic opens',
      siteName: 'Example News',
      description: 'A new clinic',
      images: [],
      favicons: [],
      videos: [],
      contentType: 'text/html',
    };
    roomServer({
      stored: [
        message(1, { message: url, previewData: preview }),
        message(2, { message: 'https://slow.example.com', previewData: { url: 'https://slow.example.com' } }),
        message(3, {
          message: '',
          content: {
            key: 'leaflet',
            title: 'Diabetes leaflet',
            description: 'What to eat',
            thumbnail: null,
            file: null,
            value: 'https://content.example.com/leaflet',
          },
        }),
      ],
    });
    renderRoom();
    await openRoom();
    const card = await screen.findByRole('link', { name: 'Clinic opens' });
    expect(card).toHaveAttribute('href', url);
    expect(screen.queryByRole('link', { name: url })).not.toBeInTheDocument();
    // A preview the server has not fetched yet leaves the text as it is.
    expect(screen.getByRole('link', { name: 'https://slow.example.com' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Diabetes leaflet' })).toHaveAttribute(
      'href',
      'https://content.example.com/leaflet',
    );
  });

  it('styles messages of emoji alone', async () => {
    roomServer({
      stored: [message(1, { message: '🎉👍🏽' }), message(2, { message: 'Thanks 👍' }), message(3, { message: '123' })],
    });
    renderRoom();
    await openRoom();
    const bubble = (text: string) => screen.getByText(text).closest('.rw-msg__bubble');
    expect(bubble('🎉👍🏽')).toHaveClass('rw-msg__bubble--emoji');
    expect(bubble('Thanks 👍')).not.toHaveClass('rw-msg__bubble--emoji');
    expect(bubble('123')).not.toHaveClass('rw-msg__bubble--emoji');
  });

  it('ticks one’s own messages as read once someone else has read up to them', async () => {
    roomServer({
      chat: chatRoom({ readStatus: { [nurse.chatUserId]: { lastId: 11 }, [me.chatUserId]: { lastId: 12 } } }),
      stored: [
        fromMe(10, { message: 'One' }),
        fromMe(11, { message: 'Two' }),
        fromMe(12, { message: 'Three' }),
        message(13, { message: 'Reply' }),
      ],
    });
    renderRoom();
    const socket = await openRoom();
    const details = (text: string) => within(messageWith(text)).getByRole('button', { name: /^Message details/ });
    expect(details('One')).toHaveAccessibleName('Message details, 9:10 AM, read');
    expect(details('Two')).toHaveAccessibleName('Message details, 9:11 AM, read');
    expect(details('Three')).toHaveAccessibleName('Message details, 9:12 AM, sent');
    expect(details('Reply')).toHaveAccessibleName('Message details, 9:13 AM');

    push(socket, {
      event: 'USER_READ_MESSAGE',
      data: { chatUserId: doctor.chatUserId, name: doctor.name, lastId: 12, timestamp: NOW },
    });
    expect(details('Three')).toHaveAccessibleName('Message details, 9:12 AM, read');
  });

  it('opens Message Details on a click: sent time, and who read it, with the time only where it was their last read', async () => {
    let answer!: (value: unknown) => void;
    roomServer({
      stored: [fromMe(11, { message: 'Two' })],
      receipts: () => new Promise((resolve) => (answer = resolve)),
    });
    const { user } = renderRoom();
    await openRoom();
    await user.click(screen.getByText('Two'));
    const dialog = await screen.findByRole('dialog', { name: 'Message Details' });
    expect(within(dialog).getByText('Loading...')).toBeInTheDocument();
    expect(within(dialog).getByText('Sent').nextElementSibling).toHaveTextContent('Tue, 5 Mar, 9:11 AM');
    // 400 px, as Mantine writes it.
    expect(dialog.closest('[style*="--modal-size"]')?.getAttribute('style')).toContain('--modal-size: calc(25rem');

    act(() =>
      answer([
        { chatUserId: nurse.chatUserId, name: 'Nina Nurse', lastId: 11, timestamp: at(3, 5, 10, 30) },
        { chatUserId: doctor.chatUserId, name: 'Dan Doctor', lastId: 14, timestamp: at(3, 5, 11) },
      ]),
    );
    const readers = await within(dialog).findByRole('list', { name: 'Read by' });
    expect(
      within(readers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Nina Nurse · Tue, 5 Mar, 10:30 AM', 'Dan Doctor']);
    expect(within(dialog).queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('logs a failed receipts call and stops loading', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    roomServer({
      stored: [fromMe(11, { message: 'Two' })],
      receipts: () => reply(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }),
    });
    const { user } = renderRoom();
    await openRoom();
    await user.click(screen.getByRole('button', { name: /^Message details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Details' });
    await waitFor(() => expect(within(dialog).queryByText('Loading...')).not.toBeInTheDocument());
    expect(within(dialog).getByText('No one yet')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Could not load the read receipts', expect.anything());
  });

  it('shows attachments, and scan results pushed by the server', async () => {
    roomServer({
      stored: [
        message(1, {
          message: 'Results',
          files: [
            fileView({ id: 4, name: 'letter.pdf' }),
            fileView({ id: 5, name: 'scan.png', type: 'image/png', scanStatus: 'scanning' }),
          ],
        }),
      ],
    });
    renderRoom();
    const socket = await openRoom();
    const attachments = screen.getByRole('list', { name: 'Attachments' });
    expect(within(attachments).getByRole('button', { name: 'Open letter.pdf' })).toBeInTheDocument();
    expect(within(attachments).getByText('Scanning file...')).toBeInTheDocument();
    push(socket, { event: 'FILE_SCANNED', data: { messageId: 1, fileId: 5, status: 'infected', type: 'image/png' } });
    expect(within(attachments).getByText('Virus detected')).toBeInTheDocument();
  });

  it('opens a file with a link the chat service signs as it is opened, since the message’s expires', async () => {
    const server = roomServer({
      stored: [
        message(1, {
          files: [fileView({ id: 4, name: 'letter.pdf', downloadUrl: '/api/v1/files/download/4?expired' })],
        }),
      ],
    });
    const { tab } = fakeTab();
    const { user } = renderRoom();
    await openRoom();
    // Files and link previews come in a chunk loaded just after the page.
    await user.click(await screen.findByRole('button', { name: 'Open letter.pdf' }));
    await waitFor(() => expect(tab.location.href).toBe(freshLink(4)));
    // Asked of the chat service with the room's token, as every room call is.
    expect(server.find('GET', '/florie/v1/chat/file/4')[0].headers.authorization).toBe(`Bearer ${TOKEN}`);

    // A file deleted since the message came shows as expired once someone tries it.
    server.state.stored = [];
    // Files and link previews come in a chunk loaded just after the page.
    await user.click(await screen.findByRole('button', { name: 'Open letter.pdf' }));
    const attachments = screen.getByRole('list', { name: 'Attachments' });
    expect(await within(attachments).findByText('Sorry this file has expired')).toBeInTheDocument();
    expect(within(attachments).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a message’s image in the gallery from a freshly signed link', async () => {
    roomServer({
      stored: [
        message(1, {
          files: [
            fileView({ id: 6, name: 'rash.png', type: 'image/png', downloadUrl: '/api/v1/files/download/6?expired' }),
          ],
        }),
      ],
    });
    const { user } = renderRoom();
    await openRoom();
    await user.click(screen.getByRole('button', { name: 'View rash.png' }));
    const gallery = await screen.findByRole('dialog', { name: 'rash.png' });
    expect(await within(gallery).findByRole('img', { name: 'rash.png' })).toHaveAttribute('src', freshLink(6));
  });
});

describe('the chat room: following new messages', () => {
  it('scrolls to a new message at the end 50 ms after it arrives, over 100 ms', async () => {
    vi.useFakeTimers();
    roomServer({ stored: [message(1)] });
    renderRoom();
    while (FakeWebSocket.instances.length === 0) await settle(10);
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    // The first scroll to the end is done.
    await settle(1_000);

    // A list 400 px high holding 1000 px, read at its end (jsdom lays nothing out).
    const list = screen.getByRole('log', { name: 'Messages' });
    let top = 600;
    let height = 1_000;
    Object.defineProperty(list, 'scrollTop', {
      configurable: true,
      get: () => top,
      set: (value: number) => (top = value),
    });
    Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 400 });
    fireEvent.scroll(list);

    height = 1_100;
    push(socket, { event: 'NEW_MESSAGE', data: message(2) });
    await settle(SCROLL_DELAY_MS - 1);
    expect(top).toBe(600);
    await settle(1 + SCROLL_ANIMATION_MS / 2);
    expect(top).toBeGreaterThan(600);
    expect(top).toBeLessThan(700);
    await settle(SCROLL_ANIMATION_MS / 2 + 20);
    expect(top).toBe(700);
  });
});
