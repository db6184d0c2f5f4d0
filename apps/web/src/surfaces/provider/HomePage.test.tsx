import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { practicesApi, worklistApi } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { emptyWorklist, errorBody, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

// These tests render the whole app, whose first screen can take longer than the 1 s default on a busy machine.
configure({ asyncUtilTimeout: 4000 });

const WORKLIST = '/api/v1/practice/:id/worklist';
const MINUTE = 60_000;

function waiting(id: number, overrides: Partial<worklistApi.WaitingReferral> = {}): worklistApi.WaitingReferral {
  return {
    id,
    type: 'SPECIALTY',
    patientName: `Patient ${id}`,
    fromPractice: { id: 2, name: 'Lakeside Orthopedics' },
    speciality: 'Family Medicine',
    offeredAt: Date.now() - 10 * MINUTE,
    answerBy: Date.now() + id * 10 * MINUTE,
    viewed: true,
    ...overrides,
  };
}

const busy = (): worklistApi.Worklist => ({
  waitingReferrals: {
    count: 7,
    items: [
      waiting(1, { patientName: 'Grace Park', answerBy: Date.now() + 25 * MINUTE - 1000, viewed: false }),
      waiting(2),
      waiting(3),
      waiting(4),
      waiting(5, { type: 'BASIC', patientName: 'Daniel Kim', speciality: null, answerBy: null }),
    ],
  },
  sentReferralNews: {
    count: 1,
    items: [
      {
        id: 30,
        patientName: 'John Carter',
        status: 'ACCEPTED',
        byPractice: { id: 2, name: 'Lakeside Orthopedics' },
        changedAt: Date.now() - 50 * MINUTE,
      },
    ],
  },
  unreadChats: {
    count: 1,
    items: [
      {
        id: 12,
        title: 'Lakeside Orthopedics',
        unreadCount: 2,
        lastMessageAt: Date.now() - 5 * MINUTE,
        lastMessageFrom: 'Lena Okafor',
      },
    ],
  },
  newSubmissions: { count: 0, items: [] },
});

function worklistServer(worklist: () => worklistApi.Worklist | Response) {
  return fakeServer({ ...signedInRoutes(), [`GET ${WORKLIST}`]: () => worklist() });
}

const section = (name: RegExp) => screen.findByRole('region', { name });

describe('the home page', { timeout: 20_000 }, () => {
  it('lists what waits in the practice, each item leading to it, with counts and a way to the rest', async () => {
    const server = worklistServer(busy);
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat Rivers' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const offers = await section(/^Referrals waiting for your answer/);
    expect(within(offers).getByRole('heading', { level: 2 })).toHaveAccessibleName(
      'Referrals waiting for your answer (7)',
    );
    const cards = within(within(offers).getByRole('list')).getAllByRole('link');
    expect(cards).toHaveLength(5);
    expect(cards[0]).toHaveAccessibleName('New Grace Park From Lakeside Orthopedics · Family Medicine 25 min left');
    expect(cards[0]).toHaveAttribute('href', '/referrals/view/1');
    expect(cards[4]).toHaveAccessibleName('Daniel Kim From Lakeside Orthopedics Offered 10 minutes ago');
    const seeAll = within(offers).getByRole('link', { name: 'See all 7 referrals in your inbox' });
    expect(seeAll).toHaveAttribute('href', '/referrals');

    const news = await section(/^News on referrals you sent/);
    expect(within(news).getByRole('link', { name: /John Carter Accepted by Lakeside Orthopedics/ })).toHaveAttribute(
      'href',
      '/referrals/view/30',
    );
    // Everything there is already shown.
    expect(within(news).queryByRole('link', { name: /See all/ })).not.toBeInTheDocument();

    const chats = await section(/^Unread chats/);
    expect(
      within(chats).getByRole('link', { name: /Lakeside Orthopedics 2 unread messages, the last from Lena Okafor/ }),
    ).toHaveAttribute('href', '/chats/12');

    const submissions = await section(/^New form submissions \(0\)/);
    expect(within(submissions).getByText('No new form submissions')).toBeInTheDocument();
    expect(within(submissions).queryByRole('list')).not.toBeInTheDocument();
    expect(server.find('GET', '/api/v1/practice/1/worklist')).toHaveLength(1);
  });

  it('says so when nothing waits', async () => {
    worklistServer(emptyWorklist);
    renderApp('/');
    const offers = await section(/^Referrals waiting for your answer \(0\)/);
    expect(await within(offers).findByText('Nothing waiting for an answer')).toBeInTheDocument();
    expect(screen.getByText('No news on the referrals you sent')).toBeInTheDocument();
    expect(screen.getByText('No unread chats')).toBeInTheDocument();
  });

  it('leaves out the sections of areas the practice has off', async () => {
    fakeServer({
      ...signedInRoutes(),
      [`GET ${WORKLIST}`]: busy,
      'GET /api/v1/practice/:id/gates': () => ({ ...practicesApi.DEFAULT_GATES, chat: false, forms: false }),
    });
    renderApp('/');
    await section(/^Referrals waiting for your answer/);
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Unread chats/ })).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: /^News on referrals you sent/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^New form submissions/ })).not.toBeInTheDocument();
  });

  it('lists a new practice’s first steps, each leading to where it is taken, until all are done', async () => {
    const steps = (done: worklistApi.SetupStepName[]) => ({
      timezone: 'America/Chicago',
      steps: worklistApi.SETUP_STEPS.map((step) => ({ step, done: done.includes(step) })),
    });
    let setup = steps(['NPI', 'TEAM']);
    fakeServer({ ...signedInRoutes(), 'GET /api/v1/practice/:id/setup': () => setup });
    const { unmount } = renderApp('/');

    const checklist = await section(/^Make your practice findable/);
    expect(within(checklist).getByText('2 of 7 done. This list goes away once they all are.')).toBeInTheDocument();
    // The steps left, each a link; those done are only counted.
    expect(within(checklist).getAllByRole('listitem')).toHaveLength(5);
    expect(within(checklist).getByRole('link', { name: 'Set your opening hours' })).toHaveAttribute(
      'href',
      '/practice/settings/opening-hours',
    );
    expect(within(checklist).getByText(/Times are in America\/Chicago/)).toBeInTheDocument();
    expect(
      within(checklist).getByRole('link', { name: 'Add your specialities and accepted insurances' }),
    ).toHaveAttribute('href', '/settings');
    expect(within(checklist).getByRole('link', { name: 'Create an intake form' })).toHaveAttribute('href', '/intake');
    expect(within(checklist).queryByText(/NPI/)).not.toBeInTheDocument();

    unmount();
    setup = steps([...worklistApi.SETUP_STEPS]);
    renderApp('/');
    await section(/^Referrals waiting for your answer/);
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Make your practice findable/ })).toBeNull());
  });

  it('refreshes without a reload when the events socket says a referral arrived', async () => {
    let current = emptyWorklist();
    worklistServer(() => current);
    renderApp('/');
    expect(await screen.findByText('Nothing waiting for an answer')).toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());

    current = { ...emptyWorklist(), waitingReferrals: { count: 1, items: [waiting(9, { patientName: 'Ada Stone' })] } };
    act(() =>
      socket.serverSend({
        event: 'REFERRAL_CHANGED',
        data: { updateUnreads: true, practiceId: 1, referral: { id: 9, kind: 'OFFERED' } },
      }),
    );
    const offers = await section(/^Referrals waiting for your answer \(1\)/);
    expect(await within(offers).findByRole('link', { name: /Ada Stone/ })).toHaveAttribute('href', '/referrals/view/9');
    expect(within(offers).queryByText('Nothing waiting for an answer')).not.toBeInTheDocument();
  });

  it('shows a failure with a way to try again', async () => {
    let fail = true;
    worklistServer(() => (fail ? reply(500, errorBody(500, 'INTERNAL', 'Something broke')) : busy()));
    const { user } = renderApp('/');
    const alert = await screen.findByRole('alert', {}, { timeout: 8_000 });
    expect(alert).toHaveTextContent('Could not load what is waiting for you');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Grace Park/ })).toBeInTheDocument();
  });
});
