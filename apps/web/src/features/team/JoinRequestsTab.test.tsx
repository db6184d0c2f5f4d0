import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { joinRequestsApi } from '@referwell/contracts';
import { renderApp } from '../../test/renderApp';
import { joinRequest, member, teamServer } from './teamFixtures';

const LIST = '/api/v1/practicejoinrequest';

function requestsServer(initial: joinRequestsApi.JoinRequest[]) {
  let requests = initial;
  return teamServer(['ADMIN'], [member(7, 'Pat', 'Rivers', ['ADMIN'])], {
    'GET /api/v1/practicejoinrequest': () => ({ data: requests, count: requests.length }),
    'PUT /api/v1/practicejoinrequest/:id': ({ body }, { id }) => {
      requests = requests.map((r) => (r.id === Number(id) ? { ...r, state: body.state, updatedAt: Date.now() } : r));
      return requests.find((r) => r.id === Number(id));
    },
  });
}

describe('join requests', () => {
  it('approves at once and rejects after confirmation', async () => {
    const server = requestsServer([
      joinRequest(1, 'Robin', { message: 'I work with Dr. Rivers on Tuesdays' }),
      joinRequest(2, 'Kim'),
    ]);
    const { user } = renderApp('/practice/team/join-requests');

    const pending = await screen.findByRole('list', { name: 'Pending join requests' });
    expect(within(pending).getByText('I work with Dr. Rivers on Tuesdays')).toBeInTheDocument();
    expect(within(pending).getByText('No message')).toBeInTheDocument();
    expect(within(pending).getAllByText(/2 hours ago/)).toHaveLength(2);
    expect(server.find('GET', LIST)[0].query.get('practiceId')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Approve Robin Asker' }));
    expect(await screen.findByText('Robin Asker joined Riverside Family Clinic')).toBeInTheDocument();
    expect(server.find('PUT', `${LIST}/1`)[0].body).toEqual({ state: 'APPROVED' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve Robin Asker' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Reject Kim Asker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request?' });
    expect(within(dialog).getByText(/Kim Asker will not join/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));

    expect(await screen.findByText('No pending join requests')).toBeInTheDocument();
    expect(server.find('PUT', `${LIST}/2`)[0].body).toEqual({ state: 'REJECTED' });
  });

  it('keeps answered requests under History', async () => {
    requestsServer([joinRequest(1, 'Robin'), joinRequest(2, 'Kim', { state: 'REJECTED' })]);
    const { user } = renderApp('/practice/team/join-requests');

    expect(await screen.findByText('Robin Asker')).toBeInTheDocument();
    expect(screen.queryByText('Kim Asker')).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Show history' }));
    const history = screen.getByRole('list', { name: 'Answered join requests' });
    expect(within(history).getByText('Kim Asker')).toBeInTheDocument();
    expect(within(history).getByText('Rejected')).toBeInTheDocument();
    expect(within(history).queryByRole('button')).not.toBeInTheDocument();
  });
});
