import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ContextMenu, type ContextMenuSection } from './ContextMenu';
import { useContextMenuTrigger, type MenuAnchor } from './ContextMenuTrigger';

/** A row that opens a menu the ways people do; `opened` sees each anchor. */
function Row({ sections, opened }: { sections: ContextMenuSection[]; opened?: (anchor: MenuAnchor) => void }) {
  const [anchor, setAnchor] = useState<MenuAnchor | null>(null);
  const trigger = useContextMenuTrigger((next) => {
    opened?.(next);
    setAnchor(next);
  });
  return (
    <>
      <button type="button">Elsewhere</button>
      <div data-testid="row" {...trigger}>
        <p>Lee Harbor: see you at three</p>
        <button type="button">Row details</button>
      </div>
      {anchor && (
        <ContextMenu anchor={anchor} label="Row actions" sections={sections} onClose={() => setAnchor(null)} />
      )}
    </>
  );
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const basic = (overrides: Partial<Record<'copy' | 'details', () => unknown>> = {}): ContextMenuSection[] => [
  {
    title: 'Message',
    items: [
      { label: 'Message details', onSelect: overrides.details ?? vi.fn() },
      { label: 'Copy text', onSelect: overrides.copy ?? vi.fn() },
    ],
  },
  {
    title: 'Links',
    items: [
      {
        label: 'Open link',
        items: [
          { key: 'a', label: 'https://example.com/a', onSelect: vi.fn() },
          { key: 'b', label: 'https://example.com/b', onSelect: vi.fn() },
        ],
      },
    ],
  },
  { items: [{ label: 'Delete', danger: true, disabled: true, onSelect: vi.fn() }] },
];

const menu = () => screen.findByRole('menu', { name: 'Row actions' });
const item = (name: string) => screen.getByRole('menuitem', { name });

describe('the context menu', () => {
  it('opens at the pointer on a right-click instead of the browser’s menu, in sections', async () => {
    const opened = vi.fn();
    render(<Row sections={basic()} opened={opened} />);
    const text = screen.getByText('Lee Harbor: see you at three');

    const allowed = fireEvent.contextMenu(text, { clientX: 40, clientY: 60 });
    expect(allowed).toBe(false);
    expect(opened).toHaveBeenCalledWith({ target: text, point: { x: 40, y: 60 } });

    const shown = await menu();
    expect(
      within(shown)
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-labelledby') && group.textContent),
    ).toEqual(['MessageMessage detailsCopy text', 'LinksOpen link', null]);
    expect(within(shown).getByRole('group', { name: 'Links' })).toContainElement(item('Open link'));
    expect(within(shown).getAllByRole('separator')).toHaveLength(2);
    expect(item('Open link')).toHaveAttribute('aria-haspopup', 'menu');
    expect(item('Open link')).toHaveAttribute('aria-expanded', 'false');
    expect(item('Delete')).toHaveAttribute('aria-disabled', 'true');
    // Opened by a pointer, no item is chosen yet; the arrow keys start at the top.
    await waitFor(() => expect(shown).toHaveFocus());
    fireEvent.keyDown(shown, { key: 'ArrowDown' });
    expect(item('Message details')).toHaveFocus();
  });

  it('opens from the keyboard at the focused element and is used with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    const opened = vi.fn();
    render(<Row sections={basic()} opened={opened} />);
    const details = screen.getByRole('button', { name: 'Row details' });
    details.focus();

    await user.keyboard('{Shift>}{F10}{/Shift}');
    expect(opened).toHaveBeenCalledWith({ target: details });
    await menu();
    await waitFor(() => expect(item('Message details')).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(item('Copy text')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(item('Delete')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Message details')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Delete')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Message details')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Delete')).toHaveFocus();
    await user.keyboard('c');
    expect(item('Copy text')).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(details).toHaveFocus();

    await user.keyboard('{ContextMenu}');
    await menu();
    await waitFor(() => expect(item('Message details')).toHaveFocus());
  });

  it('opens a sub-menu with ArrowRight and closes just it with ArrowLeft or Escape', async () => {
    const user = userEvent.setup();
    render(<Row sections={basic()} />);
    screen.getByRole('button', { name: 'Row details' }).focus();
    await user.keyboard('{ContextMenu}');
    await menu();
    await user.keyboard('{End}{ArrowUp}');
    expect(item('Open link')).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    const links = await screen.findByRole('menu', { name: 'Open link' });
    expect(item('Open link')).toHaveAttribute('aria-expanded', 'true');
    expect(item('Open link')).toHaveAttribute('aria-controls', links.id);
    await waitFor(() => expect(within(links).getByRole('menuitem', { name: 'https://example.com/a' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(links).getByRole('menuitem', { name: 'https://example.com/b' })).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(screen.queryByRole('menu', { name: 'Open link' })).not.toBeInTheDocument();
    expect(item('Open link')).toHaveFocus();

    await user.keyboard('{Enter}');
    await screen.findByRole('menu', { name: 'Open link' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu', { name: 'Open link' })).not.toBeInTheDocument();
    expect(screen.getByRole('menu', { name: 'Row actions' })).toBeInTheDocument();
    expect(item('Open link')).toHaveFocus();
  });

  it('opens a sub-menu when the pointer rests on its item, closes it on Escape, and runs a sub-item', async () => {
    const user = userEvent.setup();
    const sections = basic();
    render(<Row sections={sections} />);
    fireEvent.contextMenu(screen.getByText('Lee Harbor: see you at three'), { clientX: 10, clientY: 10 });
    await menu();
    await user.hover(item('Open link'));
    await screen.findByRole('menu', { name: 'Open link' });
    // The focus is still on its item, yet Escape closes the sub-menu first.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu', { name: 'Open link' })).not.toBeInTheDocument();
    expect(screen.getByRole('menu', { name: 'Row actions' })).toBeInTheDocument();

    await user.hover(item('Copy text'));
    await user.hover(item('Open link'));
    const links = await screen.findByRole('menu', { name: 'Open link' });
    await user.click(within(links).getByRole('menuitem', { name: 'https://example.com/b' }));
    expect(sections[1].items[0].items![1].onSelect).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows an item working until its action finishes, then closes and gives the focus back', async () => {
    const user = userEvent.setup();
    const copying = deferred();
    const copy = vi.fn(() => copying.promise);
    render(<Row sections={basic({ copy })} />);
    const details = screen.getByRole('button', { name: 'Row details' });
    details.focus();
    await user.keyboard('{ContextMenu}');
    await menu();

    await user.click(item('Copy text'));
    expect(copy).toHaveBeenCalledOnce();
    expect(item('Copy text')).toHaveAttribute('aria-busy', 'true');
    // Working: choosing it again does not run it twice.
    await user.click(item('Copy text'));
    expect(copy).toHaveBeenCalledOnce();

    await act(async () => copying.resolve());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(details).toHaveFocus();
  });

  it('stays open when an action fails, so it can be tried again', async () => {
    const user = userEvent.setup();
    const copying = deferred();
    render(<Row sections={basic({ copy: () => copying.promise })} />);
    fireEvent.contextMenu(screen.getByText('Lee Harbor: see you at three'), { clientX: 10, clientY: 10 });
    await menu();
    await user.click(item('Copy text'));
    await act(async () => copying.reject(new Error('No clipboard')));
    expect(item('Copy text')).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('menu', { name: 'Row actions' })).toBeInTheDocument();
  });

  it('keeps the menu open after a keepOpen action, and closes before a noWait one finishes', async () => {
    const user = userEvent.setup();
    const refreshing = deferred();
    const dialog = deferred();
    const refresh = vi.fn(() => refreshing.promise);
    const openDialog = vi.fn(() => dialog.promise);
    const sections: ContextMenuSection[] = [
      {
        items: [
          { label: 'Refresh', keepOpen: true, onSelect: refresh },
          { label: 'Close chat…', noWait: true, onSelect: openDialog },
        ],
      },
    ];
    render(<Row sections={sections} />);
    fireEvent.contextMenu(screen.getByText('Lee Harbor: see you at three'), { clientX: 10, clientY: 10 });
    await menu();

    await user.click(item('Refresh'));
    expect(item('Refresh')).toHaveAttribute('aria-busy', 'true');
    await act(async () => refreshing.resolve());
    expect(item('Refresh')).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('menu', { name: 'Row actions' })).toBeInTheDocument();

    await user.click(item('Close chat…'));
    expect(openDialog).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('flips a toggle’s mark once its action succeeds', async () => {
    const user = userEvent.setup();
    let fail = true;
    const mute = vi.fn(async () => {
      if (fail) throw new Error('Offline');
    });
    render(<Row sections={[{ items: [{ label: 'Mute', checked: false, keepOpen: true, onSelect: mute }] }]} />);
    fireEvent.contextMenu(screen.getByText('Lee Harbor: see you at three'), { clientX: 10, clientY: 10 });
    await menu();
    const toggle = screen.getByRole('menuitemcheckbox', { name: 'Mute' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.click(toggle);
    expect(mute).toHaveBeenLastCalledWith(true);
    await waitFor(() => expect(toggle).not.toHaveAttribute('aria-busy'));
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    fail = false;
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    await user.click(toggle);
    expect(mute).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
  });

  it('shows the owner’s value of a toggle once it has one, even when someone else changes it', async () => {
    const user = userEvent.setup();
    const toggle = (checked: boolean, onSelect: () => unknown = vi.fn()) => [
      { items: [{ label: 'Mute', checked, keepOpen: true, onSelect }] },
    ];
    const view = render(<Row sections={toggle(false)} />);
    fireEvent.contextMenu(screen.getByText('Lee Harbor: see you at three'), { clientX: 10, clientY: 10 });
    await menu();
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Mute' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Mute' })).toHaveAttribute('aria-checked', 'true');

    // The owner takes the change, then hears that someone else undid it.
    view.rerender(<Row sections={toggle(true)} />);
    expect(screen.getByRole('menuitemcheckbox', { name: 'Mute' })).toHaveAttribute('aria-checked', 'true');
    view.rerender(<Row sections={toggle(false)} />);
    expect(screen.getByRole('menuitemcheckbox', { name: 'Mute' })).toHaveAttribute('aria-checked', 'false');
  });

  it('ignores a disabled item and closes on a click outside, leaving the focus there', async () => {
    const user = userEvent.setup();
    const sections = basic();
    render(<Row sections={sections} />);
    fireEvent.contextMenu(screen.getByText('Lee Harbor: see you at three'), { clientX: 10, clientY: 10 });
    await menu();
    await user.click(item('Delete'));
    expect(sections[2].items[0].onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('menu', { name: 'Row actions' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('opens after a long press on a touch screen, and the lifted finger taps nothing', () => {
    vi.useFakeTimers();
    try {
      const opened = vi.fn();
      render(<Row sections={basic()} opened={opened} />);
      const text = screen.getByText('Lee Harbor: see you at three');
      fireEvent.touchStart(text, { touches: [{ clientX: 20, clientY: 30 }] });
      act(() => {
        vi.advanceTimersByTime(499);
      });
      expect(opened).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(opened).toHaveBeenCalledWith({ target: text, point: { x: 20, y: 30 } });
      expect(fireEvent.touchEnd(text)).toBe(false);

      // A finger that moves is scrolling, not pressing.
      opened.mockClear();
      fireEvent.touchStart(text, { touches: [{ clientX: 20, clientY: 30 }] });
      fireEvent.touchMove(text, { touches: [{ clientX: 20, clientY: 60 }] });
      act(() => {
        vi.advanceTimersByTime(600);
      });
      expect(opened).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
