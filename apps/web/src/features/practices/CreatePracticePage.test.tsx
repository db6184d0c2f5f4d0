import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PracticeMembership } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, signedInRoutes } from '../../test/fixtures';
import { practiceFixture } from '../../test/practiceFixtures';
import { renderApp } from '../../test/renderApp';

const PLACE = {
  placeId: 'us-city:IL:Springfield',
  formattedAddress: 'Springfield, IL, USA',
  latitude: 39.8,
  longitude: -89.64,
  city: 'Springfield',
  state: 'IL',
  zip: null,
  country: 'US',
};

const created = practiceFixture({ id: 7, name: 'Prairie Bone & Joint', placeId: PLACE.placeId });
const membership: PracticeMembership = {
  practice: {
    id: 7,
    uuid: created.uuid,
    name: created.name,
    logoUrl: null,
    type: 'PRACTICE',
    address: PLACE.formattedAddress,
    colorScheme: null,
    phoneNumber: null,
    alternativeScheduleLink: null,
  },
  roles: ['ADMIN', 'PROVIDER'],
};

/** A person in no practice; once the server creates one, it is their current practice. */
function createServer(create: (body: any) => Response | object) {
  let member = false;
  const routes = signedInRoutes(() => currentUserResponse({ currentPractice: member ? membership : null }));
  return fakeServer({
    ...routes,
    'GET /api/v1/user/current/practices': () => (member ? [membership] : []),
    'GET /api/v1/user/availablePractices': () => [],
    'GET /api/v1/search/address': () => [
      { placeId: PLACE.placeId, description: 'Springfield, IL', mainText: 'Springfield', secondaryText: 'IL' },
    ],
    'GET /api/v1/extensions/placedetails': () => PLACE,
    'POST /api/v1/practices': ({ body }) => {
      const answer = create(body);
      member = !(answer instanceof Response) || answer.ok;
      return answer;
    },
  });
}

type User = ReturnType<typeof renderApp>['user'];

async function openForm() {
  const app = renderApp('/practices/new');
  await screen.findByRole('heading', { level: 1, name: 'Create a practice' }, { timeout: 5000 });
  return app;
}

async function fillIn(user: User) {
  await user.click(screen.getByRole('textbox', { name: /^Practice name/ }));
  await user.paste('Prairie Bone & Joint');
  const address = screen.getByRole('combobox', { name: /^Address/ });
  await user.click(address);
  // Typed in one go, so the debounced search runs once whatever the machine's speed.
  fireEvent.change(address, { target: { value: 'Springfield, IL' } });
  await user.click(await screen.findByRole('option', { name: 'Springfield, IL' }, { timeout: 3000 }));
  await waitFor(() => expect(address).toHaveValue(PLACE.formattedAddress));
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create practice' }));

describe('creating a practice', { timeout: 20_000 }, () => {
  it('is where someone without a practice starts, and sends the chosen place; its creator lands on its home', async () => {
    const server = createServer(() => reply(201, created));
    const { user, router } = renderApp('/');

    // Home first, which sends someone in no practice on to the start page.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat Rivers' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/start');
    expect(screen.getByRole('link', { name: 'Find a practice' })).toHaveAttribute('href', '/practices/join');
    await user.click(screen.getByRole('link', { name: 'Create a practice' }));
    await screen.findByRole('heading', { level: 1, name: 'Create a practice' }, { timeout: 5000 });

    await submit(user);
    expect(await screen.findByText('Enter the practice’s name')).toBeInTheDocument();
    expect(screen.getByText('Enter the address and choose it from the suggestions')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/practices')).toHaveLength(0);

    await fillIn(user);
    await user.click(screen.getByRole('radio', { name: /^Individual practice/ }));
    await user.click(screen.getByRole('textbox', { name: /^Phone/ }));
    await user.paste('(217) 555-0100');
    await submit(user);

    expect(
      await screen.findByRole('heading', { level: 1, name: /Welcome, Pat Rivers/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText('What is waiting for you at Prairie Bone & Joint.')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/practices')[0].body).toEqual({
      name: 'Prairie Bone & Joint',
      type: 'INDIVIDUAL',
      address: PLACE.formattedAddress,
      placeId: PLACE.placeId,
      building: null,
      phoneNumber: '+12175550100',
      npiIdentifier: null,
    });
  });

  it('asks for a suggestion when the address was only typed', async () => {
    const server = createServer(() => reply(201, created));
    const { user } = await openForm();
    await user.click(screen.getByRole('textbox', { name: /^Practice name/ }));
    await user.paste('Typed Clinic');
    fireEvent.change(screen.getByRole('combobox', { name: /^Address/ }), { target: { value: '1 Nowhere Lane' } });
    await submit(user);

    expect(
      await screen.findByText('Choose the address from the suggestions, so practices nearby can find you'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Address/ })).toHaveAttribute('aria-invalid', 'true');
    expect(server.find('POST', '/api/v1/practices')).toHaveLength(0);
  });

  it('shows a duplicate NPI (450) on the NPI field', async () => {
    const message = 'A practice with this NPI already exists; ask its administrators to invite you';
    createServer(() =>
      reply(450, {
        ...errorBody(450, 'ERROR_OBJECT_EXISTS', message),
        issues: [{ path: ['body', 'npiIdentifier'], message }],
      }),
    );
    const { user } = await openForm();
    await fillIn(user);
    await user.click(screen.getByRole('textbox', { name: /^NPI/ }));
    await user.paste('1245319599');
    await submit(user);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^NPI/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's refusals of the phone and the place on their fields", async () => {
    let answer = 0;
    createServer(() => {
      answer += 1;
      return answer === 1
        ? reply(400, errorBody(400, 'ERROR_INVALID_PHONE_NUMBER', 'Invalid phone number'))
        : reply(400, {
            ...errorBody(400, 'BAD_REQUEST', 'Unknown address; choose one of the suggestions'),
            issues: [{ path: ['body', 'placeId'], message: 'Unknown address; choose one of the suggestions' }],
          });
    });
    const { user } = await openForm();
    await fillIn(user);
    await user.click(screen.getByRole('textbox', { name: /^Phone/ }));
    await user.paste('(217) 555-0100');
    await submit(user);
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveAttribute('aria-invalid', 'true');

    await submit(user);
    expect(await screen.findByText('Unknown address; choose one of the suggestions')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Address/ })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the start page', () => {
  it('opens a pasted invite link, and says when the text is not one', async () => {
    createServer(() => ({}));
    const { user, router } = renderApp('/start');
    const field = await screen.findByRole('textbox', { name: 'Invite link' });

    await user.click(field);
    await user.paste('not a link');
    await user.click(screen.getByRole('button', { name: 'Open invite' }));
    expect(await screen.findByText('Paste the whole link from your invite')).toBeInTheDocument();

    await user.clear(field);
    await user.paste('https://referwell.example/invite/abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE');
    await user.click(screen.getByRole('button', { name: 'Open invite' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/invite/abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE'),
    );
  });
});
