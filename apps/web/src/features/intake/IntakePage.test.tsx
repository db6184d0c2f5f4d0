import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeRequest } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { bot, intakeServer } from './intakeFixtures';

const BOTS = '/api/v1/practice/1/bots';

type BotsPage = { data: ReturnType<typeof bot>[]; count: number };

/** GET /practice/1/bots: the live forms, and (takenDown=true) those taken down, none unless given. */
const botsRoute = (live: () => BotsPage, takenDown: () => BotsPage = () => ({ data: [], count: 0 })) => ({
  [`GET ${BOTS}`]: ({ query }: FakeRequest) => (query.get('takenDown') === 'true' ? takenDown() : live()),
});

describe('intake forms', { timeout: 20_000 }, () => {
  it("lists the practice's forms with their links and unopened counts; staff only look", async () => {
    intakeServer(
      botsRoute(() => ({
        data: [
          bot(3, { unread: 2 }),
          bot(4, { name: 'Walk-in', endpoint: 'walk-in', formUrl: 'http://localhost/form/walk-in' }),
        ],
        count: 2,
      })),
      { admin: false },
    );
    renderApp('/intake');

    const list = await screen.findByRole('list', { name: 'Intake forms' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first).getByRole('link', { name: 'Riverside intake' })).toHaveAttribute('href', '/intake/3');
    expect(within(first).getByText('2 new')).toBeInTheDocument();
    expect(within(first).getByText('http://localhost/form/riverside-intake')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Copy the link to Riverside intake' })).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Open Walk-in in a new tab' })).toHaveAttribute(
      'href',
      'http://localhost/form/walk-in',
    );
    expect(within(second).queryByText(/new$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New intake form' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('offers an admin to create the first form and checks it before sending', async () => {
    const server = intakeServer({
      ...botsRoute(() => ({ data: [], count: 0 })),
      'GET /api/v1/bot/checkEndpoint': ({ query }) => ({ available: query.get('endpoint') !== 'taken' }),
    });
    const { user } = renderApp('/intake');

    expect(await screen.findByText('No intake forms yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New intake form' }));
    const dialog = await screen.findByRole('dialog', { name: 'New intake form' });
    const address = within(dialog).getByRole('textbox', { name: 'Address' });

    await user.click(within(dialog).getByRole('button', { name: 'Create form' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Address is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Riverside intake');
    await user.type(address, 'taken');
    expect(await within(dialog).findByText('This address is taken')).toBeInTheDocument();
    expect(address).toHaveAccessibleDescription(/http:\/\/localhost(:\d+)?\/form\/taken/);

    await user.clear(address);
    await user.type(address, 'riverside-intake');
    expect(await within(dialog).findByText(/This address is free/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Quick replies' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create form' }));
    expect(await within(dialog).findByText('Choose the specialities the form offers')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: "Don't ask" }));

    const emails = within(dialog).getByRole('combobox', { name: 'E-mails to notify' });
    await user.type(emails, 'front-desk{Enter}');
    expect(await within(dialog).findByText('front-desk is not a valid e-mail address')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create form' }));
    expect(server.find('POST', '/api/v1/bots')).toHaveLength(0);
  });

  it("shows the server's refusal on the field it names, then saves", async () => {
    const forms: ReturnType<typeof bot>[] = [];
    const server = intakeServer({
      ...botsRoute(() => ({ data: forms, count: forms.length })),
      'GET /api/v1/bot/checkEndpoint': () => ({ available: true }),
      'POST /api/v1/bots': ({ body }) => {
        if (server.find('POST', '/api/v1/bots').length === 1) {
          return reply(400, {
            ...errorBody(400, 'BAD_REQUEST', 'Name is already used'),
            issues: [{ path: ['body', 'name'], message: 'Name is already used' }],
          });
        }
        forms.push(bot(9, { name: body.name, endpoint: body.endpoint }));
        return reply(201, forms[0]);
      },
    });
    const { user } = renderApp('/intake');
    await user.click(await screen.findByRole('button', { name: 'New intake form' }));
    const dialog = await screen.findByRole('dialog', { name: 'New intake form' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Walk-in');
    await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), 'walk-in');
    await user.type(within(dialog).getByRole('combobox', { name: 'E-mails to notify' }), 'desk@riverside.test{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Create form' }));

    expect(await within(dialog).findByText('Name is already used')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(/Name is already used/);

    await user.click(within(dialog).getByRole('button', { name: 'Create form' }));
    expect(await screen.findByText('Walk-in is ready for patients')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/bots').at(-1)!.body).toEqual({
      practiceId: 1,
      name: 'Walk-in',
      endpoint: 'walk-in',
      colorScheme: '#1C7ED6',
      emailsToNotify: ['desk@riverside.test'],
      specialityQuestionType: 'NONE',
      specialities: [],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'Walk-in' })).toBeInTheDocument();
  });

  it('takes a form down after asking, and keeps it under Taken down with its submissions', async () => {
    let forms = [bot(3)];
    let down: ReturnType<typeof bot>[] = [];
    const server = intakeServer({
      ...botsRoute(
        () => ({ data: forms, count: forms.length }),
        () => ({ data: down, count: down.length }),
      ),
      'DELETE /api/v1/bot/:id': () => {
        down = [bot(3, { takenDownAt: Date.parse('2026-11-20T12:00:00Z'), unread: 1 })];
        forms = [];
        return { ok: true };
      },
    });
    const { user } = renderApp('/intake');
    await user.click(await screen.findByRole('button', { name: 'Delete Riverside intake' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take Riverside intake down?' });
    expect(
      within(dialog).getByText('Patients can no longer send it. Its submissions stay, under Taken down.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Take down' }));

    expect(await screen.findByText('No intake forms yet')).toBeInTheDocument();
    expect(server.find('DELETE', '/api/v1/bot/3')[0].query.get('practiceId')).toBe('1');
    // Its submissions are still a click away; the public link and the actions are gone.
    const takenDown = await screen.findByRole('list', { name: 'Intake forms taken down' });
    expect(within(takenDown).getByRole('link', { name: 'Riverside intake' })).toHaveAttribute('href', '/intake/3');
    expect(within(takenDown).getByText('1 new')).toBeInTheDocument();
    expect(within(takenDown).getByText('Taken down November 20, 2026')).toBeInTheDocument();
    expect(within(takenDown).queryByRole('button')).not.toBeInTheDocument();
  });
});
