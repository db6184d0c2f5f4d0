import '../../test/enableFilePond';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, lakeside, riverside } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { fileView } from '../../ui/files/testFiles';
import { alex, detail, jane, lee, pat, patient, referralServer } from '../../test/referralFixtures';
import { CREATE, choose, createServer, pickJane } from './newReferralFixtures';

/** Sending an ended referral again: the new referral form filled in from it (the form itself is in NewReferralPage). */

describe('new referral', { timeout: 20_000 }, () => {
  describe('refer again (?from=)', () => {
    const janet = patient(42, 'Janet', 'Smith', { insurance: 77, insuranceName: 'Aetna' });
    const summaryOf = ({ id, uuid, firstName, lastName, dateOfBirth, gender, phoneNumber }: typeof janet) => ({
      id,
      uuid,
      firstName,
      lastName,
      dateOfBirth,
      gender,
      phoneNumber,
    });
    /** Referral 12, which Riverside sent for Janet and which expired unanswered. */
    const expired = detail(12, {
      status: 'EXPIRED',
      practice: riverside.practice,
      fromUser: pat,
      patient: summaryOf(janet),
      practicePatientId: 42,
      insurance: { id: 77, name: 'Aetna' },
      scheduleType: 'PREFERENCE',
      schedulePreferences: [{ day: 'WED', timeOfDay: 'ANY' }],
      matchingDistance: 'FAR',
      files: [fileView({ id: 5, name: 'ecg.pdf' })],
      actions: ['referAgain', 'archive', 'comment'],
    });
    const sendAgain = (routes: Parameters<typeof referralServer>[0] = {}) =>
      createServer({ 'GET /api/v1/referral/:id': () => expired, 'GET /api/v1/patient/:id': () => janet, ...routes });

    it('fills in the form from an ended referral, without its attachments, and sends a new referral', async () => {
      const server = sendAgain();
      const { user, router } = renderApp('/referrals/new?from=12');
      expect(
        await screen.findByText('Filled in from referral #12: change anything before sending it as a new referral.'),
      ).toBeInTheDocument();
      expect(server.find('GET', '/api/v1/patient/42')[0].query.get('practiceId')).toBe('1');

      expect(screen.getByText('Janet Smith')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Change patient' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: /Specialty/ })).toBeChecked();
      expect(screen.getByRole('combobox', { name: 'Speciality' })).toHaveValue('Cardiology');
      expect(screen.getByRole('combobox', { name: 'Insurance' })).toHaveValue('Aetna');
      expect(screen.getByRole('radio', { name: /Patient preference/ })).toBeChecked();
      expect(screen.getByRole('combobox', { name: 'Day 1' })).toHaveDisplayValue('Wednesday');
      expect(screen.getByRole('radio', { name: 'Far (50 miles)' })).toBeChecked();
      expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Chest pain on exertion.');
      expect(
        screen.getByText('Attachments of referral #12 are not copied: attach what the new practice needs.'),
      ).toBeInTheDocument();
      expect(screen.queryByText('ecg.pdf')).not.toBeInTheDocument();
      expect(await screen.findByRole('region', { name: 'Who would receive it' })).toBeInTheDocument();

      // Everything stays editable.
      await user.click(screen.getByRole('radio', { name: 'Normal (25 miles)' }));
      await user.type(screen.getByRole('textbox', { name: 'Notes' }), ' Worse since.');
      await user.click(screen.getByRole('button', { name: 'Send referral' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/referrals/view/90'));
      expect(server.find('POST', CREATE)).toHaveLength(1);
      expect(server.find('POST', CREATE)[0].body).toEqual({
        practiceId: 1,
        patientId: 42,
        notes: 'Chest pain on exertion. Worse since.',
        files: [],
        specialityId: 3,
        insuranceId: 77,
        scheduleType: 'PREFERENCE',
        schedulePreferences: [{ day: 'WED', timeOfDay: 'ANY' }],
        matchingDistance: 'NORMAL',
      });
    });

    it('keeps the practice, the provider asked for and, for staff, the referring provider of a basic referral', async () => {
      const cancelled = detail(13, {
        ...expired,
        id: 13,
        type: 'BASIC',
        status: 'CANCELLED',
        fromUser: alex,
        patient: summaryOf(jane),
        practicePatientId: 41,
        receivingPractice: lakeside.practice,
        receivingUser: lee,
        speciality: null,
        insurance: null,
        scheduleType: null,
        schedulePreferences: [],
        matchingDistance: null,
        notes: 'Knee pain',
      });
      const server = sendAgain({
        'GET /api/v1/user/current': () => currentUserResponse({ currentPractice: { ...riverside, roles: ['STAFF'] } }),
        'GET /api/v1/referral/:id': () => cancelled,
        'GET /api/v1/patient/:id': () => jane,
      });
      const { user, router } = renderApp('/referrals/new?from=13');
      expect(await screen.findByRole('radio', { name: /Basic/ })).toBeChecked();
      expect(screen.getByText('Jane Doe')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Practice' })).toHaveValue('Lakeside Health');
      expect(screen.getByRole('combobox', { name: `Provider at ${lakeside.practice.name}` })).toHaveValue('Lee Harbor');
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: 'Referring provider' })).toHaveDisplayValue('Alex Moss'),
      );

      await user.click(screen.getByRole('button', { name: 'Send referral' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/referrals/view/90'));
      expect(server.find('POST', CREATE)[0].body).toEqual({
        practiceId: 1,
        patientId: 41,
        notes: 'Knee pain',
        files: [],
        fromUserId: alex.id,
        targetPracticeId: lakeside.practice.id,
        recievingUserId: lee.id,
      });
    });

    it('shows the earlier referral loading, then says why it cannot be used and leaves the empty form working', async () => {
      let answer!: (response: Response) => void;
      const server = sendAgain({
        'GET /api/v1/referral/:id': () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      const { user, router } = renderApp('/referrals/new?from=12');
      expect(await screen.findByText('Loading referral #12…')).toBeInTheDocument();
      answer(reply(456, errorBody(456, 'OBJECT_NOT_FOUND', 'Object not found')));
      expect(await screen.findByRole('alert', { name: 'Could not fill in the referral' })).toHaveTextContent(
        'Your practice cannot see referral #12. Fill in the form below.',
      );
      expect(screen.queryByText(/are not copied/)).not.toBeInTheDocument();
      expect(server.find('GET', '/api/v1/patient/42')).toHaveLength(0);

      await pickJane(user);
      await user.click(screen.getByRole('radio', { name: /Basic/ }));
      await choose(user, 'Practice', 'lake', /Lakeside Health/);
      await user.click(screen.getByRole('button', { name: 'Send referral' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/referrals/view/90'));
      expect(server.find('POST', CREATE)[0].body).toEqual({
        practiceId: 1,
        patientId: 41,
        notes: '',
        files: [],
        targetPracticeId: 2,
      });
    });

    it('fills in nothing from a referral the server does not offer to send again', async () => {
      sendAgain({
        'GET /api/v1/referral/:id': () => ({
          ...expired,
          status: 'ACCEPTED',
          actions: ['reschedule', 'cancel', 'archive', 'comment'],
        }),
      });
      renderApp('/referrals/new?from=12');
      expect(await screen.findByRole('alert', { name: 'Could not fill in the referral' })).toHaveTextContent(
        'Only the practice that sent referral #12 can send it again, once it was rejected, expired or cancelled.',
      );
      expect(screen.getByRole('combobox', { name: 'Speciality' })).toHaveValue('');
      expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('');
    });
  });
});
