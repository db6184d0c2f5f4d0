import { expect, test } from '@playwright/test';
import { signInWithPassword, workIn } from './support';

/** A 1×1 PNG: real image bytes, so the server's magic-number check accepts it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin uploads a practice logo through the upload panel and sees it once scanned', async ({ page }) => {
  await signInWithPassword(page, 'admin@riverside.test');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await workIn(page, 'Riverside Family Medicine');
  await page.goto('/practice/settings');
  const logo = page.getByRole('img', { name: 'Riverside Family Medicine logo' });
  await expect(page.getByText('No logo')).toBeVisible();

  await page
    .getByLabel(/Drop a PNG, JPEG, GIF or WebP logo/)
    .setInputFiles({ name: 'riverside.png', mimeType: 'image/png', buffer: PNG });
  // Without a configured scanner, development marks files clean; the logo then takes its place.
  await expect(page.getByText(/Checking the new logo for viruses|The new logo is in place/)).toBeVisible();
  await expect(logo).toHaveAttribute('src', /\/api\/v1\/files\/public\//, { timeout: 20_000 });
  const served = await page.request.get((await logo.getAttribute('src'))!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
});
