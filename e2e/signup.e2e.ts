import { expect, test } from '@playwright/test';
import { codeFor, expectAccessible } from './support';

const WIDTH = 375;

test('a new person signs up on a phone, confirms the texted code, creates a practice in Springfield IL and lands on its home', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 800 } });
  const page = await context.newPage();
  const fitsThePhone = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Join Referwell' })).toBeVisible();
  await expectAccessible(page, 'main');
  await fitsThePhone();

  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Newton');
  await page.getByLabel('Email').fill('nora.newton@example.test');
  await page.getByLabel('Mobile phone').fill('(217) 555-0188');
  await page.getByLabel(/^Password/).fill('a-long-password-1');
  await page.getByRole('radio', { name: /^Provider/ }).check();
  await page.getByLabel(/I accept the Referwell terms/).check();
  await page.getByRole('button', { name: 'Create my account' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm your phone' })).toBeVisible();
  await expectAccessible(page, 'main');
  await page.getByLabel('Code').fill(await codeFor(request, '+12175550188'));
  await page.getByRole('button', { name: 'Verify code' }).click();

  // Signed in, in no practice yet: the start page.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nora Newton' })).toBeVisible();
  await expect(page).toHaveURL(/\/start$/);
  await expect(page.getByRole('link', { name: 'Find a practice' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Invite link' })).toBeVisible();
  await expectAccessible(page, 'main');
  await fitsThePhone();

  await page.getByRole('link', { name: 'Create a practice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a practice' })).toBeVisible();
  await page.getByLabel(/^Practice name/).fill('Prairie Bone & Joint');
  // The offline address data knows Springfield's ZIP codes: no outside service is asked.
  await page.getByRole('combobox', { name: /^Address/ }).fill('800 E Monroe St, Springfield, IL 62701');
  await page.getByRole('option', { name: /800 E Monroe St, Springfield, IL 62701/ }).click();
  await expect(page.getByText('Found. Referrals are matched to practices near this address.')).toBeVisible();
  await page.getByLabel(/^Building/).fill('Suite 200');
  await page.getByLabel(/^Phone/).fill('(217) 555-0190');
  await expectAccessible(page, 'main');
  await fitsThePhone();
  await page.getByRole('button', { name: 'Create practice' }).click();

  // Its creator is its admin and works in it now: its home page.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nora Newton' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('What is waiting for you at Prairie Bone & Joint.')).toBeVisible();
  await expect(page.getByText('Current practice: Prairie Bone & Joint')).toBeAttached();

  const practice = await page.request.get('/api/v1/user/current');
  expect((await practice.json()).currentPractice).toMatchObject({
    practice: { name: 'Prairie Bone & Joint', address: '800 E Monroe St, Springfield, IL 62701, USA' },
    roles: expect.arrayContaining(['ADMIN', 'PROVIDER']),
  });
  await context.close();
});
