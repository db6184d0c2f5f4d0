import { expect, test } from '@playwright/test';
import { codeFor, inviteLinkFor, signInWithPassword, workIn } from './support';

test('an admin invites a new provider, who signs up from the e-mailed link and joins the team', async ({
  browser,
  request,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInWithPassword(admin, 'admin@riverside.test');
  await expect(admin.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await workIn(admin, 'Riverside Family Medicine');
  await admin.goto('/practice/team/invite');
  await admin.getByLabel('E-mail').fill('nadia.new@example.test');
  await admin.getByRole('button', { name: 'Send invite' }).click();
  await expect(admin.getByText(/Invite sent to nadia\.new@example\.test/)).toBeVisible();

  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(await inviteLinkFor(request, 'nadia.new@example.test'));
  await expect(invitee.getByText(/Alex Rivera invited you/)).toBeVisible();
  await invitee.getByRole('button', { name: 'Create my account' }).click();
  await invitee.getByLabel('First name').fill('Nadia');
  await invitee.getByLabel('Last name').fill('Newcombe');
  const email = invitee.getByLabel('Email');
  if (await email.isEditable()) await email.fill('nadia.new@example.test');
  await invitee.getByLabel('Mobile phone').fill('(202) 555-0177');
  await invitee.getByLabel(/^Password/).fill('a-long-password-1');
  await invitee.getByLabel(/I accept the Referwell terms/).check();
  await invitee.getByRole('button', { name: 'Create my account' }).click();
  await invitee.getByLabel('Code').fill(await codeFor(request, '+12025550177'));
  await invitee.getByRole('button', { name: 'Verify code' }).click();
  await expect(invitee.getByRole('heading', { level: 1, name: /Welcome, Nadia Newcombe/ })).toBeVisible();
  await expect(invitee.getByText('Riverside Family Medicine').first()).toBeVisible();

  await admin.goto('/practice/team');
  await expect(admin.getByRole('cell', { name: /Nadia Newcombe/ })).toBeVisible();
  await adminContext.close();
  await inviteeContext.close();
});

test('a provider asks to join another practice and an admin approves', async ({ browser }) => {
  const providerContext = await browser.newContext();
  const provider = await providerContext.newPage();
  await signInWithPassword(provider, 'provider@lakeside.test');
  await expect(provider.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await provider.goto('/practices/join');
  await provider.getByLabel('Practice name').fill('Riverside');
  await provider.getByRole('checkbox', { name: /Riverside Family Medicine/ }).check();
  await provider.getByLabel('Message to the practice admins').fill('I see your patients for knee surgery.');
  await provider.getByRole('button', { name: 'Send join request' }).click();
  await expect(provider.getByText(/Riverside Family Medicine/).last()).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInWithPassword(admin, 'admin@riverside.test');
  await expect(admin.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await workIn(admin, 'Riverside Family Medicine');
  await admin.goto('/practice/team/join-requests');
  await expect(admin.getByText('I see your patients for knee surgery.')).toBeVisible();
  await admin.getByRole('button', { name: 'Approve Lena Okafor' }).click();
  await admin.getByRole('tab', { name: 'Members' }).click();
  await expect(admin.getByRole('cell', { name: /Lena Okafor/ })).toBeVisible();

  // The provider now works in both practices.
  const practices = await provider.request.get('/api/v1/user/current/practices');
  const names = ((await practices.json()) as { practice: { name: string } }[]).map((m) => m.practice.name);
  expect(names).toEqual(expect.arrayContaining(['Lakeside Orthopedics', 'Riverside Family Medicine']));
  await adminContext.close();
  await providerContext.close();
});

test('on a phone-sized screen the team page and the search work', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signInWithPassword(page, 'admin@riverside.test');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await workIn(page, 'Riverside Family Medicine');
  await page.goto('/practice/team');
  await expect(page.getByText('Priya Shah').first()).toBeVisible();
  // Nothing may push the page sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Search' }).fill('Lakeside');
  await expect(page.getByRole('option', { name: /Lakeside Orthopedics/ }).first()).toBeVisible();
  await context.close();
});
