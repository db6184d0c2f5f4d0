import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, reply } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { contrastRatio } from '../../lib/contrast';
import { intakeForm } from './intakeFixtures';

const FORM = '/api/v1/patient/form/riverside-intake';

/** The public form, with no one signed in: GET /user/current would answer 401. */
function formServer(
  submit: Parameters<typeof fakeServer>[0][string] = () =>
    reply(201, { uuid: '00000000-0000-4000-8000-000000000001', practiceName: 'Riverside Family Clinic' }),
) {
  return fakeServer({
    'GET /api/v1/user/current': () => reply(401, errorBody(401, 'UNAUTHORIZED', 'Sign in')),
    [`GET ${FORM}`]: () => intakeForm(),
    [`POST ${FORM}`]: submit,
  });
}

async function fillRequired(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Jane');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Doe');
  await user.type(screen.getByRole('textbox', { name: 'Mobile phone number' }), '555');
  await user.click(screen.getByRole('combobox', { name: 'Which speciality are you looking for?' }));
  await user.click(await screen.findByRole('option', { name: 'Cardiology' }));
}

describe('the public intake form', { timeout: 20_000 }, () => {
  it('shows the practice and asks each question in its own way, without signing in', async () => {
    const server = formServer();
    renderApp('/form/riverside-intake');

    expect(await screen.findByRole('heading', { level: 1, name: 'Riverside intake' })).toBeInTheDocument();
    expect(screen.getByText('Riverside Family Clinic')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First name' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Mobile phone number' })).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('textbox', { name: 'Date of birth (MM/DD/YYYY)' })).toHaveAttribute(
      'placeholder',
      'MM/DD/YYYY',
    );
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('type', 'email');
    // Quick replies are radios in a group named by its legend.
    const gender = screen.getByRole('group', { name: 'Gender' });
    expect(
      within(gender)
        .getAllByRole('radio')
        .map((radio) => radio.closest('div')?.textContent),
    ).toEqual(['Male', 'Female']);
    expect(screen.getByText('0/2000 characters')).toBeInTheDocument();
    // Starting a chat from a submission texts the patient, so the form says so before they send.
    expect(screen.getByText(/Riverside Family Clinic may contact you by text message or e-mail/)).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/user/current')).toHaveLength(0);
  });

  it('wears the practice’s logo and the form’s colour, with text on it that reads at AA', async () => {
    const logoUrl = '/api/v1/files/public/00000000-0000-4000-8000-00000000000a';
    fakeServer({
      'GET /api/v1/user/current': () => reply(401, errorBody(401, 'UNAUTHORIZED', 'Sign in')),
      [`GET ${FORM}`]: () =>
        intakeForm({ colorScheme: '#1c7ed6', practice: { name: 'Riverside Family Clinic', logoUrl } }),
    });
    renderApp('/form/riverside-intake');
    expect(await screen.findByRole('img', { name: 'Riverside Family Clinic logo' })).toHaveAttribute('src', logoUrl);
    // A mid blue keeps white text, a shade darker so that it reads (lib/contrast.ts).
    const send = screen.getByRole('button', { name: 'Send' });
    const fill = send.style.getPropertyValue('--button-bg');
    expect(send.style.getPropertyValue('--button-color')).toBe('#ffffff');
    expect(contrastRatio(fill, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(fill, '#1c7ed6')).toBeLessThan(1.3);
  });

  it('draws the practice’s initials on the form’s colour without a logo, and gives a light colour dark text', async () => {
    formServer();
    renderApp('/form/riverside-intake');
    const send = await screen.findByRole('button', { name: 'Send' });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('RC')).toHaveStyle({ background: '#ffd43b', color: '#000000' });
    expect(send.style.getPropertyValue('--button-bg')).toBe('#ffd43b');
    expect(send.style.getPropertyValue('--button-color')).toBe('#000000');
  });

  it('sizes its text fields at 16 px, so phones do not zoom in on them', async () => {
    formServer();
    renderApp('/form/riverside-intake');
    for (const name of ['First name', 'Mobile phone number', 'Anything else we should know?'])
      expect((await screen.findByRole('textbox', { name })).closest('[style*="--input-fz"]')).toHaveStyle({
        '--input-fz': 'var(--mantine-font-size-md)',
      });
  });

  it('checks required answers first and moves to the first one missing', async () => {
    const server = formServer();
    const { user } = renderApp('/form/riverside-intake');
    await user.click(await screen.findByRole('button', { name: 'Send' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Choose a speciality')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus());
    expect(server.find('POST', FORM)).toHaveLength(0);
  });

  it('shows what the server refuses under the answer it is about, and focuses it', async () => {
    const server = formServer(({ body }) =>
      body.answers.phone === '555'
        ? reply(400, {
            ...errorBody(400, 'BAD_REQUEST', 'Enter a valid phone number'),
            issues: [{ path: ['body', 'answers', 'phone'], message: 'Enter a valid phone number' }],
          })
        : reply(201, { uuid: '00000000-0000-4000-8000-000000000001', practiceName: 'Riverside Family Clinic' }),
    );
    const { user } = renderApp('/form/riverside-intake');
    await fillRequired(user);
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const phone = screen.getByRole('textbox', { name: 'Mobile phone number' });
    expect(await screen.findByText('Enter a valid phone number')).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription('Enter a valid phone number');
    await waitFor(() => expect(phone).toHaveFocus());
    expect(server.find('POST', FORM)[0].body).toEqual({
      answers: { firstName: 'Jane', lastName: 'Doe', phone: '555', gender: 'FEMALE', speciality: '11' },
    });

    await user.clear(phone);
    await user.type(phone, '(202) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Thank you. Riverside Family Clinic has your details and will be in touch.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it.each([456, 404])('says the form is no longer available when the server answers %i', async (status) => {
    fakeServer({ [`GET ${FORM}`]: () => reply(status, errorBody(status, 'OBJECT_NOT_FOUND', 'Object not found')) });
    renderApp('/form/riverside-intake');
    expect(await screen.findByRole('heading', { name: 'This form is no longer available' })).toBeInTheDocument();
  });

  it('posts its content’s height to the page it is framed in, with the host’s embed uid', async () => {
    formServer();
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      // jsdom lays nothing out: the form's column is as tall as the questions it holds.
      return { height: 100 + 60 * this.querySelectorAll('input, textarea').length } as DOMRect;
    });
    // A browser's ResizeObserver calls back as the column grows; here the test does.
    const resized: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized.push(callback);
        }
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const posted = vi.spyOn(window.parent, 'postMessage');
    renderApp('/form/riverside-intake?embedUID=clinic-site');

    // While the form loads: the column holds no field yet.
    await waitFor(() =>
      expect(posted).toHaveBeenCalledWith({ type: 'florie-embed-height', height: 100, embedUID: 'clinic-site' }, '*'),
    );
    await screen.findByRole('button', { name: 'Send' });
    const fields = document.querySelectorAll('main input, main textarea').length;
    expect(fields).toBeGreaterThan(5);
    act(() => resized.forEach((callback) => callback()));
    expect(posted).toHaveBeenLastCalledWith(
      { type: 'florie-embed-height', height: 100 + 60 * fields, embedUID: 'clinic-site' },
      '*',
    );
  });
});
