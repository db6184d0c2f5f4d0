import '../../test/enableFilePond';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeServer';
import { errorBody, riverside } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { formatDate } from '../../lib/dates';
import { fileView } from '../../ui/files/testFiles';
import { detailServer } from '../../test/referralDetailServer';
import { detail, lee } from '../../test/referralFixtures';

const VIEW = '/api/v1/referrals/9/view';

describe('referral detail', { timeout: 20_000 }, () => {
  it('marks the referral read on opening and shows the patient, facts, attachments and timeline', async () => {
    const { server } = detailServer({
      files: [fileView({ id: 5, name: 'ecg.pdf' })],
      timeline: [
        ...detail(9).timeline,
        {
          id: 3,
          kind: 'REJECTED',
          actor: lee,
          practice: riverside.practice,
          details: { reason: 'No capacity' },
          at: Date.now() - 60_000,
        },
      ],
    });
    renderApp('/referrals/view/9');

    expect(await screen.findByRole('heading', { level: 1, name: 'Referral for Jane Doe' })).toBeInTheDocument();
    expect(document.title).toBe('Referral for Jane Doe · Referwell');
    await waitFor(() => expect(server.find('PUT', VIEW)).toHaveLength(1));
    expect(server.find('PUT', VIEW)[0].body).toEqual({ practiceId: 1 });
    expect(server.find('GET', '/api/v1/referral/9')[0].query.get('practiceId')).toBe('1');

    const patient = screen.getByRole('region', { name: 'Patient' });
    expect(within(patient).getByText('03/25/1980')).toBeInTheDocument();
    expect(within(patient).getByText('Female')).toBeInTheDocument();
    expect(screen.getByText('Offered')).toBeInTheDocument();
    expect(screen.getByText('Chest pain on exertion.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Attachments' })).getByText('ecg.pdf')).toBeInTheDocument();

    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('Referral sent')).toBeInTheDocument();
    expect(within(timeline).getByText('Lee Harbor, Lakeside Health')).toBeInTheDocument();
    expect(within(timeline).getByText('Reason: No capacity')).toBeInTheDocument();
    expect(within(timeline).getByText('1 minute ago')).toBeInTheDocument();
    // The steps stay an ordered list, without the list's own numbers on top of the timeline's dots.
    expect(within(timeline).getByRole('list')).toHaveStyle({ listStyleType: 'none' });
  });

  it('shows the tier a specialty referral is offered to now, and until when', async () => {
    const until = Date.now() + 2 * 3_600_000;
    detailServer({ tier: 1, tierExpiresAt: until });
    renderApp('/referrals/view/9');
    const facts = await screen.findByRole('region', { name: 'Referral' });
    expect(within(facts).getByText('Current offer')).toBeInTheDocument();
    expect(within(facts).getByText(`Tier 2, until ${formatDate(until, 'FullSmallNoDay')}`)).toBeInTheDocument();
  });

  it('shows no tier or deadline for a referral sent to one practice, even one stored with a deadline before they had none', async () => {
    detailServer({
      type: 'BASIC',
      speciality: null,
      scheduleType: null,
      matchingDistance: null,
      receivingPractice: riverside.practice,
      tier: 0,
      tierExpiresAt: Date.now() + 3_600_000,
    });
    renderApp('/referrals/view/9');
    const facts = await screen.findByRole('region', { name: 'Referral' });
    expect(within(facts).getByText('Riverside Family Clinic')).toBeInTheDocument();
    expect(within(facts).queryByText('Current offer')).not.toBeInTheDocument();
    expect(within(facts).queryByText(/^Tier /)).not.toBeInTheDocument();
  });

  it('shows only the actions the server allows, and does not mark a read referral again', async () => {
    const { server } = detailServer({
      viewed: true,
      status: 'ACCEPTED',
      actions: ['reschedule', 'unarchive', 'comment'],
    });
    renderApp('/referrals/view/9');

    const actions = await screen.findByRole('group', { name: 'Referral actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reschedule', 'Unarchive', 'Mark as unread']);
    expect(server.find('PUT', VIEW)).toHaveLength(0);
  });

  it.each(['REJECTED', 'EXPIRED', 'CANCELLED'] as const)(
    'offers the sender to refer the patient again once the referral is %s',
    async (status) => {
      detailServer({
        status,
        viewed: true,
        practice: riverside.practice,
        practicePatientId: 41,
        actions: ['referAgain', 'archive', 'comment'],
      });
      const { user, router } = renderApp('/referrals/view/9');

      const again = await within(await screen.findByRole('group', { name: 'Referral actions' })).findByRole('link', {
        name: 'Refer again',
      });
      await user.click(again);
      await waitFor(() => expect(router.state.location.pathname).toBe('/referrals/new'));
      expect(router.state.location.search).toBe('?from=9');
    },
  );

  it.each([
    [
      'to its sender while it is live',
      { practice: riverside.practice, practicePatientId: 41, actions: ['cancel', 'archive', 'comment'] },
    ],
    ['to the practice it was sent to once it ended', { status: 'CANCELLED', actions: ['archive', 'comment'] }],
  ] as const)('does not offer to refer again %s', async (_, overrides) => {
    detailServer({ viewed: true, ...overrides, actions: [...overrides.actions] });
    renderApp('/referrals/view/9');
    const actions = await screen.findByRole('group', { name: 'Referral actions' });
    expect(within(actions).getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(within(actions).queryByRole('link', { name: 'Refer again' })).not.toBeInTheDocument();
  });

  it('accepts with an appointment', async () => {
    const { server, state } = detailServer(
      {},
      {
        'PUT /api/v1/referral/:id/accept': ({ body }) => {
          state.referral = {
            ...state.referral,
            status: 'ACCEPTED',
            actions: ['reschedule', 'archive', 'comment'],
            appointment: {
              departmentId: null,
              addressOverride: null,
              virtualAppointmentHost: null,
              scheduleType: null,
              contentUuid: null,
              submissionId: null,
              appointmentLocation: body.appointmentLocation,
              virtualLink: body.virtualLink,
              start: body.start,
              end: body.end,
            },
          };
          return state.referral;
        },
      },
    );
    const { user } = renderApp('/referrals/view/9');

    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept referral' });
    await user.type(within(dialog).getByLabelText('Starts'), '2030-05-01T09:00');
    await user.type(within(dialog).getByLabelText('Ends'), '2030-05-01T08:30');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Where' }), 'Virtual');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Virtual appointment link' }),
      'https://meet.example.com/jd',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Accept referral' }));
    expect(await within(dialog).findByText('The appointment must end after it starts')).toBeInTheDocument();

    const end = within(dialog).getByLabelText('Ends');
    await user.clear(end);
    await user.type(end, '2030-05-01T09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Accept referral' }));

    expect(await screen.findByText('Referral accepted')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/referral/9/accept')[0].body).toEqual({
      practiceId: 1,
      start: new Date('2030-05-01T09:00').getTime(),
      end: new Date('2030-05-01T09:30').getTime(),
      appointmentLocation: 'VIRTUAL',
      virtualLink: 'https://meet.example.com/jd',
    });
    expect(await screen.findByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.getByText('Accepted')).toBeInTheDocument();
  });

  it('says when another practice accepted first (454)', async () => {
    const { state } = detailServer(
      {},
      {
        'PUT /api/v1/referral/:id/accept': () => {
          state.referral = { ...state.referral, actions: ['comment'] };
          return reply(454, errorBody(454, 'REFERRAL_ALREADY_ACCEPTED', 'Referral already accepted'));
        },
      },
    );
    const { user } = renderApp('/referrals/view/9');

    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept referral' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept referral' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This referral was already accepted by another practice',
    );
    // The referral is fetched again: accepting is no longer offered.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument());
  });

  it('asks before rejecting and sends the reason', async () => {
    const { server } = detailServer(
      {},
      {
        'PUT /api/v1/referral/:id/reject': () => ({ ok: true }),
        'GET /api/v1/referrals/:type': () => ({ data: [], count: 0 }),
      },
    );
    const { user, router } = renderApp('/referrals/view/9');

    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reject this referral?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.find('PUT', '/api/v1/referral/9/reject')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    dialog = await screen.findByRole('dialog', { name: 'Reject this referral?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'No cardiologist this month');
    await user.click(within(dialog).getByRole('button', { name: 'Reject referral' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/referrals'));
    expect(server.find('PUT', '/api/v1/referral/9/reject')[0].body).toEqual({
      practiceId: 1,
      reason: 'No cardiologist this month',
    });
    expect(await screen.findByText('Referral rejected')).toBeInTheDocument();
  });

  it('asks for both times when rescheduling', async () => {
    const start = new Date('2030-05-01T09:00').getTime();
    const { server } = detailServer(
      {
        status: 'ACCEPTED',
        viewed: true,
        actions: ['reschedule'],
        appointment: {
          start,
          end: start + 1_800_000,
          departmentId: null,
          appointmentLocation: null,
          addressOverride: null,
          virtualLink: null,
          virtualAppointmentHost: null,
          scheduleType: null,
          contentUuid: null,
          submissionId: null,
        },
      },
      { 'PUT /api/v1/referral/:id/reschedule': () => detail(9, { status: 'RESCHEDULED', viewed: true }) },
    );
    const { user } = renderApp('/referrals/view/9');

    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
    expect(within(dialog).getByLabelText(/Starts/)).toHaveValue('2030-05-01T09:00');
    await user.clear(within(dialog).getByLabelText(/Ends/));
    await user.click(within(dialog).getByRole('button', { name: 'Save new time' }));
    expect(await within(dialog).findByText('Choose when the appointment ends')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/referral/9/reschedule')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Ends/), '2030-05-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save new time' }));
    expect(await screen.findByText('Appointment rescheduled')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/referral/9/reschedule')[0].body).toMatchObject({
      practiceId: 1,
      start,
      end: new Date('2030-05-01T10:00').getTime(),
    });
  });

  it('marks the referral unread and goes back to the inbox', async () => {
    const { server } = detailServer(
      { viewed: true },
      { 'GET /api/v1/referrals/:type': () => ({ data: [], count: 0 }) },
    );
    const { user, router } = renderApp('/referrals/view/9');

    await user.click(await screen.findByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/referrals'));
    expect(server.find('PUT', '/api/v1/referrals/9/removeView')[0].body).toEqual({ practiceId: 1 });
    expect(server.find('PUT', VIEW)).toHaveLength(0);
  });

  it('edits the practice’s tags on the referral from its REFERRAL and GENERAL tags', async () => {
    const { server } = detailServer(
      {},
      {
        'PUT /api/v1/referral/:id/tags': () => [
          { id: 61, practiceId: 1, name: 'Urgent follow-up', color: '#e03131', context: 'REFERRAL' },
        ],
      },
    );
    const { user } = renderApp('/referrals/view/9');

    await user.click(await screen.findByRole('button', { name: 'Edit tags' }));
    const group = await screen.findByRole('group', { name: 'Tags' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['61', '62']);
    await user.click(within(group).getByRole('checkbox', { name: 'Urgent follow-up' }));
    await user.click(screen.getByRole('button', { name: 'Save tags' }));

    expect(await screen.findByRole('list', { name: 'Tags' })).toHaveTextContent('Urgent follow-up');
    expect(server.find('PUT', '/api/v1/referral/9/tags')[0].body).toEqual({ practiceId: 1, tags: [61] });
  });

  it('says when the practice cannot see the referral', async () => {
    detailServer(
      {},
      { 'GET /api/v1/referral/:id': () => reply(456, errorBody(456, 'OBJECT_NOT_FOUND', 'Object not found')) },
    );
    renderApp('/referrals/view/9');
    expect(await screen.findByText('This referral is not available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to referrals' })).toHaveAttribute('href', '/referrals');
  });
});
