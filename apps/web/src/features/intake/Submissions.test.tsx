import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { chat } from '../../test/chatFixtures';
import { announceUnreadChanged } from '../events';
import { bot, intakeServer, submission } from './intakeFixtures';

const COUNTS = { NEW: 1, ACCEPTED: 4, REJECTED: 0, archived: 2, unread: 1 };

/** Bot 3 with submission 5 from Jane Doe; `routes` add or replace calls. */
function submissionServer(routes: Parameters<typeof intakeServer>[0] = {}, current = submission(5)) {
  const state = { submission: current };
  const server = intakeServer({
    'GET /api/v1/bot/3': () => bot(3),
    'GET /api/v1/bot/3/submissionCounts': () => COUNTS,
    'GET /api/v1/bot/3/submissions': () => ({ data: [state.submission], count: 1 }),
    'GET /api/v1/submission/5': () => state.submission,
    'GET /api/v1/chats': () => ({ data: [], count: 0 }),
    ...routes,
  });
  return { server, state };
}

describe('intake submissions', { timeout: 20_000 }, () => {
  it("lists a bot's submissions by state with their counts, new ones marked", async () => {
    const { server, state } = submissionServer({
      'GET /api/v1/unread': () => [
        { practiceId: 1, inboxItems: 0, chats: 0, notifications: 0, submissions: 1, total: 1 },
      ],
    });
    const { user } = renderApp('/intake/3');
    // The navigation counts the practice's unopened submissions.
    expect(
      await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', {
        name: 'Intake (1 unread)',
      }),
    ).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'Riverside intake' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Submission lists' });
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: 'Accepted (4)' })).toBeInTheDocument());
    expect(within(tabs).getByRole('tab', { name: 'New (1)' })).toHaveAttribute('aria-selected', 'true');

    const list = await screen.findByRole('list', { name: 'New submissions' });
    const item = within(list).getByRole('link', { name: /Jane Doe/ });
    expect(item).toHaveAttribute('href', '/intake/3/submissions/5');
    expect(within(item).getByText('New', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(item).getByText('(202) 555-0123')).toBeInTheDocument();
    expect(within(item).getByText('5 minutes ago')).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/bot/3/submissions')[0].query.toString()).toBe(
      'page=0&pageSize=20&status=NEW&archived=false',
    );

    // A patient sends the form meanwhile: the events socket's unread change brings it in.
    state.submission = submission(6, { firstName: 'Omar', lastName: 'Haddad' });
    announceUnreadChanged(1);
    expect(await within(list).findByRole('link', { name: /Omar Haddad/ })).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Archived (2)' }));
    await waitFor(() =>
      expect(server.find('GET', '/api/v1/bot/3/submissions').at(-1)!.query.toString()).toBe(
        'page=0&pageSize=20&archived=true',
      ),
    );
  });

  it('shows the answers and contact, and accepting puts the patient in the practice', async () => {
    let unopened = 1;
    const { server, state } = submissionServer({
      'GET /api/v1/unread': () => [
        { practiceId: 1, inboxItems: 0, chats: 0, notifications: 0, submissions: unopened, total: unopened },
      ],
      'GET /api/v1/submission/5': () => {
        unopened = 0;
        return state.submission;
      },
      'POST /api/v1/submission/5/accept': () => {
        state.submission = {
          ...state.submission,
          status: 'ACCEPTED',
          viewed: true,
          patientId: 41,
          decidedAt: Date.now(),
        };
        return state.submission;
      },
    });
    const { user } = renderApp('/intake/3/submissions/5');

    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/submission/5')[0].query.get('practiceId')).toBe('1');
    const answers = screen.getByRole('region', { name: 'Answers' });
    expect(within(answers).getByText('Last name')).toBeInTheDocument();
    expect(within(answers).getByText('Note')).toBeInTheDocument();
    expect(within(answers).getByText('Knee pain since spring.')).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(within(contact).getByRole('link', { name: 'jane@example.com' })).toHaveAttribute(
      'href',
      'mailto:jane@example.com',
    );
    expect(within(contact).getByText('03/25/1980')).toBeInTheDocument();
    // Opening it read it for the practice: the navigation's count follows.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(server.find('GET', '/api/v1/unread').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Intake' })).toBeInTheDocument());

    const actions = screen.getByRole('group', { name: 'Submission actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept', 'Reject', 'Start chat', 'Archive']);
    await user.click(within(actions).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('Accepted. Jane Doe is in your patients.')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/submission/5/accept')[0].body).toEqual({ practiceId: 1 });
    expect(within(actions).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'Open in your patients' })).toHaveAttribute(
      'href',
      '/patients/41',
    );
  });

  it("shows the server's word when an action fails, and rejects only after asking", async () => {
    const { server, state } = submissionServer({
      'POST /api/v1/submission/5/accept': () =>
        reply(409, errorBody(409, 'CONFLICT', 'This submission was already answered')),
      'POST /api/v1/submission/5/reject': () => {
        state.submission = { ...state.submission, status: 'REJECTED', decidedAt: Date.now() };
        return state.submission;
      },
    });
    const { user } = renderApp('/intake/3/submissions/5');
    const actions = await screen.findByRole('group', { name: 'Submission actions' });
    await user.click(within(actions).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This submission was already answered');

    await user.click(within(actions).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this submission?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject submission' }));
    expect(await screen.findByText("Jane Doe's submission is rejected")).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/submission/5/reject')[0].body).toEqual({ practiceId: 1 });
    expect(screen.getByText('Rejected', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
  });

  it('starts a chat with the patient and opens it', async () => {
    const { server } = submissionServer({
      'POST /api/v1/submission/5/action/createChat': () =>
        chat(60, { type: 'PATIENT', title: 'Jane Doe', patientId: 41 }),
    });
    const { user, router } = renderApp('/intake/3/submissions/5');
    await user.click(await screen.findByRole('button', { name: 'Start chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/60'));
    expect(server.find('POST', '/api/v1/submission/5/action/createChat')[0].body).toEqual({ practiceId: 1 });
  });

  it('links to the chat a submission already has, and brings an archived one back', async () => {
    const { server, state } = submissionServer(
      {
        'PUT /api/v1/submission/5/archive': ({ body }) => {
          state.submission = { ...state.submission, archived: body.archived };
          return state.submission;
        },
      },
      submission(5, { status: 'ACCEPTED', viewed: true, archived: true, chatId: 60 }),
    );
    const { user } = renderApp('/intake/3/submissions/5');
    const actions = await screen.findByRole('group', { name: 'Submission actions' });
    expect(within(actions).getByRole('link', { name: 'Open chat' })).toHaveAttribute('href', '/chats/60');
    expect(screen.getByRole('link', { name: 'Back to submissions' })).toHaveAttribute(
      'href',
      '/intake/3?list=archived',
    );

    await user.click(within(actions).getByRole('button', { name: 'Unarchive' }));
    expect(await screen.findByText('Submission moved back from the archive')).toBeInTheDocument();
    const call = server.find('PUT', '/api/v1/submission/5/archive')[0];
    expect(call.query.get('practiceId')).toBe('1');
    expect(call.body).toEqual({ archived: false });
    expect(within(actions).getByRole('button', { name: 'Archive' })).toBeInTheDocument();
  });

  it('still lists what patients sent through a form taken down, and says it is down', async () => {
    submissionServer({ 'GET /api/v1/bot/3': () => bot(3, { takenDownAt: Date.parse('2026-11-20T12:00:00Z') }) });
    renderApp('/intake/3');

    expect(await screen.findByRole('heading', { level: 1, name: 'Riverside intake' })).toBeInTheDocument();
    expect(screen.getByText(/^Taken down November 20, 2026: patients can no longer send it/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Jane Doe/ })).toHaveAttribute('href', '/intake/3/submissions/5');
  });
});
