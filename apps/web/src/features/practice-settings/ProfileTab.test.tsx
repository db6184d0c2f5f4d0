import '../../test/enableFilePond';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { FakeXhr } from '../../ui/files/fakeXhr';
import { practiceFixture, practiceServer } from '../../test/practiceFixtures';

const LOGO = 'https://cdn.test/logo.png';
const PHOTO = 'https://cdn.test/photo.png';

const saved = ({ body }: { body: Record<string, unknown> }) => ({ ...practiceFixture(), ...body });

type User = ReturnType<typeof renderApp>['user'];

/** A big controlled form re-renders on every key in jsdom; pasting puts the text in with one change. */
async function replace(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.paste(text);
}

async function profileForm() {
  return within((await screen.findByRole('button', { name: 'Save profile' })).closest('form')!);
}

// The profile is the largest form of the app and jsdom renders it slowly.
describe('practice profile', { timeout: 20_000 }, () => {
  it('shows the practice and saves every profile field', async () => {
    const server = practiceServer(['ADMIN'], { 'PUT /api/v1/practice/:id': saved });
    const { user } = renderApp('/practice/settings');
    const form = await profileForm();

    expect(form.getByLabelText(/^Name/)).toHaveValue('Riverside Family Clinic');
    expect(form.getByRole('combobox', { name: /^Address/ })).toHaveValue('1 River Road, Springfield');
    expect(form.getByLabelText(/^Time zone/)).toHaveValue('America/Chicago');

    await replace(user, form.getByLabelText(/^Name/), 'Riverside Clinic');
    await user.click(form.getByRole('combobox', { name: /^Liaison e-mails/ }));
    // Pasting turns the text into a tag at once.
    await user.paste('liaison@riverside.test');
    await user.selectOptions(form.getByLabelText(/^Time zone/), 'America/New_York');
    await replace(user, form.getByLabelText(/^Tier timeout/), '30');
    await user.click(form.getByRole('switch', { name: /match outside our networks/i }));
    await replace(user, form.getByLabelText(/^Alternative scheduling link/), 'https://book.riverside.test');
    await user.click(form.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('The practice profile is saved')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/practice/1')[0].body).toEqual({
      name: 'Riverside Clinic',
      type: 'PRACTICE',
      address: '1 River Road, Springfield',
      placeId: null,
      latitude: null,
      longitude: null,
      building: null,
      phoneNumber: '+12025550100',
      npiIdentifier: null,
      timezone: 'America/New_York',
      about: null,
      colorScheme: null,
      welcomeMessageOpen: null,
      welcomeMessageClosed: null,
      liaisonEmails: ['liaison@riverside.test'],
      tierTimeout: 30,
      maxReferralMatchRadius: 25,
      allowOuterNetworkMatching: true,
      autoArchiveEnabled: false,
      alternativeScheduleLink: 'https://book.riverside.test',
      appointmentRequestRedirectLink: null,
    });
  });

  it('requires an address before sending, and shows the server’s messages on their fields', async () => {
    let attempts = 0;
    const server = practiceServer(['ADMIN'], {
      'PUT /api/v1/practice/:id': () =>
        ++attempts === 1
          ? reply(400, {
              ...errorBody(400, 'BAD_REQUEST', 'Incorrect params'),
              issues: [{ path: ['body', 'address'], message: 'Address must be at most 500 characters' }],
            })
          : reply(400, {
              ...errorBody(400, 'ERROR_INVALID_PHONE_NUMBER', 'Invalid phone number'),
              issues: [{ path: ['body', 'phoneNumber'], message: 'Invalid phone number' }],
            }),
    });
    const { user } = renderApp('/practice/settings');
    const form = await profileForm();
    const address = form.getByRole('combobox', { name: /^Address/ });

    await user.clear(address);
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(await form.findByText('Address is required')).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(address).toHaveFocus());
    expect(server.find('PUT', '/api/v1/practice/1')).toHaveLength(0);

    await replace(user, address, '2 Lake Street');
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(await form.findByText('Address must be at most 500 characters')).toBeInTheDocument();

    await replace(user, form.getByLabelText(/^Phone/), '555 0000 00');
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(await form.findByText('Invalid phone number')).toBeInTheDocument();
    expect(form.getByLabelText(/^Phone/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('finds an address by search and fills in the place', async () => {
    const server = practiceServer(['ADMIN'], {
      'GET /api/v1/search/address': () => [
        {
          placeId: 'zip:62704',
          description: '500 Main Street, Springfield, IL 62704',
          mainText: '500 Main Street',
          secondaryText: 'Springfield, IL',
        },
      ],
      'GET /api/v1/extensions/placedetails': () => ({
        placeId: 'zip:62704',
        formattedAddress: '500 Main Street, Springfield, IL 62704, USA',
        latitude: 39.78,
        longitude: -89.65,
        city: 'Springfield',
        state: 'IL',
        zip: '62704',
        country: 'US',
      }),
      'PUT /api/v1/practice/:id': saved,
    });
    const { user } = renderApp('/practice/settings');
    const form = await profileForm();
    const address = form.getByRole('combobox', { name: /^Address/ });

    await user.click(address);
    // Keys typed faster than the debounce: changes in one go, whatever the machine's speed.
    for (const text of ['5', '50', '500', '500 ', '500 M', '500 Ma', '500 Mai', '500 Main'])
      fireEvent.change(address, { target: { value: text } });
    await user.click(await screen.findByText('500 Main Street, Springfield, IL 62704', {}, { timeout: 3000 }));
    await waitFor(() => expect(address).toHaveValue('500 Main Street, Springfield, IL 62704, USA'));
    expect(form.getByText(/Located at 39.7800, -89.6500/)).toBeInTheDocument();
    // Typing fast sends one search for the whole text, not one per key.
    expect(server.find('GET', '/api/v1/search/address').map((r) => r.query.get('q'))).toEqual(['500 Main']);
    expect(server.find('GET', '/api/v1/extensions/placedetails')[0].query.get('placeId')).toBe('zip:62704');

    await user.click(form.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('The practice profile is saved');
    expect(server.find('PUT', '/api/v1/practice/1')[0].body).toMatchObject({
      address: '500 Main Street, Springfield, IL 62704, USA',
      placeId: 'zip:62704',
      latitude: 39.78,
      longitude: -89.65,
      country: 'US',
    });
  });

  it('says when an address cannot be looked up', async () => {
    practiceServer(['ADMIN'], {
      'GET /api/v1/search/address': () =>
        reply(502, errorBody(502, 'BAD_GATEWAY', 'An outside service did not answer')),
    });
    const { user } = renderApp('/practice/settings');
    const form = await profileForm();
    await user.type(form.getByRole('combobox', { name: /^Address/ }), ' 2');
    // The client retries a failing search three times before giving up.
    expect(await form.findByText('Failed to find location', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('checks the NPI with the server when the field is left', async () => {
    const server = practiceServer(['ADMIN'], {
      'GET /api/v1/npi': () =>
        reply(400, {
          ...errorBody(400, 'BAD_REQUEST', 'Invalid NPI'),
          issues: [{ path: ['querystring', 'npiIdentifier'], message: 'Invalid NPI' }],
        }),
    });
    const { user } = renderApp('/practice/settings');
    const form = await profileForm();
    await user.click(form.getByLabelText(/^NPI/));
    await user.paste('1234567890');
    await user.tab();
    expect(await form.findByText('Invalid NPI')).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/npi')[0].query.get('npiIdentifier')).toBe('1234567890');
  });

  it('shows the logo and offers admins an upload of a new one', async () => {
    const server = practiceServer(['ADMIN'], {}, practiceFixture({ logoUrl: 'https://cdn.test/logo.png' }));
    renderApp('/practice/settings');
    expect(await screen.findByRole('img', { name: 'Riverside Family Clinic logo' })).toHaveAttribute(
      'src',
      'https://cdn.test/logo.png',
    );
    const browse = await screen.findByLabelText(/Drop a PNG, JPEG, GIF or WebP logo \(at most 10 MB\)/);
    expect(browse).toHaveAttribute('type', 'file');
    // The logo's own rules, not those of any file: images the server takes, up to 10 MB.
    expect(browse).toHaveAccessibleDescription('PNG, JPEG, GIF or WebP images, up to 10 MB');
    expect(browse.getAttribute('accept')).not.toContain('.docx');
    expect(server.find('POST', '/api/v1/practice/1/logo')).toHaveLength(0);
  });

  it('uploads a new profile photo for the practice beside the logo', async () => {
    FakeXhr.install();
    const server = practiceServer(['ADMIN'], {
      'POST /api/v1/practice/profilePhoto': () => ({ id: 41, uploadUrl: '/up/41' }),
    });
    const { user } = renderApp('/practice/settings');
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'photo.png', {
      type: 'image/png',
    });
    await user.upload(
      await screen.findByLabelText(/Drop a PNG, JPEG, GIF or WebP profile photo \(at most 10 MB\)/),
      photo,
    );
    expect((await FakeXhr.next()).url).toBe('/up/41');
    expect(server.find('POST', '/api/v1/practice/profilePhoto')[0].body).toMatchObject({
      practiceId: 1,
      name: 'photo.png',
      size: 8,
      header: '89504e47',
    });
    expect(server.find('POST', '/api/v1/practice/1/logo')).toHaveLength(0);
  });

  it('lets admins take the logo down after confirming, and says so', async () => {
    const server = practiceServer(
      ['ADMIN'],
      { 'DELETE /api/v1/practice/:id/logo': () => practiceFixture({ profilePhoto: PHOTO }) },
      practiceFixture({ logoUrl: LOGO, profilePhoto: PHOTO }),
    );
    const { user } = renderApp('/practice/settings');
    expect(await screen.findByRole('img', { name: 'Riverside Family Clinic logo' })).toHaveAttribute('src', LOGO);
    const userLoads = server.find('GET', '/api/v1/user/current').length;

    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove the practice logo?' }));
    expect(dialog.getByText('Patients and other practices will see the practice without a logo.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove logo' }));

    const said = await screen.findByText('The logo was removed.');
    expect(said.closest('[role="status"]')).not.toBeNull();
    expect(server.find('DELETE', '/api/v1/practice/1/logo')).toHaveLength(1);
    expect(screen.queryByRole('img', { name: 'Riverside Family Clinic logo' })).not.toBeInTheDocument();
    expect(screen.getByText('No logo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove logo' })).not.toBeInTheDocument();
    // The profile photo stays, and the header's practice summary is loaded again.
    expect(screen.getByRole('img', { name: 'Riverside Family Clinic profile photo' })).toHaveAttribute('src', PHOTO);
    await waitFor(() => expect(server.find('GET', '/api/v1/user/current').length).toBeGreaterThan(userLoads));
  });

  it('takes the profile photo down with its buttons waiting meanwhile, and keeps it when that fails', async () => {
    let answer!: (response: Response) => void;
    const server = practiceServer(
      ['ADMIN'],
      { 'DELETE /api/v1/practice/:id/profilePhoto': () => new Promise<Response>((resolve) => (answer = resolve)) },
      practiceFixture({ profilePhoto: PHOTO }),
    );
    const { user } = renderApp('/practice/settings');
    expect(await screen.findByRole('img', { name: 'Riverside Family Clinic profile photo' })).toHaveAttribute(
      'src',
      PHOTO,
    );
    expect(screen.queryByRole('button', { name: 'Remove logo' })).not.toBeInTheDocument();
    const trigger = screen.getByRole('button', { name: 'Remove profile photo' });
    await user.click(trigger);
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove the practice profile photo?' }));
    const confirm = dialog.getByRole('button', { name: 'Remove profile photo' });
    await user.click(confirm);

    await waitFor(() => expect(confirm).toBeDisabled());
    expect(trigger).toBeDisabled();
    answer(reply(403, errorBody(403, 'FORBIDDEN', 'Your role does not allow this')));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Your role does not allow this');
    expect(confirm).toBeEnabled();
    expect(server.find('DELETE', '/api/v1/practice/1/profilePhoto')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Riverside Family Clinic profile photo', hidden: true })).toHaveAttribute(
      'src',
      PHOTO,
    );
    expect(screen.queryByText('The profile photo was removed.')).not.toBeInTheDocument();
  });

  it('shows staff the profile without a way to change it', async () => {
    practiceServer(
      ['STAFF'],
      {},
      practiceFixture({ about: 'Family medicine since 1990.', logoUrl: LOGO, profilePhoto: PHOTO }),
    );
    renderApp('/practice/settings');
    expect(await screen.findByText('Only practice admins can change the profile.')).toBeInTheDocument();
    expect(screen.getByText('Family medicine since 1990.')).toBeInTheDocument();
    expect(screen.getByText('1 River Road, Springfield')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save profile' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Drop a PNG, JPEG, GIF or WebP logo/)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Riverside Family Clinic logo' })).toHaveAttribute('src', LOGO);
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });
});
