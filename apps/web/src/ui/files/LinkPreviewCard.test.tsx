import { fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { linkPreviewsApi } from '@referwell/contracts';
import { queryClient } from '../../lib/queryClient';
import { fakeServer, reply } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { LinkPreviewCard } from './LinkPreviewCard';
import { useLinkPreview } from './useLinkPreview';

type LinkPreview = linkPreviewsApi.LinkPreview;

function preview(overrides: Partial<LinkPreview> = {}): LinkPreview {
  return {
    mediaType: 'website',
    url: 'https://news.example.com/story',
    images: [],
    favicons: [],
    videos: [],
    siteName: null,
    title: null,
    description: null,
    contentType: null,
    ...overrides,
  };
}

const page = preview({
  mediaType: 'article',
  images: ['https://news.example.com/cover.jpg'],
  favicons: ['https://news.example.com/favicon.ico'],
  siteName: 'Example News',
  title: 'Clinic opens',
  description: '<b>Not bold</b> text',
  contentType: 'text/html',
});

describe('LinkPreviewCard', () => {
  it.each(['article', 'website', 'video.other'] as const)(
    'shows %s as a card with image, favicon, site name, title and description',
    (mediaType) => {
      const { container } = renderWithProviders(<LinkPreviewCard preview={{ ...page, mediaType }} />);
      const link = screen.getByRole('link', { name: 'Clinic opens' });
      expect(link).toHaveAttribute('href', 'https://news.example.com/story');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(screen.getByText('Example News')).toBeInTheDocument();
      expect(screen.getByText('Clinic opens')).toBeInTheDocument();
      // Site text is shown as text, never as markup.
      expect(screen.getByText('<b>Not bold</b> text')).toBeInTheDocument();
      expect(container.querySelector('b')).toBeNull();
      const images = [...container.querySelectorAll('img')];
      expect(images.map((img) => img.getAttribute('src'))).toEqual([
        'https://news.example.com/cover.jpg',
        'https://news.example.com/favicon.ico',
      ]);
      expect(images.every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
    },
  );

  it('hides a broken image', () => {
    const { container } = renderWithProviders(<LinkPreviewCard preview={page} />);
    fireEvent.error(container.querySelector('img')!);
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'https://news.example.com/favicon.ico',
    ]);
  });

  it('calls onOpenLink instead of navigating', async () => {
    const onOpenLink = vi.fn();
    renderWithProviders(<LinkPreviewCard preview={page} onOpenLink={onOpenLink} />);
    const link = screen.getByRole('link', { name: 'Clinic opens' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(true);
    expect(onOpenLink).toHaveBeenCalledWith('https://news.example.com/story');

    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpenLink).toHaveBeenCalledTimes(2);
  });

  it('shows an image link as the image', () => {
    const url = 'https://cdn.example.com/scan.png';
    renderWithProviders(
      <LinkPreviewCard preview={preview({ mediaType: 'image', url, images: [url], contentType: 'image/png' })} />,
    );
    const image = screen.getByRole('img', { name: 'Linked image' });
    expect(image).toHaveAttribute('src', url);
    expect(screen.getByRole('link', { name: 'Linked image' })).toHaveAttribute('href', url);
  });

  it('names a linked image by its title and falls back to the bare link when it breaks', () => {
    const url = 'https://cdn.example.com/scan.png';
    const { container } = renderWithProviders(
      <LinkPreviewCard preview={preview({ mediaType: 'image', url, images: [url], title: 'X-ray' })} />,
    );
    expect(screen.getByRole('img', { name: 'X-ray' })).toBeInTheDocument();
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link')).toHaveTextContent('cdn.example.com');
  });

  it.each([
    ['video', 'video/mp4'],
    ['audio', 'audio/mpeg'],
  ] as const)('plays %s with its content type', (mediaType, contentType) => {
    const url = `https://cdn.example.com/clip.${mediaType}`;
    const { container } = renderWithProviders(<LinkPreviewCard preview={preview({ mediaType, url, contentType })} />);
    const player = container.querySelector(mediaType)!;
    expect(player).toHaveAttribute('controls');
    const source = player.querySelector('source')!;
    expect(source).toHaveAttribute('src', url);
    expect(source).toHaveAttribute('type', contentType);
  });

  it('shows a bare preview as the link with its host', () => {
    renderWithProviders(<LinkPreviewCard preview={preview()} />);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', 'https://news.example.com/story');
    expect(link).toHaveTextContent('news.example.com https://news.example.com/story');
    expect(document.querySelector('img')).toBeNull();
  });

  it('never links to anything but http(s)', () => {
    renderWithProviders(<LinkPreviewCard preview={preview({ url: 'javascript:alert(1)', title: 'Bad' })} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
  });
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe('useLinkPreview', () => {
  it('asks the endpoint for the url', async () => {
    const server = fakeServer({ 'GET /api/v1/link-preview': () => page });
    const { result } = renderHook(() => useLinkPreview('https://news.example.com/story?a=1&b=2'), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(page));
    const [request] = server.find('GET', '/api/v1/link-preview');
    expect(request.query.get('url')).toBe('https://news.example.com/story?a=1&b=2');
  });

  it('does not retry a refused link', async () => {
    const server = fakeServer({
      'GET /api/v1/link-preview': () => reply(400, errorBody(400, 'BAD_REQUEST', 'This link cannot be previewed')),
    });
    const { result } = renderHook(() => useLinkPreview('http://10.0.0.1/'), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(server.find('GET', '/api/v1/link-preview')).toHaveLength(1);
  });

  it('asks nothing without a url', () => {
    const server = fakeServer({});
    renderHook(() => useLinkPreview(null), { wrapper });
    expect(server.requests).toHaveLength(0);
  });
});
