import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { practiceFixture, practiceServer } from '../../test/practiceFixtures';

const HOURS = [{ dayOfWeek: 1, open: true, start: '08:00', end: '18:00' }];

async function day(name: string) {
  return within(await screen.findByRole('group', { name }));
}

function setTime(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('opening hours', () => {
  it('copies Monday to the weekdays and saves the week with the address', async () => {
    const server = practiceServer(
      ['ADMIN'],
      { 'PUT /api/v1/practice/:id': ({ body }) => ({ ...practiceFixture(), openingHours: body.openingHours }) },
      practiceFixture({ openingHours: HOURS }),
    );
    const { user } = renderApp('/practice/settings/opening-hours');
    const monday = await day('Monday');
    expect(monday.getByRole('switch', { name: 'Open' })).toBeChecked();
    expect(monday.getByLabelText('Opens at')).toHaveValue('08:00');
    expect((await day('Tuesday')).getByRole('switch', { name: 'Open' })).not.toBeChecked();
    expect((await day('Tuesday')).getByLabelText('Opens at')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Copy Monday to weekdays' }));
    expect((await day('Friday')).getByLabelText('Closes at')).toHaveValue('18:00');
    await user.click((await day('Saturday')).getByRole('switch', { name: 'Open' }));
    setTime((await day('Saturday')).getByLabelText('Closes at'), '12:00');
    await user.click(screen.getByRole('button', { name: 'Save opening hours' }));

    expect(await screen.findByText('Opening hours are saved')).toBeInTheDocument();
    const weekday = (dayOfWeek: number) => ({ dayOfWeek, open: true, start: '08:00', end: '18:00' });
    expect(server.find('PUT', '/api/v1/practice/1')[0].body).toEqual({
      address: '1 River Road, Springfield',
      openingHours: [
        { dayOfWeek: 0, open: false, start: '09:00', end: '17:00' },
        weekday(1),
        weekday(2),
        weekday(3),
        weekday(4),
        weekday(5),
        { dayOfWeek: 6, open: true, start: '09:00', end: '12:00' },
      ],
    });
  });

  it('requires closing after opening', async () => {
    const server = practiceServer(['ADMIN'], {}, practiceFixture({ openingHours: HOURS }));
    const { user } = renderApp('/practice/settings/opening-hours');
    const monday = await day('Monday');
    setTime(monday.getByLabelText('Closes at'), '07:30');
    await user.click(screen.getByRole('button', { name: 'Save opening hours' }));
    expect(await monday.findByText('Closing time must be after opening time')).toBeInTheDocument();
    expect(monday.getByLabelText('Closes at')).toHaveAttribute('aria-invalid', 'true');
    expect(server.find('PUT', '/api/v1/practice/1')).toHaveLength(0);
  });

  it('asks for the address first when the practice has none', async () => {
    practiceServer(['ADMIN'], {}, practiceFixture({ address: null }));
    renderApp('/practice/settings/opening-hours');
    expect(await screen.findByText(/before saving opening hours/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save opening hours' })).toBeDisabled();
  });

  it('shows staff the hours without a way to change them', async () => {
    practiceServer(['STAFF'], {}, practiceFixture({ openingHours: HOURS }));
    renderApp('/practice/settings/opening-hours');
    const table = within(await screen.findByRole('table', { name: 'Opening hours' }));
    expect(table.getByRole('row', { name: 'Monday 08:00 – 18:00' })).toBeInTheDocument();
    expect(table.getByRole('row', { name: 'Sunday Closed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save opening hours' })).not.toBeInTheDocument();
  });
});
