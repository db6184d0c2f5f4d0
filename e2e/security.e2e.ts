import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInWithPassword, startPatientChatByPhone, textedLink, workIn } from './support';

const PATIENT_PHONE = '+12025550177';
const shots = process.env.E2E_SCREENSHOTS;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

test('a practice admin reads the audit trail, narrows it to one action and exports it as CSV, at desk and phone width', async ({
  browser,
}) => {
  for (const width of [1280, 375]) {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signInWithPassword(page, 'admin@riverside.test');
    await workIn(page, 'Riverside Family Medicine');
    await page.goto('/practice/settings/audit');
    const table = page.getByRole('table', { name: 'Audit trail' });
    await expect(table).toBeVisible();
    const showOnly = async (action: string) => {
      await page.getByRole('combobox', { name: 'Action' }).click();
      await page.getByRole('option', { name: action }).click();
    };
    // The demo's history, under what other flows add to it: Priya created Maria's record; Lena,
    // from Lakeside, was refused a look at it.
    await showOnly('Access refused');
    await expect(table.getByRole('row').filter({ hasText: 'Lena Okafor' }).first()).toBeVisible();
    await expect(table.getByText('Patient record created')).toHaveCount(0);
    await showOnly('Patient record created');
    await expect(table.getByRole('row').filter({ hasText: 'Maria Lopez' }).first()).toBeVisible();
    await expect(table.getByText('Access refused')).toHaveCount(0);
    await expectAccessible(page, 'main');
    await shoot(page, `audit-trail-${width}`);

    if (width === 1280) {
      await showOnly('Patient record viewed');
      await expect(table.getByText('Patient record viewed').first()).toBeVisible();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: /Export CSV/ }).click();
      const csv = readFileSync(await (await download).path(), 'utf8')
        .trim()
        .split('\n');
      expect(csv.length).toBeGreaterThan(1);
      for (const line of csv.slice(1)) expect(line).toContain('patient.viewed');
    }
    await page.context().close();
  }
});

test('a practice revokes a patient’s chat link: the open chat room closes, and a new link opens it again', async ({
  browser,
  request,
}) => {
  const { priya, link: first } = await startPatientChatByPhone(browser, request, PATIENT_PHONE);
  const patient = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await patient.goto(first);
  await expect(patient.getByRole('log', { name: 'Messages' })).toBeVisible({ timeout: 20_000 });

  await priya
    .getByRole('button', { name: /Chat actions|More/ })
    .first()
    .click();
  await priya.getByRole('menuitem', { name: 'Revoke link…' }).click();
  const revoke = priya.getByRole('dialog');
  await expect(revoke).toBeVisible();
  await expectAccessible(priya, '[role="dialog"]');
  await shoot(priya, 'revoke-link-1280');
  await revoke.getByRole('button', { name: 'Revoke link' }).click();
  await expect(revoke).toBeHidden();

  // The patient's open room is closed at once and says so; reloading the old link does not open it.
  await expect(patient.getByText(/expired|no longer/i).first()).toBeVisible();
  // It names the practice to ask for a new link, and how to reach it.
  await expect(patient.getByText('Ask Riverside Family Medicine for a new one.')).toBeVisible();
  await expect(patient.getByRole('link', { name: 'Call Riverside Family Medicine' })).toHaveAttribute(
    'href',
    'tel:+12175550110',
  );
  await expectAccessible(patient, 'body');
  await shoot(patient, 'revoked-room-375');
  await patient.reload();
  await expect(patient.getByRole('log', { name: 'Messages' })).toBeHidden();

  await priya
    .getByRole('button', { name: /Chat actions|More/ })
    .first()
    .click();
  await priya.getByRole('menuitem', { name: 'Send a new link…' }).click();
  await priya.getByRole('dialog').getByRole('button', { name: /Send/ }).click();
  const second = await textedLink(request, PATIENT_PHONE, first);
  await patient.goto(second);
  await expect(patient.getByRole('log', { name: 'Messages' })).toBeVisible({ timeout: 20_000 });
});

test('a chat room opened in a sixth window closes the first, which says so and offers to continue there', async ({
  browser,
  request,
}) => {
  const { link } = await startPatientChatByPhone(browser, request, '+12025550178');

  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const windows: Page[] = [];
  for (let i = 0; i < 6; i++) {
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible({ timeout: 20_000 });
    windows.push(page);
  }
  const oldest = windows[0];
  await expect(oldest.getByText('This chat was opened in another window')).toBeVisible();
  await expectAccessible(oldest, 'body');
  await shoot(oldest, 'replaced-room-375');
  await oldest.getByRole('button', { name: 'Use the chat here' }).click();
  await expect(oldest.getByRole('log', { name: 'Messages' })).toBeVisible();
});

test('too many wrong passwords hold back only this browser, saying how long to wait', async ({ page }) => {
  // An address nobody has: it is throttled exactly like a real one, and no demo account is held back.
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody-here@riverside.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  for (let i = 0; i < 6; i++) {
    await page.getByLabel('Password', { exact: true }).fill(`wrong-password-${i}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    if (i < 5) await expect(page.getByText(/not right|incorrect/i).first()).toBeVisible();
  }
  await expect(page.getByText(/Try again in \d+ minutes?/)).toBeVisible();
  await expectAccessible(page, 'body');
  await shoot(page, 'sign-in-throttled-1280');
});
