import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime } from './RelativeTime';

const NOW = new Date(2024, 2, 5, 14, 0, 0);

function show(value: number, props: { addSuffix?: boolean; withTooltip?: boolean } = {}) {
  return render(
    <MantineProvider env="test">
      <RelativeTime value={value} {...props} />
    </MantineProvider>,
  );
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('RelativeTime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  it('counts seconds while under a minute old, then minutes', () => {
    show(NOW.getTime() - 5_000, { addSuffix: true });
    expect(screen.getByText('5 seconds ago')).toBeInTheDocument();
    advance(1_000);
    expect(screen.getByText('6 seconds ago')).toBeInTheDocument();
    advance(54_000);
    expect(screen.getByText('1 minute ago')).toBeInTheDocument();
    // Once past a minute it only refreshes every minute.
    advance(30_000);
    expect(screen.getByText('1 minute ago')).toBeInTheDocument();
    advance(30_000);
    expect(screen.getByText('2 minutes ago')).toBeInTheDocument();
  });

  it('stops refreshing once an hour old', () => {
    show(NOW.getTime() - 59 * 60_000);
    expect(screen.getByText('59 minutes')).toBeInTheDocument();
    advance(60_000);
    expect(screen.getByText('1 hour')).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
    advance(3 * 3_600_000);
    expect(screen.getByText('1 hour')).toBeInTheDocument();
  });

  it('shows the absolute long format beyond 1440 minutes', () => {
    const value = NOW.getTime() - 1441 * 60_000;
    show(value, { addSuffix: true });
    expect(screen.getByText('March 4, 2024 at 1:59 PM')).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows hours under a day without a suffix unless asked', () => {
    show(NOW.getTime() - 3 * 3_600_000);
    expect(screen.getByText('3 hours')).toBeInTheDocument();
  });

  it('renders a time element with the machine-readable date', () => {
    const value = NOW.getTime() - 10_000;
    show(value);
    expect(screen.getByText('10 seconds').tagName).toBe('TIME');
    expect(screen.getByText('10 seconds')).toHaveAttribute('datetime', new Date(value).toISOString());
  });

  it('offers the full date in a tooltip, also to keyboard users', () => {
    show(NOW.getTime() - 10_000, { withTooltip: true });
    const time = screen.getByText('10 seconds');
    expect(time).toHaveAttribute('tabindex', '0');
    fireEvent.focus(time);
    expect(screen.getByText('Tue, Mar 5, 2024 1:59 PM')).toBeInTheDocument();
  });
});
