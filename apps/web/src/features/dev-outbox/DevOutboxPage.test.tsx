import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const messages: OutboxMessage[] = [
  {
    id: 2,
    channel: 'sms',
    to: '+12025550102',
    subject: null,
    body: 'Your Referwell code is 123456',
    createdAt: Date.now() - 20_000,
  },
  {
    id: 1,
    channel: 'email',
    to: 'provider@riverside.test',
    subject: 'Reset your password',
    body: 'Use code 654321 to reset your password.',
    createdAt: Date.now() - 3_600_000,
  },
];

describe('development outbox', () => {
  it('lists messages newest first and filters by recipient', async () => {
    const server = fakeServer({
      'GET /api/v1/dev/outbox': ({ query }) =>
        messages.filter((message) => !query.get('to') || message.to === query.get('to')),
    });
    const { user } = renderApp('/dev/outbox');

    const list = await screen.findByRole('list', { name: 'Messages, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Your Referwell code is 123456')).toBeInTheDocument();
    expect(within(items[0]).getByText('Text')).toBeInTheDocument();
    expect(within(items[1]).getByText('Reset your password')).toBeInTheDocument();
    expect(document.title).toBe('Development outbox · Referwell');

    await user.type(screen.getByLabelText(/^recipient/i), 'provider@riverside.test');
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1));
    expect(server.requests.at(-1)!.query.get('to')).toBe('provider@riverside.test');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.find('GET', '/api/v1/dev/outbox').length).toBeGreaterThanOrEqual(3));
  });

  it('says when there is nothing yet', async () => {
    fakeServer({ 'GET /api/v1/dev/outbox': () => [] });
    renderApp('/dev/outbox');
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });

  it('explains where the outbox opens when this server does not show it', async () => {
    fakeServer({
      'GET /api/v1/dev/outbox': () => reply(404, errorBody(404, 'NOT_FOUND', 'No route GET /api/v1/dev/outbox')),
    });
    renderApp('/dev/outbox');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The outbox is not available');
    expect(alert).toHaveTextContent(
      "in a browser on the server's own machine (or anywhere when the server is started with DEV_OUTBOX=true)",
    );
  });

  it('is linked from the sign-in page', async () => {
    fakeServer({
      'GET /api/v1/user/current': () => reply(401, errorBody(401, 'UNAUTHORIZED', 'Unauthorized')),
      'POST /api/v1/auth/config': () => ({ steps: ['EMAIL', 'PASSWORD'] }),
      'GET /api/v1/dev/outbox': () => [],
    });
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Development outbox' }));
    expect(router.state.location.pathname).toBe('/dev/outbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Development outbox' })).toBeInTheDocument();
  });
});
