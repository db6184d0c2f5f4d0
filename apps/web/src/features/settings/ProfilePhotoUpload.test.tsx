import '../../test/enableFilePond';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, provider, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { FakeXhr } from '../../ui/files/fakeXhr';

beforeEach(() => FakeXhr.install());

const PHOTO_URL = '/api/v1/files/public/5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'me.png', { type: 'image/png' });

/**
 * The settings page's server, whose scan answers wait until the test gives them. Removing the
 * photo answers as `removal` says, by default by taking it down.
 */
function photoServer({ photo = null as string | null, removal = (): unknown => undefined } = {}) {
  let photoUrl = photo;
  const scanAnswers: Array<(answer: { status: string; type: string }) => void> = [];
  const server = fakeServer({
    ...signedInRoutes(() => currentUserResponse({ user: { ...provider, photoUrl } })),
    'GET /api/v1/user/:id/settings': () => DEFAULT_USER_SETTINGS,
    'POST /api/v1/user/:id/profilePhoto': () => ({ id: 31, uploadUrl: '/up/31' }),
    'GET /api/v1/file/:id/status': () => new Promise((resolve) => scanAnswers.push(resolve)),
    'DELETE /api/v1/user/:id/profilePhoto': async () => {
      const answer = await removal();
      if (answer instanceof Response) return answer;
      photoUrl = null;
      return { ...provider, photoUrl };
    },
  });
  /** The server scans the upload: a clean photo becomes the user's. */
  const scanned = async (status: 'clean' | 'infected') => {
    await waitFor(() => expect(scanAnswers).toHaveLength(1));
    if (status === 'clean') photoUrl = PHOTO_URL;
    scanAnswers.shift()!({ status, type: 'image/png' });
  };
  return { server, scanned };
}

/** Picks a photo in the Profile photo section and lets its PUT succeed. */
async function uploadPhoto() {
  const { user } = renderApp('/settings');
  const section = within(await screen.findByRole('region', { name: 'Profile photo' }));
  expect(section.getByText('PR')).toBeInTheDocument();
  // FilePond puts its file input in after the label: wait for the two to be tied together.
  await user.upload(await section.findByLabelText(/Drop a PNG, JPEG, GIF or WebP photo/), png());
  const put = await FakeXhr.next();
  expect(put.url).toBe('/up/31');
  put.respond(200);
  return section;
}

describe('profile photo upload on the settings page', { timeout: 15_000 }, () => {
  it('uploads a photo in the current practice, shows the scan, then the new photo once it is clean', async () => {
    const { server, scanned } = photoServer();
    const section = await uploadPhoto();
    expect(server.find('POST', '/api/v1/user/7/profilePhoto')[0].body).toMatchObject({
      name: 'me.png',
      size: 8,
      header: '89504e47',
      practiceId: 1,
    });
    // Nothing to remove yet.
    expect(section.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();

    expect(
      await section.findByText('Checking your new photo for viruses; it appears here once it is clean.'),
    ).toBeInTheDocument();
    expect(section.queryByRole('img', { name: 'Your profile photo' })).not.toBeInTheDocument();

    await scanned('clean');
    expect(await section.findByText('Your new photo is in place.')).toBeInTheDocument();
    expect(section.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', PHOTO_URL);
    // The header's account menu shows it too.
    expect(screen.getByRole('button', { name: /Account menu for/ }).querySelector('img')).toHaveAttribute(
      'src',
      PHOTO_URL,
    );
    expect(
      section.queryByText('Checking your new photo for viruses; it appears here once it is clean.'),
    ).not.toBeInTheDocument();
  });

  it('takes only images the server takes, up to 10 MB, saying so before asking for any upload link', async () => {
    const { server } = photoServer();
    const { user } = renderApp('/settings');
    const section = within(await screen.findByRole('region', { name: 'Profile photo' }));
    const browse = await section.findByLabelText(/Drop a PNG, JPEG, GIF or WebP photo \(at most 10 MB\)/);
    expect(browse).toHaveAccessibleDescription('PNG, JPEG, GIF or WebP images, up to 10 MB');
    expect(browse.getAttribute('accept')).toBe('image/png,image/jpeg,image/gif,image/webp,.png,.jpg,.jpeg,.gif,.webp');

    const large = png();
    Object.defineProperty(large, 'size', { value: 20_000_000 });
    await user.upload(browse, large);
    expect(await section.findByText('File is too large')).toBeInTheDocument();
    expect(section.getByText('Maximum file size is 10 MB')).toBeInTheDocument();
    expect(section.queryByText('Sorry this file type is not supported')).not.toBeInTheDocument();
    expect(server.find('POST', '/api/v1/user/7/profilePhoto')).toHaveLength(0);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('says a virus was found and keeps the photo as it was', async () => {
    const { server, scanned } = photoServer();
    const section = await uploadPhoto();
    const userLoads = server.find('GET', '/api/v1/user/current').length;

    await scanned('infected');
    const warning = await section.findByText('Virus detected: the file was deleted and your photo was not changed.');
    expect(warning.closest('[role="alert"]')).not.toBeNull();
    expect(
      section.queryByText('Checking your new photo for viruses; it appears here once it is clean.'),
    ).not.toBeInTheDocument();
    expect(section.queryByRole('img', { name: 'Your profile photo' })).not.toBeInTheDocument();
    expect(server.find('GET', '/api/v1/user/current')).toHaveLength(userLoads);
  });
});

describe('removing the profile photo on the settings page', { timeout: 15_000 }, () => {
  it('asks first, then takes the photo down, shows the initials and says so', async () => {
    const { server } = photoServer({ photo: PHOTO_URL });
    const { user } = renderApp('/settings');
    const section = within(await screen.findByRole('region', { name: 'Profile photo' }));
    expect(await section.findByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', PHOTO_URL);

    await user.click(section.getByRole('button', { name: 'Remove photo' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove your profile photo?' }));
    expect(dialog.getByText('People will see your initials instead.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.find('DELETE', '/api/v1/user/7/profilePhoto')).toHaveLength(0);

    const userLoads = server.find('GET', '/api/v1/user/current').length;
    await user.click(section.getByRole('button', { name: 'Remove photo' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove photo' }));
    expect(await section.findByText('Your photo was removed.')).toBeInTheDocument();
    expect(section.getByText('Your photo was removed.').closest('[role="status"]')).not.toBeNull();
    expect(server.find('DELETE', '/api/v1/user/7/profilePhoto')).toHaveLength(1);
    expect(server.find('GET', '/api/v1/user/current').length).toBeGreaterThan(userLoads);
    expect(section.queryByRole('img', { name: 'Your profile photo' })).not.toBeInTheDocument();
    expect(section.getByText('PR')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('waits with its buttons disabled, and keeps the photo and shows why when removing fails', async () => {
    let fail!: (answer: Response) => void;
    photoServer({ photo: PHOTO_URL, removal: () => new Promise<Response>((resolve) => (fail = resolve)) });
    const { user } = renderApp('/settings');
    const section = within(await screen.findByRole('region', { name: 'Profile photo' }));
    const trigger = await section.findByRole('button', { name: 'Remove photo' });
    await user.click(trigger);
    const dialog = within(await screen.findByRole('dialog'));
    const confirm = dialog.getByRole('button', { name: 'Remove photo' });
    await user.click(confirm);

    await waitFor(() => expect(confirm).toBeDisabled());
    expect(trigger).toBeDisabled();
    fail(reply(403, errorBody(403, 'FORBIDDEN', 'You can only change your own account')));
    expect(await dialog.findByRole('alert')).toHaveTextContent('You can only change your own account');
    expect(confirm).toBeEnabled();
    expect(section.getByRole('img', { name: 'Your profile photo', hidden: true })).toHaveAttribute('src', PHOTO_URL);
    expect(section.queryByText('Your photo was removed.')).not.toBeInTheDocument();
  });
});
