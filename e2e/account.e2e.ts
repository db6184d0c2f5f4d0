import { expect, test } from '@playwright/test';
import { signInWithPassword } from './support';

test('a member of two practices switches between them', async ({ page }) => {
  await signInWithPassword(page, 'admin@riverside.test');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome, Alex Rivera/ })).toBeVisible();
  const switcher = page
    .getByRole('textbox', { name: /practice/i })
    .or(page.getByRole('combobox', { name: /practice/i }))
    .first();
  await switcher.click();
  await page.getByRole('option', { name: 'Lakeside Orthopedics' }).click();
  // The switcher's own list stays in the header, hidden, so the page's text is looked for on screen.
  await expect(switcher).toHaveValue('Lakeside Orthopedics');
  await expect(page.getByText('You are now working in Lakeside Orthopedics')).toBeVisible();
  await page.reload();
  await expect(switcher).toHaveValue('Lakeside Orthopedics');
});

test('a provider sees their sessions and ends another one', async ({ browser }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInWithPassword(otherPage, 'provider@riverside.test');
  await expect(otherPage.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();

  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithPassword(page, 'provider@riverside.test');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await page.goto('/sessions');
  await expect(page.getByText('This device')).toBeVisible();
  // This device is listed first; every other session of the account follows.
  const endButtons = page.getByRole('button', { name: /^End session on/ });
  const before = await endButtons.count();
  expect(before).toBeGreaterThan(1);
  await endButtons.nth(1).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End session' }).click();
  await expect(endButtons).toHaveCount(before - 1);
  expect((await otherPage.request.get('/api/v1/user/current')).status()).toBe(401);
  await other.close();
  await context.close();
});

test('sign-in works on a phone-sized screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  // Under 16 px, a phone zooms into the field on every tap.
  const sizes = await page
    .locator('input, textarea')
    .evaluateAll((fields) => fields.map((field) => parseFloat(getComputedStyle(field).fontSize)));
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(16);
  await signInWithPassword(page, 'provider@lakeside.test');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome, Lena Okafor/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
