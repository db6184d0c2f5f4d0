import { expect, test } from '@playwright/test';
import { codeFor, expectAccessible, signInWithPassword } from './support';

const WIDTH = 375;

test('a new person signs up on a phone, confirms the texted code, creates a practice in Springfield IL, lists her speciality and an insurance, and is matched to a referral from across town', async ({
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

  const current = await (await page.request.get('/api/v1/user/current')).json();
  const user: { id: number } = current.user;
  expect(current.currentPractice).toMatchObject({
    practice: { name: 'Prairie Bone & Joint', address: '800 E Monroe St, Springfield, IL 62701, USA' },
    roles: expect.arrayContaining(['ADMIN', 'PROVIDER']),
  });

  // Findable: in My settings she lists what she practises and an insurance she accepts there.
  await page.goto('/settings');
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
  await insurances.getByRole('combobox', { name: 'Add an insurance accepted at Prairie Bone & Joint' }).fill('Aetna');
  await page.getByRole('option').filter({ hasText: 'Payer ID 60054' }).click();
  await expect(page.getByText('Aetna is now accepted at Prairie Bone & Joint')).toBeVisible();
  await expect(insurances.getByRole('list', { name: 'Insurances accepted at Prairie Bone & Joint' })).toHaveText(
    'Aetna',
  );
  await expectAccessible(page, 'main');
  await fitsThePhone();

  const [orthopaedics] = await (await page.request.get(`/api/v1/user/${user.id}/specialities`)).json();
  const matrix: { insurances: { id: number; name: string }[] }[] = await (
    await page.request.get(`/api/v1/user/${user.id}/insurance/matrix`)
  ).json();
  const aetna = matrix[0].insurances[0];
  expect([orthopaedics.name, aetna.name]).toEqual(['Orthopaedic Surgery Physician', 'Aetna']);

  // Riverside, across town, asks who an orthopaedic referral for an Aetna patient would reach.
  const riverside = await (await browser.newContext()).newPage();
  await signInWithPassword(riverside, 'admin@riverside.test');
  // Signed in once home greets her: the header's practice name shows only while her two practices load.
  await expect(riverside.getByRole('heading', { level: 1, name: /Welcome, Alex Rivera/ })).toBeVisible();
  const theirs: { practice: { id: number; name: string } }[] = await (
    await riverside.request.get('/api/v1/user/current/practices')
  ).json();
  const from = theirs.find((membership) => membership.practice.name === 'Riverside Family Medicine')!.practice.id;
  const check = await riverside.request.get(
    `/api/v1/referrals/matchCheck?practice=${from}&speciality=${orthopaedics.id}&insurance=${aetna.id}`,
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
  await riverside.context().close();
  await context.close();
});
