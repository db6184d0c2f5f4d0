import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInWithPassword } from './support';

/** A 1×1 PNG and a one-page PDF: real bytes, so the server's magic-number check accepts them. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A signed-in page of one demo provider (each works in one practice). */
async function signedInPage(browser: Browser, email: string, practice: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await expect(page.getByText(`Current practice: ${practice}`)).toBeVisible();
  return page;
}

/** Picks the first option a search-as-you-type field offers for `text`. */
async function choose(page: Page, label: string, text: string, option: RegExp) {
  await page.getByRole('combobox', { name: label }).fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

test('a Riverside provider sends a specialty referral with files; Lakeside sees it arrive live, accepts it, and both discuss it', async ({
  browser,
}) => {
  const lakeside = await signedInPage(browser, 'provider@lakeside.test', 'Lakeside Orthopedics');
  await lakeside.goto('/referrals');
  await expect(lakeside.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
  await expect(lakeside.getByText('Maria Lopez')).toHaveCount(0);

  const riverside = await signedInPage(browser, 'provider@riverside.test', 'Riverside Family Medicine');
  await riverside.goto('/referrals/new');
  await choose(riverside, 'Find a patient', 'Maria', /Maria Lopez/);
  await riverside.getByRole('radio', { name: /Specialty/ }).check();
  await choose(riverside, 'Speciality', 'Orthopaedic Surgery', /^Orthopaedic Surgery Physician/);
  await riverside.getByRole('textbox', { name: 'Notes' }).fill('Right knee pain for three months; please assess.');

  // The live match preview shows the network tier with Lakeside before anything is sent.
  await expect(
    riverside.getByRole('region', { name: /Trusted specialists/ }).getByText('Lakeside Orthopedics'),
  ).toBeVisible();

  // Attachments through the upload panel, one file at a time; each is scanned (clean in development).
  const attach = () => riverside.getByLabel(/Attach a file to the referral/);
  await attach().setInputFiles({ name: 'knee.png', mimeType: 'image/png', buffer: PNG });
  const attachments = riverside.getByRole('list', { name: 'Attachments' });
  await expect(attachments.getByText('knee.png')).toBeVisible({ timeout: 20_000 });
  await attach().setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(attachments.getByText('letter.pdf')).toBeVisible({ timeout: 20_000 });

  await riverside.getByRole('button', { name: 'Send referral' }).click();
  await expect(riverside).toHaveURL(/\/referrals\/view\/\d+$/);
  await expect(riverside.getByText('Offered', { exact: true }).first()).toBeVisible();

  // Lakeside's inbox shows it without a reload, through the events socket.
  const arrived = lakeside.getByRole('link', { name: /Maria Lopez/ });
  await expect(arrived).toBeVisible({ timeout: 15_000 });
  await arrived.click();
  await expect(lakeside.getByRole('heading', { name: /Maria Lopez/ })).toBeVisible();

  // Both files are there; the image opens in the gallery (the PDF opens in the browser's viewer).
  const files = lakeside.getByRole('list', { name: /Attachments/ });
  await expect(files.getByText('letter.pdf')).toBeVisible({ timeout: 20_000 });
  await files.getByRole('button', { name: 'View knee.png' }).click();
  const gallery = lakeside.getByRole('dialog');
  await expect(gallery.getByRole('button', { name: 'Close gallery' })).toBeVisible();
  const shown = gallery.getByRole('img', { name: 'knee.png' });
  await expect(shown).toBeVisible();
  expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await lakeside.keyboard.press('Escape');
  await expect(lakeside.getByRole('button', { name: 'Close gallery' })).toHaveCount(0);

  await lakeside.getByRole('button', { name: 'Accept', exact: true }).click();
  await lakeside.getByRole('button', { name: 'Accept referral' }).click();
  await expect(lakeside.getByText('Accepted', { exact: true }).first()).toBeVisible();

  await lakeside.getByRole('textbox', { name: 'Comment' }).fill('We can see Maria next Tuesday morning.');
  await lakeside.getByRole('button', { name: 'Send comment' }).click();
  await expect(lakeside.getByText('We can see Maria next Tuesday morning.')).toBeVisible();

  // The sender sees the acceptance and the comment arrive, and answers in the same thread.
  await expect(riverside.getByText('Accepted', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await expect(riverside.getByText('We can see Maria next Tuesday morning.')).toBeVisible({ timeout: 15_000 });
  await riverside.getByRole('textbox', { name: 'Comment' }).fill('Thank you, she will be there.');
  await riverside.getByRole('button', { name: 'Send comment' }).click();
  await expect(lakeside.getByText('Thank you, she will be there.')).toBeVisible({ timeout: 15_000 });
});
