import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderApp';
import { GalleryViewer, IMAGE_FAILED } from './GalleryViewer';
import { galleryItemsFromFiles, type GalleryItem } from './galleryItems';
import { parseVideoUrl } from './mediaUrls';
import { fileView } from './testFiles';

/** A YouTube or Vimeo link as the gallery's player. */
function playerOf(url: string, name: string): GalleryItem {
  const video = parseVideoUrl(url)!;
  return { kind: 'embed', key: `${video.provider}-${video.id}`, name, src: video.embedUrl, provider: video.provider };
}

const items: GalleryItem[] = [
  { kind: 'image', key: 'a', name: 'wound-1.png', src: '/dl/a' },
  { kind: 'image', key: 'b', name: 'wound-2.jpg', src: '/dl/b' },
  { kind: 'video', key: 'c', name: 'gait.mp4', src: '/dl/c', type: 'video/mp4' },
  playerOf('https://youtu.be/dQw4w9WgXcQ', 'Exercise video'),
  playerOf('https://vimeo.com/76979871', 'Aftercare'),
];

function Harness({ start = 0 }: { start?: number }) {
  const [index, setIndex] = useState<number | null>(null);
  return (
    <>
      <button type="button" onClick={() => setIndex(start)}>
        Open gallery
      </button>
      <GalleryViewer
        items={items}
        opened={index !== null}
        index={index ?? 0}
        onIndexChange={setIndex}
        onClose={() => setIndex(null)}
      />
    </>
  );
}

async function openGallery(start = 0) {
  const user = userEvent.setup();
  renderWithProviders(<Harness start={start} />);
  await user.click(screen.getByRole('button', { name: 'Open gallery' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

// jsdom has no PointerEvent; React reads pointerType, pointerId and coordinates from it.
class PointerEventStub extends MouseEvent {
  pointerId: number;
  pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}

beforeEach(() => {
  vi.stubGlobal('PointerEvent', PointerEventStub);
});

describe('GalleryViewer', () => {
  it('shows the item with its name as alt text and a counter, and wraps around', async () => {
    const { user, dialog } = await openGallery();
    expect(within(dialog).getByRole('img', { name: 'wound-1.png' })).toHaveAttribute('src', '/dl/a');
    expect(within(dialog).getByText('1 of 5')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(within(dialog).getByText('5 of 5')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('2 of 5')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'wound-2.jpg' })).toBeInTheDocument();
  });

  it('plays local videos and embeds YouTube and Vimeo players', async () => {
    const { user, dialog } = await openGallery(2);
    const video = within(dialog).getByLabelText('gait.mp4');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    expect(video.querySelector('source')).toHaveAttribute('type', 'video/mp4');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByTitle('Exercise video')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByTitle('Aftercare')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871');
  });

  it('moves with the arrow keys and closes on Escape, returning focus', async () => {
    const { user, dialog } = await openGallery();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('2 of 5')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(dialog).getByText('5 of 5')).toBeInTheDocument();
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }

    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Open gallery' })).toHaveFocus());
  });

  it('closes with the close button', async () => {
    const { user, dialog } = await openGallery();
    await user.click(within(dialog).getByRole('button', { name: 'Close gallery' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('moves on a sideways swipe of at least 50 px', async () => {
    const { dialog } = await openGallery();
    const stage = within(dialog).getByTestId('gallery-stage');
    const swipe = (from: number, to: number, pointerType = 'touch', dy = 0) => {
      fireEvent.pointerDown(stage, { pointerId: 3, pointerType, clientX: from, clientY: 100 });
      fireEvent.pointerUp(stage, { pointerId: 3, pointerType, clientX: to, clientY: 100 + dy });
    };

    swipe(300, 200);
    expect(within(dialog).getByText('2 of 5')).toBeInTheDocument();
    swipe(100, 200);
    expect(within(dialog).getByText('1 of 5')).toBeInTheDocument();
    swipe(100, 60);
    swipe(300, 200, 'mouse');
    swipe(300, 200, 'touch', 150);
    expect(within(dialog).getByText('1 of 5')).toBeInTheDocument();
    swipe(100, 50);
    expect(within(dialog).getByText('2 of 5')).toBeInTheDocument();
  });

  it('offers no previous or next for a single item', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <GalleryViewer items={items.slice(0, 1)} opened index={0} onIndexChange={vi.fn()} onClose={vi.fn()} />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('1 of 1')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('1 of 1')).toBeInTheDocument();
  });
});

describe('GalleryViewer with fresh links', () => {
  const shown = (freshSrc: (item: GalleryItem) => Promise<string | null>, at = 0) =>
    renderWithProviders(
      <GalleryViewer items={items} opened index={at} onIndexChange={vi.fn()} onClose={vi.fn()} freshSrc={freshSrc} />,
    );

  it('asks for each file’s address as it is shown, saying it is loading meanwhile', async () => {
    let answer!: (src: string) => void;
    const freshSrc = vi.fn(() => new Promise<string | null>((resolve) => (answer = resolve)));
    shown(freshSrc);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Loading...')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    expect(freshSrc).toHaveBeenCalledWith(items[0]);
    answer('/dl/a?fresh');
    expect(await within(dialog).findByRole('img', { name: 'wound-1.png' })).toHaveAttribute('src', '/dl/a?fresh');
  });

  it('says a file found gone has expired, and when it could not be asked for', async () => {
    const { unmount } = shown(async () => null);
    expect(await screen.findByText('Sorry this file has expired')).toBeInTheDocument();
    unmount();
    shown(() => Promise.reject(new Error('offline')));
    expect(await screen.findByText('Sorry this file could not be opened, please try again')).toBeInTheDocument();
  });

  it('plays YouTube and Vimeo links as they are, without asking', async () => {
    const freshSrc = vi.fn(async () => '/never');
    shown(freshSrc, 3);
    expect(await screen.findByTitle('Exercise video')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(freshSrc).not.toHaveBeenCalled();
  });

  it('shows words instead of a broken image when the image does not load', async () => {
    const { dialog } = await openGallery();
    fireEvent.error(within(dialog).getByRole('img', { name: 'wound-1.png' }));
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    expect(within(dialog).getByText(IMAGE_FAILED)).toBeInTheDocument();
    // The next image gets its own chance.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('img', { name: 'wound-2.jpg' })).toBeInTheDocument();
  });
});

describe('galleryItemsFromFiles', () => {
  it('takes the clean images and videos with a link', () => {
    const files = [
      fileView({ id: 1, name: 'a.png', type: 'image/png' }),
      fileView({ id: 2, name: 'b.pdf' }),
      fileView({ id: 3, name: 'c.mp4', type: 'video/mp4' }),
      fileView({ id: 4, name: 'd.png', type: 'image/png', scanStatus: 'infected' }),
      fileView({ id: 5, name: 'e.png', type: 'image/png', deleted: true }),
      fileView({ id: 6, name: 'f.svg', type: 'image/svg+xml' }),
    ];
    expect(galleryItemsFromFiles(files).map((item) => [item.kind, item.name])).toEqual([
      ['image', 'a.png'],
      ['video', 'c.mp4'],
      ['image', 'f.svg'],
    ]);
  });
});
