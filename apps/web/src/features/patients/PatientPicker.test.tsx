import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { patient } from '../../test/referralFixtures';
import { PICK_ADDRESS } from './PatientForm';
import { PatientPicker } from './PatientPicker';
import type { Patient } from './patientQueries';

const PLACE = {
  placeId: 'zip:62704',
  formattedAddress: '500 Main Street, Springfield, IL 62704, USA',
  latitude: 39.78,
  longitude: -89.65,
  city: 'Springfield',
  state: 'IL',
  zip: '62704',
  country: 'US',
};

function addressServer(created: (body: any) => Response) {
  return fakeServer({
    'GET /api/v1/search/address': () => [
      {
        placeId: PLACE.placeId,
        description: '500 Main Street, Springfield, IL 62704',
        mainText: '500 Main Street',
        secondaryText: 'Springfield, IL',
      },
    ],
    'GET /api/v1/extensions/placedetails': () => PLACE,
    'POST /api/v1/patient': ({ body }) => created(body),
  });
}

function Picker() {
  const [value, setValue] = useState<Patient | null>(null);
  return <PatientPicker practiceId={1} value={value} onChange={setValue} />;
}

async function newPatientForm() {
  const user = userEvent.setup();
  renderWithProviders(<Picker />);
  await user.click(screen.getByRole('button', { name: 'New patient' }));
  const form = within(screen.getByRole('form', { name: 'New patient' }));
  await user.type(form.getByRole('textbox', { name: 'First name' }), 'Robin');
  await user.type(form.getByRole('textbox', { name: 'Last name' }), 'Rowe');
  await user.type(form.getByRole('textbox', { name: 'Phone' }), '+12025550199');
  return { user, form, address: form.getByRole('combobox', { name: /^Address/ }) };
}

/** Typed in one go, so the debounced search runs once whatever the machine's speed. */
const typeAddress = (address: HTMLElement, text: string) => fireEvent.change(address, { target: { value: text } });

describe("a new patient's address", { timeout: 20_000 }, () => {
  it('is searched, chosen from the suggestions, sent as its place and shown on the patient card', async () => {
    const server = addressServer((body) =>
      reply(
        201,
        patient(43, body.firstName, body.lastName, {
          addressPlaceId: body.addressPlaceId,
          address: PLACE.formattedAddress,
        }),
      ),
    );
    const { user, form, address } = await newPatientForm();
    expect(form.getByText('Referrals are matched by distance from this address.')).toBeInTheDocument();

    await user.click(address);
    typeAddress(address, '500 Main');
    await user.click(await screen.findByText('500 Main Street, Springfield, IL 62704', {}, { timeout: 3000 }));
    await waitFor(() => expect(address).toHaveValue(PLACE.formattedAddress));
    expect(server.find('GET', '/api/v1/search/address').map((r) => r.query.get('q'))).toEqual(['500 Main']);

    await user.click(form.getByRole('button', { name: 'Add patient' }));
    expect(await screen.findByText('Robin Rowe')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/patient')[0].body).toMatchObject({
      firstName: 'Robin',
      addressPlaceId: 'zip:62704',
    });
    expect(screen.getByText('Address:')).toBeInTheDocument();
    expect(screen.getByText(PLACE.formattedAddress)).toBeInTheDocument();
  });

  it("must be a chosen suggestion, and shows the server's refusal of the place on the field", async () => {
    const server = addressServer(() =>
      reply(400, {
        ...errorBody(400, 'BAD_REQUEST', 'Unknown address; choose one of the suggestions'),
        issues: [{ path: ['body', 'addressPlaceId'], message: 'Unknown address; choose one of the suggestions' }],
      }),
    );
    const { user, form, address } = await newPatientForm();

    typeAddress(address, '12 Nowhere Lane');
    await user.click(form.getByRole('button', { name: 'Add patient' }));
    expect(await form.findByText(PICK_ADDRESS)).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(server.find('POST', '/api/v1/patient')).toHaveLength(0);

    typeAddress(address, '500 Main');
    expect(form.queryByText(PICK_ADDRESS)).not.toBeInTheDocument();
    await user.click(await screen.findByText('500 Main Street, Springfield, IL 62704', {}, { timeout: 3000 }));
    await waitFor(() => expect(address).toHaveValue(PLACE.formattedAddress));
    await user.click(form.getByRole('button', { name: 'Add patient' }));
    expect(await form.findByText('Unknown address; choose one of the suggestions')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/patient')).toHaveLength(1);
    expect(screen.getByRole('form', { name: 'New patient' })).toBeInTheDocument();
  });

  it('may be left out', async () => {
    const server = addressServer((body) => reply(201, patient(43, body.firstName, body.lastName)));
    const { user, form } = await newPatientForm();
    await user.click(form.getByRole('button', { name: 'Add patient' }));
    expect(await screen.findByText('Robin Rowe')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/patient')[0].body).not.toHaveProperty('addressPlaceId');
    expect(screen.queryByText('Address:')).not.toBeInTheDocument();
  });
});

describe('looking a patient up by phone', { timeout: 20_000 }, () => {
  async function lookUp(phone: string) {
    const user = userEvent.setup();
    renderWithProviders(<Picker />);
    const lookup = within(screen.getByRole('form', { name: 'Find a patient by phone' }));
    await user.type(lookup.getByRole('textbox', { name: 'Phone number' }), phone);
    await user.click(lookup.getByRole('button', { name: 'Look up' }));
    return { user, lookup };
  }

  it('chooses the account holder with that number', async () => {
    const server = fakeServer({
      'GET /api/v1/patients/phone': () => patient(44, 'Robin', 'Rowe', { phoneNumber: '+12025550199' }),
    });
    await lookUp('202-555-0199');
    expect(await screen.findByText('Robin Rowe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change patient' })).toBeInTheDocument();
    expect(Object.fromEntries(server.find('GET', '/api/v1/patients/phone')[0].query)).toEqual({
      practiceId: '1',
      phoneNumber: '202-555-0199',
    });
  });

  it("says 'Failed to get patient by phone' when the look-up fails, and tries again", async () => {
    let fail = true;
    fakeServer({
      'GET /api/v1/patients/phone': () =>
        fail ? reply(500, errorBody(500, 'INTERNAL', 'Internal server error')) : patient(44, 'Robin', 'Rowe'),
    });
    const { user, lookup } = await lookUp('+12025550199');
    expect(await lookup.findByRole('alert', { name: 'Failed to get patient by phone' })).toHaveTextContent(
      'Internal server error',
    );
    fail = false;
    await user.click(lookup.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('Robin Rowe')).toBeInTheDocument();
  });

  it('tells apart no such patient and a number that is not one', async () => {
    const server = fakeServer({
      'GET /api/v1/patients/phone': ({ query }) =>
        query.get('phoneNumber') === '+12025550100'
          ? reply(456, errorBody(456, 'OBJECT_NOT_FOUND', 'No patient with this phone number in the practice'))
          : reply(400, {
              ...errorBody(400, 'ERROR_INVALID_PHONE_NUMBER', 'Invalid phone number'),
              issues: [{ path: ['querystring', 'phoneNumber'], message: 'Invalid phone number' }],
            }),
    });
    const { user, lookup } = await lookUp('+12025550100');
    expect(await lookup.findByRole('status')).toHaveTextContent(
      'No patient of this practice has this phone number. Add them as a new patient.',
    );
    expect(lookup.queryByRole('alert')).not.toBeInTheDocument();

    const field = lookup.getByRole('textbox', { name: 'Phone number' });
    await user.clear(field);
    await user.type(field, '12345678');
    await user.click(lookup.getByRole('button', { name: 'Look up' }));
    expect(await lookup.findByText('Invalid phone number')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    // Too short to be a phone number: refused before asking the server.
    await user.clear(field);
    await user.type(field, '123');
    await user.click(lookup.getByRole('button', { name: 'Look up' }));
    expect(await lookup.findByText('Phone must be at least 8 characters')).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/patients/phone')).toHaveLength(2);
  });
});
