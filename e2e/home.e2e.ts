import { expect, test } from '@playwright/test';
import { expectAccessible, signInWithPassword } from './support';

test("a provider's home lists what waits in the practice and follows a new submission live, at desk and phone width", async ({
  browser,
}) => {
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signInWithPassword(page, 'provider@riverside.test');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Priya Shah' })).toBeVisible();

    // The demo's offers from Lakeside, the one with a deadline first.
    const offers = page.getByRole('region', { name: /^Referrals waiting for your answer/ });
    const cards = offers.getByRole('listitem');
    await expect(cards.first()).toContainText('Grace Park');
    await expect(cards.first()).toContainText(/\d+ h \d+ min left|\d+ min left/);
    await expect(cards.nth(1)).toContainText('Daniel Kim');
    await expect(page.getByRole('region', { name: /^News on referrals you sent/ })).toContainText(
      'Accepted by Lakeside Orthopedics',
    );
    await expectAccessible(page, 'main');
    // Nothing may push the page sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // A patient sends Riverside's form: it is on the home page and in the bell without a reload.
    const patient = `Walker${width}`;
    const sent = await page.request.post('/api/v1/patient/form/riverside-intake', {
      data: { answers: { firstName: 'Ruth', lastName: patient, phone: '(217) 555-0147' } },
    });
    expect(sent.status()).toBe(201);
    const submissions = page.getByRole('region', { name: /^New form submissions/ });
    await expect(submissions.getByRole('link', { name: new RegExp(`Ruth ${patient}`) })).toBeVisible();
    await page.getByRole('button', { name: /^Notifications \(\d+ new\)/ }).click();
    await expect(
      page
        .getByRole('list', { name: 'Notifications' })
        .getByText(/new submissions through the form New patient intake/),
    ).toBeVisible();
    await context.close();
  }
});
