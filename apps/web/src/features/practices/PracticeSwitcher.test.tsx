import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fakeServer';
import { currentUserResponse, lakeside, provider, riverside, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

describe('practice switcher', () => {
  it('shows the current practice and switches to another one', async () => {
    let practiceId = 1;
    const server = fakeServer({
      ...signedInRoutes(() =>
        practiceId === 1 ? currentUserResponse() : currentUserResponse({ currentPractice: lakeside }),
      ),
      'PUT /api/v1/user/:id/': ({ body }) => {
        practiceId = body.practiceId;
        return { ...provider, practiceId };
      },
    });
    const { user } = renderApp('/');

    expect(await screen.findByText('What is waiting for you at Riverside Family Clinic.')).toBeInTheDocument();
    const select = await screen.findByRole('combobox', { name: 'Current practice' });
    expect(select).toHaveValue('Riverside Family Clinic');

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Lakeside Health' }));

    expect(await screen.findByText('What is waiting for you at Lakeside Health.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Current practice' })).toHaveValue('Lakeside Health'),
    );
    expect(server.find('PUT', '/api/v1/user/7/')[0].body).toEqual({ practiceId: 2 });
    // The home page now asks for the worklist of the practice switched to.
    await waitFor(() => expect(server.find('GET', '/api/v1/practice/2/worklist')).toHaveLength(1));
  });

  it('shows the name alone when there is nothing to switch to', async () => {
    fakeServer({ ...signedInRoutes(), 'GET /api/v1/user/current/practices': () => [riverside] });
    renderApp('/');
    expect(await screen.findByText('What is waiting for you at Riverside Family Clinic.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Current practice' })).not.toBeInTheDocument();
  });
});
