import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

describe('an address the app does not know', () => {
  it('says so in the public pages’ frame, names the address and offers the way home', async () => {
    renderApp('/referals/42');
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(main).toHaveTextContent('There is nothing at /referals/42.');
    expect(within(main).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Referwell' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Page not found/);
  });
});
