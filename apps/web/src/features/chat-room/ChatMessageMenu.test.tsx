import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeTab, fileView } from '../../ui/files/testFiles';
import { chatRoom, freshLink, message, openRoom, renderRoom, roomServer } from '../../test/chatRoomFixtures';

const messageWith = (text: string) =>
  screen.getByText(text, { exact: false }).closest<HTMLElement>('[data-testid="message"]')!;
const rightClick = (element: Element) => fireEvent.contextMenu(element, { clientX: 120, clientY: 80 });

describe('the chat room: a message’s context menu', () => {
  it('offers the message’s details, its text, its links and its clean files', async () => {
    roomServer({
      stored: [
        message(1, {
          message: 'The form is at https://clinic.example/forms/intake',
          files: [
            fileView({ id: 4, name: 'referral.pdf' }),
            fileView({ id: 5, name: 'scan.png', scanStatus: 'infected' }),
          ],
        }),
      ],
    });
    const { tab, open } = fakeTab();
    const { user } = renderRoom();
    await openRoom();

    // The browser's own menu gives way to the message's.
    expect(rightClick(screen.getByText(/The form is at/))).toBe(false);
    const menu = await screen.findByRole('menu', { name: 'Message' });
    expect(within(menu).getByRole('group', { name: 'Message' })).toHaveTextContent('Message detailsCopy text');
    expect(within(menu).getByRole('group', { name: 'Links' })).toHaveTextContent('Open link');

    await user.hover(within(menu).getByRole('menuitem', { name: 'Download' }));
    const downloads = await screen.findByRole('menu', { name: 'Download' });
    // Only clean files can be downloaded.
    expect(
      within(downloads)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['referral.pdf']);

    await user.hover(within(menu).getByRole('menuitem', { name: 'Open link' }));
    const links = await screen.findByRole('menu', { name: 'Open link' });
    await user.click(within(links).getByRole('menuitem', { name: 'https://clinic.example/forms/intake' }));
    expect(open).toHaveBeenCalledWith('https://clinic.example/forms/intake', '_blank', 'noopener,noreferrer');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    // Download opens a tab at once and sends it to a link asked for now (the message's may have expired).
    rightClick(screen.getByText(/The form is at/));
    await user.hover(await screen.findByRole('menuitem', { name: 'Download' }));
    await user.click(await screen.findByRole('menuitem', { name: 'referral.pdf' }));
    expect(open).toHaveBeenLastCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(freshLink(4)));
  });

  it('copies the text, saying so, and opens Message Details', async () => {
    roomServer({ stored: [message(1, { message: 'See you at three' })], receipts: () => [] });
    const { user } = renderRoom();
    await openRoom();

    rightClick(screen.getByText('See you at three'));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy text' }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(await navigator.clipboard.readText()).toBe('See you at three');
    expect(screen.getByText('Text copied')).toBeInTheDocument();

    rightClick(screen.getByText('See you at three'));
    await user.click(await screen.findByRole('menuitem', { name: 'Message details' }));
    expect(await screen.findByRole('dialog', { name: 'Message Details' })).toBeInTheDocument();
  });

  it('opens from the keyboard on a message and gives the focus back on Escape', async () => {
    roomServer({ stored: [message(1, { message: 'See you at three' })] });
    const { user } = renderRoom();
    await openRoom();
    const time = within(messageWith('See you at three')).getByRole('button', { name: /^Message details/ });
    time.focus();

    await user.keyboard('{ContextMenu}');
    await screen.findByRole('menu', { name: 'Message' });
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Message details' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Copy text' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(time).toHaveFocus();
  });

  it('shows the footer’s actions in their sections, each working until it is done', async () => {
    roomServer();
    let finish!: () => void;
    const sendForm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderRoom({
      actions: [
        { title: 'Send a form', description: 'Intake questions', section: 'Forms', onSelect: sendForm },
        { title: 'Share a leaflet', section: 'Content', onSelect: vi.fn() },
        { title: 'Send a consent form', section: 'Forms', onSelect: vi.fn() },
      ],
    });
    await openRoom();
    const button = screen.getByRole('button', { name: 'Actions' });
    await user.click(button);
    const menu = await screen.findByRole('menu', { name: 'Actions' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('group', { name: 'Forms' })).toHaveTextContent(
      'Send a formIntake questionsSend a consent form',
    );
    expect(within(menu).getByRole('group', { name: 'Content' })).toHaveTextContent('Share a leaflet');
    expect(within(menu).getByRole('menuitem', { name: 'Send a form' })).toHaveAccessibleDescription('Intake questions');

    await user.click(within(menu).getByRole('menuitem', { name: 'Send a form' }));
    expect(within(menu).getByRole('menuitem', { name: 'Send a form' })).toHaveAttribute('aria-busy', 'true');
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers no details for a welcome message, and leaves places without a message to the browser', async () => {
    roomServer({
      chat: chatRoom({ welcomeMessages: [message(900, { from: null, message: 'Welcome to Riverside', uuid: 'w1' })] }),
    });
    const { user } = renderRoom();
    await openRoom();

    rightClick(screen.getByText('Welcome to Riverside'));
    const menu = await screen.findByRole('menu', { name: 'Message' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Copy text']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(rightClick(screen.getByRole('log', { name: 'Messages' }))).toBe(true);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
