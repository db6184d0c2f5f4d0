import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { patientsApi } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { errorBody, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { chat } from '../../test/chatFixtures';
import { jane, summary } from '../../test/referralFixtures';
import { NO_PHONE_HINT } from './PatientChats';
import { NOT_IN_RECORDS } from './PatientDetailPage';

function detailServer(record: patientsApi.Patient, routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    ...signedInRoutes(),
    'GET /api/v1/patient/:id': () => record,
    'GET /api/v1/patient/:id/referrals': () => ({
      data: [summary(9, { viewed: true }), summary(8, { status: 'ACCEPTED', viewed: true })],
      count: 2,
    }),
    'GET /api/v1/patient/:id/chats': () => [chat(3, { type: 'PATIENT', title: 'Jane Doe', patientId: jane.id })],
    ...routes,
  });
}

describe("a patient's page", { timeout: 20_000 }, () => {
  it("shows the record, the patient's referrals and the practice's chats with them", async () => {
    const server = detailServer(jane);
    renderApp('/patients/41');

    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(document.title).toBe('Jane Doe · Referwell');
    expect(screen.getByRole('link', { name: 'Back to patients' })).toHaveAttribute('href', '/patients');
    expect(server.find('GET', '/api/v1/patient/41')[0].query.get('practiceId')).toBe('1');

    const referrals = within(await screen.findByRole('list', { name: "The patient's referrals" })).getAllByRole('link');
    expect(referrals.map((link) => link.getAttribute('href'))).toEqual(['/referrals/view/9', '/referrals/view/8']);
    expect(Object.fromEntries(server.find('GET', '/api/v1/patient/41/referrals')[0].query)).toEqual({
      practiceId: '1',
      skip: '0',
      pageSize: '10',
    });

    const chats = within(await screen.findByRole('list', { name: 'Chats with the patient' })).getAllByRole('link');
    expect(chats).toHaveLength(1);
    expect(chats[0]).toHaveAttribute('href', '/chats/3');
    expect(within(chats[0]).getByText('See you at three')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Referrals' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Chats' })).toBeInTheDocument();
  });

  it("edits the record, showing the server's refusal on its field, then saves", async () => {
    let saved = jane;
    let attempts = 0;
    const server = detailServer(jane, {
      'GET /api/v1/patient/:id': () => saved,
      'PUT /api/v1/patient/:id': ({ body }) => {
        attempts += 1;
        if (attempts === 1) {
          return reply(400, {
            ...errorBody(400, 'BAD_REQUEST', 'Invalid input'),
            issues: [{ path: ['body', 'email'], message: 'E-mail is already used' }],
          });
        }
        saved = { ...jane, ...body };
        return saved;
      },
    });
    const { user } = renderApp('/patients/41');

    await user.click(await screen.findByRole('button', { name: 'Edit Jane Doe' }));
    const form = within(await screen.findByRole('form', { name: 'Edit patient' }));
    expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('Jane');
    const email = form.getByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'jane@example.test');
    await user.clear(form.getByRole('textbox', { name: /^Date of birth/ }));
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByText('E-mail is already used')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit patient' })).not.toBeInTheDocument());
    expect(await screen.findByText('jane@example.test')).toBeInTheDocument();
    // Every field goes, a blank one to clear it; the unchanged (absent) address does not.
    expect(server.find('PUT', '/api/v1/patient/41').at(-1)!.body).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      phoneNumber: '+12025550123',
      email: 'jane@example.test',
      dateOfBirth: '',
      gender: 'FEMALE',
      insurance: null,
    });
    expect(server.find('PUT', '/api/v1/patient/41').at(-1)!.query.get('practiceId')).toBe('1');
  });

  it('starts a chat with the patient and opens it', async () => {
    const server = detailServer(jane, {
      'POST /api/v1/patient/:id/action/createChat': () => chat(12, { type: 'PATIENT', patientId: jane.id }),
    });
    const { user, router } = renderApp('/patients/41');

    await user.click(await screen.findByRole('button', { name: 'Chat with patient' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/12'));
    expect(server.find('POST', '/api/v1/patient/41/action/createChat')[0].body).toMatchObject({ practiceId: 1 });
  });

  it('cannot start a chat without a phone number, and says why', async () => {
    detailServer({ ...jane, phoneNumber: null });
    renderApp('/patients/41');
    expect(await screen.findByRole('button', { name: 'Chat with patient' })).toBeDisabled();
    expect(screen.getByText(NO_PHONE_HINT)).toBeInTheDocument();
  });

  it('says a patient of another practice (or none) is not in the records', async () => {
    detailServer(jane, {
      'GET /api/v1/patient/:id': () => reply(456, errorBody(456, 'OBJECT_NOT_FOUND', 'Object not found')),
    });
    renderApp('/patients/99');
    expect(await screen.findByText(NOT_IN_RECORDS)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to patients' })).toBeInTheDocument();
  });
});
