import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { RoomState } from './RoomState';

describe('RoomState', () => {
  it('says Loading / One moment... by default, and a slim line when mini', () => {
    const { unmount } = render(
      <MantineProvider env="test">
        <RoomState type="LOADING" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('LoadingOne moment...');
    unmount();
    render(
      <MantineProvider env="test">
        <RoomState type="LOADING_MINI" title="Connecting..." />
      </MantineProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^Connecting\.\.\.$/);
  });

  it('shows an error as an alert, without the spinner', () => {
    render(
      <MantineProvider env="test">
        <RoomState type="ERROR" title="Something broke" subtitle={null} />
      </MantineProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/^Something broke$/);
  });
});
