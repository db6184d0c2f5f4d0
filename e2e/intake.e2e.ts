import { expect, test } from '@playwright/test';
import { signInWithPassword, workIn } from './support';

const PRACTICE = 'Riverside Family Medicine';

test('an admin puts up an intake form; a patient on a phone sends it after fixing their number; the admin accepts it and chats with them', async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  await signInWithPassword(admin, 'admin@riverside.test');
  await workIn(admin, PRACTICE);

  // The admin creates a form: its address is checked while typed.
  // The navigation's link (home lists submissions whose form names may say 'intake' too).
  await admin.getByRole('link', { name: /^Intake/ }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Intake' })).toBeVisible();
  await admin.getByRole('button', { name: 'New intake form' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New intake form' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Walk-in form');
  const address = dialog.getByRole('textbox', { name: 'Address' });
  await address.fill('riverside-intake');
  await expect(dialog.getByText('This address is taken')).toBeVisible();
  await address.fill('walk-in');
  await expect(dialog.getByText(/This address is free/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Create form' }).click();
  await expect(dialog).toBeHidden();
  const forms = admin.getByRole('list', { name: 'Intake forms' });
  await expect(forms.getByRole('link', { name: 'Walk-in form', exact: true })).toBeVisible();
  await expect(forms.getByText(/\/form\/walk-in$/)).toBeVisible();

  // A patient, signed in nowhere, opens the form on a phone-sized screen.
  const patient = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await patient.goto('/form/walk-in');
  await expect(patient.getByRole('heading', { level: 1, name: 'Walk-in form' })).toBeVisible();
  await expect(patient.getByText(PRACTICE, { exact: true })).toBeVisible();
  expect(await patient.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await patient.getByRole('textbox', { name: 'First name' }).fill('Dana');
  await patient.getByRole('textbox', { name: 'Last name' }).fill('Whitfield');
  const phone = patient.getByRole('textbox', { name: 'Mobile phone number' });
  await phone.fill('555-01');
  await patient.getByText('Female', { exact: true }).click();
  await expect(patient.getByRole('radio', { name: 'Female' })).toBeChecked();
  await patient.getByRole('textbox', { name: 'Anything else we should know?' }).fill('Sprained ankle on Saturday.');
  await patient.getByRole('button', { name: 'Send' }).click();
  await expect(patient.getByText('Enter a valid phone number')).toBeVisible();
  await expect(phone).toBeFocused();

  await phone.fill('(217) 555-0199');
  await patient.getByRole('button', { name: 'Send' }).click();
  await expect(patient.getByText(`Thank you. ${PRACTICE} has your details and will be in touch.`)).toBeVisible();

  // The admin sees it arrive as new, opens and accepts it.
  // The events socket brings the news: no reload.
  await expect(forms.getByRole('listitem').filter({ hasText: 'Walk-in form' }).getByText('1 new')).toBeVisible({
    timeout: 15_000,
  });
  await forms.getByRole('link', { name: 'Walk-in form', exact: true }).click();
  const arrived = admin.getByRole('list', { name: 'New submissions' }).getByRole('link', { name: /Dana Whitfield/ });
  await expect(arrived.getByText('New', { exact: true })).toBeVisible();
  await arrived.click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Dana Whitfield' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Answers' }).getByText('Sprained ankle on Saturday.')).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Contact' }).getByText('(217) 555-0199')).toBeVisible();

  await admin.getByRole('button', { name: 'Accept' }).click();
  await expect(admin.getByText('Accepted. Dana Whitfield is in your patients.')).toBeVisible();
  await expect(admin.getByText('Accepted', { exact: true }).first()).toBeVisible();

  // ...and starts a chat with the patient, landing in it.
  await admin.getByRole('button', { name: 'Start chat' }).click();
  await expect(admin).toHaveURL(/\/chats\/\d+$/);
  await expect(admin.getByRole('log', { name: 'Messages' })).toBeVisible({ timeout: 20_000 });
});
