import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessiblePage, inviteLinkFor, signInWithPassword, startPatientChatByPhone, workIn } from './support';

/**
 * Every route of every surface, at desk and phone width, through axe (WCAG 2.2 AA and the page
 * structure rules) and the checks axe leaves out: one h1, a main landmark, 16 px fields on phones.
 * Findings are soft: one run names every route, width and rule that fails.
 */

const DESK = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/** The screens every member of a practice opens; detail pages are found from their lists. */
const PROVIDER_ROUTES = [
  '/',
  '/referrals',
  '/referrals/sent',
  '/referrals/archived',
  '/referrals/new',
  '/patients',
  '/chats',
  '/intake',
  '/practice/team',
  '/practice/team/invite',
  '/practice/team/pending-invites',
  '/practice/team/departments',
  '/practice/networks',
  '/practice/settings',
  '/practice/settings/opening-hours',
  '/practice/settings/tags',
  '/practice/settings/custom-properties',
  '/practice/settings/api-keys',
  '/practice/settings/billing',
  '/organisations',
  '/practices/join',
  '/practices/new',
  '/start',
  '/contacts',
  '/contacts?tab=people',
  '/settings',
  '/sessions',
];
const ADMIN_ONLY_ROUTES = ['/practice/team/join-requests', '/practice/team/add-staff', '/practice/settings/audit'];
/** Some thirty screens a user, each checked at two widths: longer than one flow, on a busy machine too. */
const SWEEP_TIMEOUT = 240_000;

/** Waits until the page shows its heading and nothing on it is still loading. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ has: page.locator('.mantine-Loader-root') })).toHaveCount(0);
}

/** Checks the page as it is now at both widths, ending at desk width. */
async function checkBothWidths(page: Page, where: string) {
  for (const size of [DESK, PHONE]) {
    await page.setViewportSize(size);
    await expectAccessiblePage(page, where);
  }
  await page.setViewportSize(DESK);
}

async function sweep(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
  await checkBothWidths(page, path);
}

/** The first link in the page's main content whose address starts with `prefix`. */
async function firstLink(page: Page, prefix: string): Promise<string> {
  const link = page.getByRole('main').locator(`a[href^="${prefix}"]`).first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href'))!;
}

/** The detail pages reached from the lists: a referral, a patient, an intake form and one of its submissions. */
async function sweepDetails(page: Page) {
  await page.goto('/referrals');
  await sweep(page, await firstLink(page, '/referrals/view/'));
  await page.goto('/patients');
  await sweep(page, await firstLink(page, '/patients/'));
  await page.goto('/intake');
  const bot = await firstLink(page, '/intake/');
  await sweep(page, bot);
  await sweep(page, await firstLink(page, `${bot}/submissions/`));
}

/** The header's menus and dialogs, opened one at a time, at the width where each shows. */
async function sweepHeaderWidgets(page: Page) {
  await page.goto('/');
  await settled(page);
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await checkBothWidths(page, 'user menu');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('list', { name: 'Notifications' })).toBeVisible();
  await checkBothWidths(page, 'notifications');
  await page.keyboard.press('Escape');

  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
  await expectAccessiblePage(page, 'navigation menu');
  await page.getByRole('button', { name: 'Close navigation' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessiblePage(page, 'search dialog');
  await page.keyboard.press('Escape');
  await page.setViewportSize(DESK);
}

async function signedIn(browser: Browser, email: string) {
  const page = await (await browser.newContext({ viewport: DESK })).newPage();
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  return page;
}

test('every signed-out page is accessible at desk and phone width', async ({ page }) => {
  await page.setViewportSize(DESK);
  for (const path of [
    '/login',
    '/reset-password',
    '/set-password',
    '/form/riverside-intake',
    '/dev/outbox',
    '/no-such-page',
  ]) {
    await sweep(page, path);
  }
  await sweep(page, '/invite/not-a-real-code');
  // The sign-in page's second step.
  await page.goto('/login');
  await page.getByLabel('Email').fill('provider@riverside.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await checkBothWidths(page, '/login, password step');
});

test('every screen a practice’s provider opens is accessible, with the header’s menus and a dialog open', async ({
  browser,
  request,
}) => {
  test.setTimeout(SWEEP_TIMEOUT);
  // Priya starts a chat, so her chats list has one to open, and its patient has a room to visit.
  const { priya: page, link } = await startPatientChatByPhone(browser, request, '+12025550166');
  await settled(page);
  await checkBothWidths(page, 'an open chat');
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(page.getByRole('dialog', { name: 'New chat' })).toBeVisible();
  await checkBothWidths(page, 'New chat dialog');
  await page.getByRole('dialog').getByRole('button', { name: /close/i }).click();

  for (const path of PROVIDER_ROUTES) await sweep(page, path);
  await sweepDetails(page);
  await sweepHeaderWidgets(page);

  // The patient's room, in its dark theme (the default) and its light one.
  const patient = await (await browser.newContext({ viewport: DESK })).newPage();
  for (const [theme, url] of [
    ['dark', link],
    ['light', `${link}&light`],
  ]) {
    await patient.goto(url);
    await expect(patient.getByRole('log', { name: 'Messages' })).toBeVisible({ timeout: 20_000 });
    await expect(patient.getByText('Connecting...')).toHaveCount(0);
    await checkBothWidths(patient, `chat room (${theme})`);
  }
});

test('every screen a practice admin opens is accessible, and so is the invite they send', async ({ browser }) => {
  test.setTimeout(SWEEP_TIMEOUT);
  const page = await signedIn(browser, 'admin@riverside.test');
  await workIn(page, 'Riverside Family Medicine');
  await page.getByRole('combobox', { name: 'Current practice' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await checkBothWidths(page, 'practice switcher');
  await page.keyboard.press('Escape');

  for (const path of [...PROVIDER_ROUTES, ...ADMIN_ONLY_ROUTES]) await sweep(page, path);
  await sweepDetails(page);
  await page.goto('/organisations');
  await sweep(page, await firstLink(page, '/organisations/'));

  await page.goto('/practice/team/invite');
  await page.getByLabel('E-mail').fill('a11y.invitee@example.test');
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(/Invite sent to a11y\.invitee@example\.test/)).toBeVisible();
  const invitee = await (await browser.newContext({ viewport: DESK })).newPage();
  await sweep(invitee, await inviteLinkFor(page.request, 'a11y.invitee@example.test'));
  await invitee.getByRole('button', { name: 'Create my account' }).click();
  await expect(invitee.getByLabel('First name')).toBeVisible();
  await checkBothWidths(invitee, 'the invite’s sign-up form');
});
