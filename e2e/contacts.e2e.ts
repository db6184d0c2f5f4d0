import { expect, test } from '@playwright/test';
import { expectAccessible, signInWithPassword } from './support';

test('the address book lists, removes and adds back a practice, and lists people, at desk and phone width', async ({
  browser,
}) => {
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signInWithPassword(page, 'provider@riverside.test');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Priya Shah' })).toBeVisible();
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();

    // The demo's Riverside keeps Lakeside.
    const book = page.getByRole('list', { name: 'Practice contacts' });
    await expect(book.getByText('Lakeside Orthopedics')).toBeVisible();
    await expectAccessible(page, 'main');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await book.getByRole('button', { name: 'Remove Lakeside Orthopedics from contacts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove contact' });
    await expect(dialog).toContainText('Remove Lakeside Orthopedics from Riverside Family Medicine’s contacts?');
    // Checked once faded in: mid-transition its colours are not the ones a person reads.
    await expect(dialog).toHaveCSS('opacity', '1');
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('No practice contacts yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add a practice' }).click();
    await page.getByRole('searchbox', { name: 'Find a practice by name' }).fill('Lakeside');
    const found = page.getByRole('list', { name: 'Practices found' });
    await found.getByRole('button', { name: 'Add Lakeside Orthopedics to contacts' }).click();
    await expect(found.getByText('Added')).toBeVisible();
    await expect(book.getByText('Lakeside Orthopedics')).toBeVisible();
    await expectAccessible(page, 'main');

    await page.getByRole('tab', { name: 'People' }).click();
    await expect(page.getByRole('list', { name: 'People' }).getByText('Lena Okafor, MD')).toBeVisible();
    await expectAccessible(page, 'main');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await context.close();
  }
});
