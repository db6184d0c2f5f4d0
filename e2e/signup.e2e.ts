import { expect, test } from '@playwright/test';
import { codeFor, expectAccessible, signInWithPassword } from './support';

const WIDTH = 375;

test('a new person signs up on a phone, confirms the texted code, creates a practice in Springfield IL, follows its first steps to list her speciality and an insurance, and accepts a specialty referral from across town', async ({
  browser,
  request,
}) => {
  // Three people, a dozen screens and two live updates: longer than one screen's test.
  test.setTimeout(150_000);
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

  // Its creator is its admin and works in it now: its home page, which lists the first steps.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nora Newton' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('What is waiting for you at Prairie Bone & Joint.')).toBeVisible();
  await expect(page.getByText('Current practice: Prairie Bone & Joint')).toBeAttached();
  const checklist = page.getByRole('region', { name: 'Make your practice findable' });
  await expect(checklist.getByText('0 of 7 done. This list goes away once they all are.')).toBeVisible();
  // The time zone came from the address, not the default New York.
  await expect(checklist.getByText(/Times are in America\/Chicago/)).toBeVisible();
  await expectAccessible(page, 'main');
  await fitsThePhone();

  const current = await (await page.request.get('/api/v1/user/current')).json();
  const user: { id: number } = current.user;
  expect(current.currentPractice).toMatchObject({
    practice: { name: 'Prairie Bone & Joint', address: '800 E Monroe St, Springfield, IL 62701, USA' },
    roles: expect.arrayContaining(['ADMIN', 'PROVIDER']),
  });

  // Findable: from the checklist to My settings, where she lists what she practises and an
  // insurance she accepts there (one Riverside's network partner does not take).
  await checklist.getByRole('link', { name: 'Add your specialities and accepted insurances' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const specialities = page.getByRole('region', { name: 'Specialities' });
  await expect(specialities.getByText(/None yet/)).toBeVisible();
  await specialities.getByRole('combobox', { name: 'Add a speciality' }).fill('Orthopaedic Surgery');
  await page.getByRole('option', { name: /^Orthopaedic Surgery Physician/ }).click();
  await expect(specialities.getByRole('list', { name: 'Chosen specialities' })).toHaveText(
    'Orthopaedic Surgery Physician',
  );
  await specialities.getByRole('button', { name: 'Save specialities' }).click();
  await expect(page.getByText('Your specialities are saved')).toBeVisible();

  const insurances = page.getByRole('region', { name: 'Insurances you accept' });
  await insurances.getByRole('combobox', { name: 'Add an insurance accepted at Prairie Bone & Joint' }).fill('Humana');
  await page.getByRole('option').filter({ hasText: 'Payer ID 61101' }).click();
  await expect(page.getByText('Humana is now accepted at Prairie Bone & Joint')).toBeVisible();
  await expect(insurances.getByRole('list', { name: 'Insurances accepted at Prairie Bone & Joint' })).toHaveText(
    'Humana',
  );
  await expectAccessible(page, 'main');
  await fitsThePhone();

  const [orthopaedics] = await (await page.request.get(`/api/v1/user/${user.id}/specialities`)).json();
  const matrix: { insurances: { id: number; name: string }[] }[] = await (
    await page.request.get(`/api/v1/user/${user.id}/insurance/matrix`)
  ).json();
  const humana = matrix[0].insurances[0];
  expect([orthopaedics.name, humana.name]).toEqual(['Orthopaedic Surgery Physician', 'Humana']);

  // Home counts the step done.
  await page.goto('/');
  await expect(checklist.getByText('1 of 7 done. This list goes away once they all are.')).toBeVisible();
  await expect(checklist.getByRole('link', { name: 'Add your specialities and accepted insurances' })).toHaveCount(0);

  // Riverside, across town, asks who an orthopaedic referral for a Humana patient would reach.
  const riverside = await (await browser.newContext()).newPage();
  await signInWithPassword(riverside, 'admin@riverside.test');
  // Signed in once home greets her: the header's practice name shows only while her two practices load.
  await expect(riverside.getByRole('heading', { level: 1, name: /Welcome, Alex Rivera/ })).toBeVisible();
  const theirs: { practice: { id: number; name: string } }[] = await (
    await riverside.request.get('/api/v1/user/current/practices')
  ).json();
  const from = theirs.find((membership) => membership.practice.name === 'Riverside Family Medicine')!.practice.id;
  const check = await riverside.request.get(
    `/api/v1/referrals/matchCheck?practice=${from}&speciality=${orthopaedics.id}&insurance=${humana.id}`,
  );
  expect(check.status()).toBe(200);
  const { tiers } = (await check.json()) as {
    tiers: { candidates: { practice: { name: string }; providers: { firstName: string }[] }[] }[];
  };
  expect(tiers.flatMap((tier) => tier.candidates)).toContainEqual(
    expect.objectContaining({
      practice: expect.objectContaining({ name: 'Prairie Bone & Joint' }),
      providers: [expect.objectContaining({ firstName: 'Nora' })],
    }),
  );
  // Riverside's provider sends John Carter, of Springfield, for an orthopaedic opinion under Humana.
  const sender = await (await browser.newContext()).newPage();
  await signInWithPassword(sender, 'provider@riverside.test');
  await expect(sender.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await sender.goto('/referrals/new');
  await expect(sender.getByRole('heading', { level: 1, name: 'New referral' })).toBeVisible();
  await sender.getByRole('combobox', { name: 'Find a patient' }).fill('John');
  await sender
    .getByRole('option', { name: /John Carter/ })
    .first()
    .click();
  await sender.getByRole('radio', { name: /Specialty/ }).check();
  await sender.getByRole('combobox', { name: 'Speciality' }).fill('Orthopaedic Surgery');
  await sender
    .getByRole('option', { name: /^Orthopaedic Surgery Physician/ })
    .first()
    .click();
  await sender.getByRole('combobox', { name: 'Insurance' }).fill('Humana');
  await sender
    .getByRole('option', { name: /^Humana/ })
    .first()
    .click();
  await expect(sender.getByText('Prairie Bone & Joint').first()).toBeVisible();
  await sender.getByRole('button', { name: 'Send referral' }).click();
  await expect(sender).toHaveURL(/\/referrals\/view\/\d+$/);

  // Prairie's home shows the offer without a reload; Nora opens it and accepts.
  const offers = page.getByRole('region', { name: /^Referrals waiting for your answer/ });
  const offer = offers.getByRole('link', { name: /John Carter/ });
  await expect(offer).toBeVisible({ timeout: 15_000 });
  await offer.click();
  await expect(page.getByRole('heading', { name: /John Carter/ })).toBeVisible();
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByRole('button', { name: 'Accept referral' }).click();
  await expect(page.getByText('Accepted', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'main');
  await fitsThePhone();

  // The sender sees who took it.
  await expect(sender.getByText('Accepted', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await expect(sender.getByText(/Prairie Bone & Joint/).first()).toBeVisible();
  await sender.context().close();
  await riverside.context().close();
  await context.close();
});
