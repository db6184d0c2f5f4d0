import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderApp';
import { ContentCard, THUMBNAIL_MAX_RETRIES, THUMBNAIL_RETRY_MS } from './ContentCard';
import { fileView } from './testFiles';

const thumbnailOf = (container: HTMLElement) => container.querySelector('img');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ContentCard', () => {
  it('shows Loading... until the thumbnail loads, then the image', () => {
    const { container } = renderWithProviders(
      <ContentCard title="Care plan" thumbnail="https://cdn.example.com/t.png" value="https://example.com" />,
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    fireEvent.load(thumbnailOf(container)!);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(thumbnailOf(container)).toHaveAttribute('src', 'https://cdn.example.com/t.png');
    expect(thumbnailOf(container)).toHaveStyle({ opacity: '1' });
  });

  it('tries the thumbnail again every 2 s and gives up after 10 retries', async () => {
    const { container } = renderWithProviders(<ContentCard title="Care plan" thumbnail="/thumbs/1.png" />);
    const loads: Element[] = [];
    for (let retry = 0; retry < THUMBNAIL_MAX_RETRIES; retry++) {
      const img = thumbnailOf(container)!;
      loads.push(img);
      fireEvent.error(img);
      await act(() => vi.advanceTimersByTimeAsync(THUMBNAIL_RETRY_MS - 1));
      expect(thumbnailOf(container)).toBeNull();
      expect(screen.getByText('Loading...')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1));
    }
    // The first attempt plus 10 retries, each a fresh request.
    loads.push(thumbnailOf(container)!);
    expect(new Set(loads).size).toBe(THUMBNAIL_MAX_RETRIES + 1);

    fireEvent.error(thumbnailOf(container)!);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(thumbnailOf(container)).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('loads the thumbnail on a later retry', async () => {
    const { container } = renderWithProviders(<ContentCard title="Care plan" thumbnail="/thumbs/1.png" />);
    fireEvent.error(thumbnailOf(container)!);
    await act(() => vi.advanceTimersByTimeAsync(THUMBNAIL_RETRY_MS));
    fireEvent.load(thumbnailOf(container)!);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('truncates the description at 120 characters', () => {
    const description = `${'word '.repeat(30)}end`;
    renderWithProviders(<ContentCard title="Care plan" description={description} />);
    const shown = screen.getByText(/^word/).textContent;
    expect(shown.length).toBeLessThanOrEqual(121);
    expect(shown.endsWith('…')).toBe(true);
    renderWithProviders(<ContentCard title="Short" description="Fits easily" />);
    expect(screen.getByText('Fits easily')).toBeInTheDocument();
  });

  it("links to the file's download URL in a new tab, named by the title", () => {
    renderWithProviders(
      <ContentCard
        title="Referral letter"
        description="Signed"
        file={fileView({ id: 4 })}
        value="https://example.com/other"
      />,
    );
    const link = screen.getByRole('link', { name: 'Referral letter' });
    expect(link).toHaveAttribute('href', '/api/v1/files/download/4?sig=x');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleDescription('Signed');
    link.focus();
    expect(link).toHaveFocus();
  });

  it('links to the value when there is no downloadable file', () => {
    renderWithProviders(
      <ContentCard title="Guide" file={fileView({ scanStatus: 'scanning' })} value="https://example.com/guide" />,
    );
    expect(screen.getByRole('link', { name: 'Guide' })).toHaveAttribute('href', 'https://example.com/guide');
  });

  it('is not a link when there is nowhere safe to go', () => {
    renderWithProviders(<ContentCard title="Odd" value="javascript:alert(1)" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Odd' })).toBeInTheDocument();
  });
});
