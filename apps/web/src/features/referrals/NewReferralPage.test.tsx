import '../../test/enableFilePond';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, lakeside, riverside } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { lee, patient } from '../../test/referralFixtures';
import { CREATE, choose, createServer, match, pickJane } from './newReferralFixtures';

/**
 * The new referral form: basic and specialty referrals, new patients, who refers, and errors.
 * Filling it in from an ended referral is in ReferAgain.
 */

describe('new referral', { timeout: 20_000 }, () => {
  it('sends a basic referral to a chosen practice for an existing patient', async () => {
    const server = createServer();
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { user, router } = renderApp('/referrals/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New referral' })).toBeInTheDocument();

    await pickJane(user);
    expect(screen.getByText('03/25/1980')).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/patients')[0].query.get('practiceId')).toBe('1');
    await user.click(screen.getByRole('radio', { name: /Basic/ }));
    await user.type(screen.getByRole('combobox', { name: 'Practice' }), 'side');
    // The sender is not offered as its own target.
    await screen.findByRole('option', { name: /Lakeside Health/ });
    expect(screen.queryByRole('option', { name: /Riverside/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /Lakeside Health/ }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Please see soon');
    // FilePond puts its file input in after the label: wait for the two to be tied together.
    expect(await screen.findByLabelText(/Attach a file to the referral: drag & drop or browse/i)).toHaveAttribute(
      'type',
      'file',
    );
    expect(screen.queryByRole('region', { name: 'Who would receive it' })).not.toBeInTheDocument();
    // A provider refers in their own name.
    expect(screen.queryByRole('combobox', { name: 'Referring provider' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send referral' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/referrals/view/90'));
    // It opens at its top, status in view, not as far down as Send was.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0 }));
    scrollTo.mockRestore();
    expect(server.find('POST', CREATE)[0].body).toEqual({
      practiceId: 1,
      patientId: 41,
      notes: 'Please see soon',
      files: [],
      targetPracticeId: 2,
    });
    expect(await screen.findByText('Referral for Jane Doe sent')).toBeInTheDocument();
  });

  it('asks for a provider at the chosen practice when the sender names one', async () => {
    const server = createServer({
      'GET /api/v1/users': ({ query }) =>
        query.get('providerAt') === String(lakeside.practice.id)
          ? { data: [{ ...lee, practices: [lakeside.practice] }], count: 1 }
          : { data: [], count: 0 },
    });
    const { user, router } = renderApp('/referrals/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New referral' })).toBeInTheDocument();
    await pickJane(user);
    await user.click(screen.getByRole('radio', { name: /Basic/ }));
    expect(screen.queryByRole('combobox', { name: /Provider at/ })).not.toBeInTheDocument();
    await choose(user, 'Practice', 'lake', /Lakeside Health/);
    await choose(user, `Provider at ${lakeside.practice.name}`, 'lee', /Lee Harbor/);
    expect(server.find('GET', '/api/v1/users')[0].query.get('suggest')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Send referral' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/referrals/view/90'));
    expect(server.find('POST', CREATE)[0].body).toMatchObject({
      targetPracticeId: lakeside.practice.id,
      recievingUserId: lee.id,
    });
  });

  it('asks for the patient and the speciality before sending', async () => {
    const server = createServer();
    const { user } = renderApp('/referrals/new');
    await user.click(await screen.findByRole('button', { name: 'Send referral' }));

    expect(await screen.findByText('Choose or add the patient')).toBeInTheDocument();
    expect(screen.getByText('Choose a speciality')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Speciality' })).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('radio', { name: /Basic/ }));
    await user.click(screen.getByRole('button', { name: 'Send referral' }));
    expect(await screen.findByText('Choose the practice to refer to')).toBeInTheDocument();
    expect(server.find('POST', CREATE)).toHaveLength(0);
  });

  it('adds a new patient on the spot, checking the date of birth and reporting a failure', async () => {
    let fail = true;
    const server = createServer({
      'POST /api/v1/patient': ({ body }) =>
        fail
          ? reply(500, errorBody(500, 'INTERNAL', 'Internal server error'))
          : reply(201, patient(43, body.firstName, body.lastName, { dateOfBirth: body.dateOfBirth })),
    });
    const { user } = renderApp('/referrals/new');
    await user.click(await screen.findByRole('button', { name: 'New patient' }));
    const form = screen.getByRole('form', { name: 'New patient' });

    await user.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Rowe');
    await user.type(within(form).getByRole('textbox', { name: 'Phone' }), '+12025550199');
    await user.type(within(form).getByRole('textbox', { name: 'Date of birth' }), '1990-07-14');
    await user.click(within(form).getByRole('button', { name: 'Add patient' }));
    expect(await within(form).findByText('Date of birth must be in the format MM/DD/YYYY')).toBeInTheDocument();
    expect(within(form).getByText('First name is required')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/patient')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'First name' }), 'Robin');
    const dob = within(form).getByRole('textbox', { name: 'Date of birth' });
    await user.clear(dob);
    await user.type(dob, '07/14/1990');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Gender' }), 'Female');
    await choose(user, 'Insurance', 'aet', /Aetna/, form);
    await user.click(within(form).getByRole('button', { name: 'Add patient' }));
    expect(await within(form).findByRole('alert', { name: 'Failed to create patient' })).toBeInTheDocument();

    fail = false;
    await user.click(within(form).getByRole('button', { name: 'Add patient' }));
    expect(await screen.findByText('Robin Rowe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change patient' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New patient' })).not.toBeInTheDocument();
    expect(server.find('POST', '/api/v1/patient').at(-1)!.body).toEqual({
      practiceId: 1,
      firstName: 'Robin',
      lastName: 'Rowe',
      phoneNumber: '+12025550199',
      dateOfBirth: '07/14/1990',
      gender: 'FEMALE',
      insurance: 77,
    });
  });

  it('previews the matching practices of a specialty referral, holds Send while none matches, sends its preferences', async () => {
    let tiers = match.tiers;
    const server = createServer({ 'GET /api/v1/referrals/matchCheck': () => ({ ...match, tiers }) });
    const { user } = renderApp('/referrals/new');
    await screen.findByRole('heading', { level: 1, name: 'New referral' });

    // Janet's own insurance is filled in for her.
    await choose(user, 'Find a patient', 'janet', /Janet Smith/);
    expect(screen.getByRole('combobox', { name: 'Insurance' })).toHaveValue('Aetna');
    expect(
      screen.getByText('Choose a speciality to see which practices would receive the referral.'),
    ).toBeInTheDocument();
    await choose(user, 'Speciality', 'card', /Cardiology/);

    const preview = await screen.findByRole('region', { name: 'Who would receive it' });
    expect(await within(preview).findByRole('region', { name: 'Tier 1: North County network' })).toBeInTheDocument();
    expect(within(preview).getByText('Lakeside Health')).toBeInTheDocument();
    expect(within(preview).getByText('4.2 miles away · Lee Harbor')).toBeInTheDocument();
    expect(
      within(within(preview).getByRole('list', { name: 'Why Lakeside Health matches' })).getByText('Accepts Aetna'),
    ).toBeInTheDocument();
    expect(Object.fromEntries(server.find('GET', '/api/v1/referrals/matchCheck')[0].query)).toEqual({
      practice: '1',
      speciality: '3',
      insurance: '77',
      scheduleType: 'NEXT',
      matchingDistance: 'NORMAL',
    });

    tiers = [];
    await user.click(screen.getByRole('radio', { name: 'Far (50 miles)' }));
    expect(await within(preview).findByText('No practice matches yet')).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/referrals/matchCheck').at(-1)!.query.get('matchingDistance')).toBe('FAR');
    // Sent now, it would be offered to no one (the server refuses it): Send says why it waits.
    const send = screen.getByRole('button', { name: 'Send referral' });
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(send).toHaveAccessibleDescription('No practice matches yet, so no one would receive it.');
    await user.click(send);
    expect(server.find('POST', CREATE)).toHaveLength(0);

    tiers = match.tiers;

    await user.click(screen.getByRole('radio', { name: /Patient preference/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Day 1' }), 'Wednesday');
    await user.click(screen.getByRole('button', { name: 'Add a day' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time of day 2' }), 'Morning');
    // The preview orders practices by how their opening hours suit these times, as routing will.
    await waitFor(() =>
      expect(server.find('GET', '/api/v1/referrals/matchCheck').at(-1)!.query.get('schedulePreferences')).toBe(
        'WED-ANY,MON-AM',
      ),
    );
    expect(await within(preview).findByText('Lakeside Health')).toBeInTheDocument();
    expect(send).not.toHaveAttribute('aria-disabled');
    await user.click(send);

    await waitFor(() => expect(server.find('POST', CREATE)).toHaveLength(1));
    expect(server.find('POST', CREATE)[0].body).toEqual({
      practiceId: 1,
      patientId: 42,
      notes: '',
      files: [],
      specialityId: 3,
      insuranceId: 77,
      scheduleType: 'PREFERENCE',
      schedulePreferences: [
        { day: 'WED', timeOfDay: 'ANY' },
        { day: 'MON', timeOfDay: 'AM' },
      ],
      matchingDistance: 'FAR',
    });
  });

  it('shows the server’s refusal when no practice matches any more, and the preview catches up', async () => {
    let tiers = match.tiers;
    const refusal = 'No practice matches this speciality and insurance near the patient';
    const server = createServer({
      'GET /api/v1/referrals/matchCheck': () => ({ ...match, tiers }),
      'POST /api/v1/referrals': () => {
        // Lakeside left the network after the preview was shown.
        tiers = [];
        return reply(400, {
          ...errorBody(400, 'BAD_REQUEST', refusal),
          issues: [{ path: ['body', 'specialityId'], message: refusal }],
        });
      },
    });
    const { user, router } = renderApp('/referrals/new');
    await screen.findByRole('heading', { level: 1, name: 'New referral' });
    await choose(user, 'Find a patient', 'janet', /Janet Smith/);
    await choose(user, 'Speciality', 'card', /Cardiology/);
    const preview = await screen.findByRole('region', { name: 'Who would receive it' });
    expect(await within(preview).findByText('Lakeside Health')).toBeInTheDocument();

    const send = screen.getByRole('button', { name: 'Send referral' });
    await user.click(send);
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Speciality' })).toHaveAttribute('aria-invalid', 'true');
    expect(await within(preview).findByText('No practice matches yet')).toBeInTheDocument();
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(server.find('POST', CREATE)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/referrals/new');
  });

  it('routes without an insurance filter when the patient’s insurance is cleared, as the preview shows', async () => {
    const server = createServer();
    const { user } = renderApp('/referrals/new');
    await screen.findByRole('heading', { level: 1, name: 'New referral' });
    await choose(user, 'Find a patient', 'janet', /Janet Smith/);
    await choose(user, 'Speciality', 'card', /Cardiology/);
    await user.click(screen.getByRole('button', { name: 'Clear insurance' }));
    expect(screen.getByRole('combobox', { name: 'Insurance' })).toHaveValue('');
    await waitFor(() =>
      expect(server.find('GET', '/api/v1/referrals/matchCheck').at(-1)!.query.has('insurance')).toBe(false),
    );

    await user.click(screen.getByRole('button', { name: 'Send referral' }));
    await waitFor(() => expect(server.find('POST', CREATE)).toHaveLength(1));
    // null, not left out: left out, the server would fall back to Janet's own insurance.
    expect(server.find('POST', CREATE)[0].body).toMatchObject({ patientId: 42, insuranceId: null });
  });

  it('lets someone who is not a provider send on behalf of one of the practice’s providers', async () => {
    const server = createServer({
      'GET /api/v1/user/current': () => currentUserResponse({ currentPractice: { ...riverside, roles: ['STAFF'] } }),
    });
    const { user, router } = renderApp('/referrals/new');
    await screen.findByRole('heading', { level: 1, name: 'New referral' });
    await pickJane(user);
    await user.click(screen.getByRole('radio', { name: /Basic/ }));
    await choose(user, 'Practice', 'lake', /Lakeside Health/);
    const referrer = screen.getByRole('combobox', { name: 'Referring provider' });
    await user.click(screen.getByRole('button', { name: 'Send referral' }));
    expect(await screen.findByText('Choose the referring provider')).toBeInTheDocument();
    expect(server.find('POST', CREATE)).toHaveLength(0);

    await user.selectOptions(referrer, 'Alex Moss');
    await user.click(screen.getByRole('button', { name: 'Send referral' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/referrals/view/90'));
    expect(server.find('POST', CREATE)[0].body).toMatchObject({ fromUserId: 8, targetPracticeId: 2 });
  });

  it('shows the server’s message, else the status code, else “Unknown error occurred”', async () => {
    let answer: () => Response = () =>
      reply(400, {
        ...errorBody(400, 'BAD_REQUEST', 'Incorrect params'),
        issues: [{ path: ['body', 'targetPracticeId'], message: 'That practice does not take referrals' }],
      });
    const server = createServer({ 'POST /api/v1/referrals': () => answer() });
    const { user } = renderApp('/referrals/new');
    await screen.findByRole('heading', { level: 1, name: 'New referral' });
    await pickJane(user);
    await user.click(screen.getByRole('radio', { name: /Basic/ }));
    await choose(user, 'Practice', 'lake', /Lakeside Health/);
    const send = screen.getByRole('button', { name: 'Send referral' });
    const form = screen.getByRole('form', { name: 'Referral' });

    await user.click(send);
    expect(await screen.findByText('That practice does not take referrals')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Practice' })).toHaveAttribute('aria-invalid', 'true');

    answer = () => reply(403, errorBody(403, 'FORBIDDEN', 'You may not send referrals for this practice'));
    await user.click(send);
    expect(await within(form).findByRole('alert', { name: 'Could not send the referral' })).toHaveTextContent(
      'You may not send referrals for this practice',
    );

    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await user.click(send);
    await waitFor(() =>
      expect(within(form).getByRole('alert', { name: 'Could not send the referral' })).toHaveTextContent(
        'Request failed with status code 502',
      ),
    );

    server.fetch.mockImplementation(async (input: RequestInfo | URL) => {
      if ((input as string | URL).toString().includes(CREATE)) throw new TypeError('Failed to fetch');
      return reply(404, errorBody(404, 'NOT_FOUND', 'Not found'));
    });
    await user.click(send);
    await waitFor(() =>
      expect(within(form).getByRole('alert', { name: 'Could not send the referral' })).toHaveTextContent(
        'Unknown error occurred',
      ),
    );
  });
});
