import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeServer';
import { errorBody, lakeside, riverside } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { detailServer } from '../../test/referralDetailServer';
import { chat } from '../../test/chatFixtures';

const CREATE = '/api/v1/patient/41/action/createChat';

/** The referral's patient card, where the action sits. */
const patientSection = () => screen.findByRole('region', { name: 'Patient' });

describe('chatting with a referral’s patient', { timeout: 20_000 }, () => {
  it('opens the sending practice’s chat with the patient from the referral', async () => {
    let answer: () => unknown = () =>
      reply(400, errorBody(400, 'BAD_REQUEST', 'This patient has no phone number to text the chat link to'));
    const { server } = detailServer(
      { practice: riverside.practice, receivingPractice: lakeside.practice, practicePatientId: 41 },
      {
        [`POST ${CREATE}`]: () => answer(),
        'GET /api/v1/chats': () => ({ data: [], count: 0 }),
      },
    );
    const { user, router } = renderApp('/referrals/view/9');

    const section = await patientSection();
    await user.click(within(section).getByRole('button', { name: 'Chat with patient' }));
    expect(await screen.findByText('This patient has no phone number to text the chat link to')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/referrals/view/9');

    answer = () => chat(60, { type: 'PATIENT', title: 'Jane Doe', patientId: 41 });
    await user.click(within(section).getByRole('button', { name: 'Chat with patient' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/60'));
    expect(server.find('POST', CREATE).at(-1)!.body).toEqual({ practiceId: 1 });
  });

  it('opens the accepting practice’s chat from its own record of the patient', async () => {
    const own = '/api/v1/patient/77/action/createChat';
    const { server } = detailServer(
      { status: 'ACCEPTED', receivingPractice: riverside.practice, practicePatientId: 77 },
      {
        [`POST ${own}`]: () => chat(61, { type: 'PATIENT', title: 'Jane Doe', patientId: 77 }),
        'GET /api/v1/chats': () => ({ data: [], count: 0 }),
      },
    );
    const { user, router } = renderApp('/referrals/view/9');
    await user.click(within(await patientSection()).getByRole('button', { name: 'Chat with patient' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/61'));
    expect(server.find('POST', own)).toHaveLength(1);
  });

  it('is not offered to a practice only offered the referral, which has no record of the patient', async () => {
    detailServer();
    renderApp('/referrals/view/9');
    const section = await patientSection();
    expect(within(section).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Chat with patient' })).not.toBeInTheDocument();
  });
});
