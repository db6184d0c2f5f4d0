import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'referwell-demo';

/** The newest six-digit code sent to `to`, read from the development outbox. */
export async function codeFor(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
      const [message] = (await res.json()) as { body: string }[];
      code = message?.body.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** The newest chat link texted to a phone, from the development outbox, once it differs from `not`. */
export async function textedLink(request: APIRequestContext, phone: string, not?: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(phone)}&limit=1`);
        const [message] = (await res.json()) as { body: string }[];
        link = message?.body.match(/https?:\/\/\S+/)?.[0];
        return link && link !== not ? link : undefined;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return link!;
}

export async function signInWithPassword(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Makes `name` the current practice (other flows may have switched the demo admin away from it). */
export async function workIn(page: Page, name: string) {
  const switcher = page.getByRole('combobox', { name: 'Current practice' });
  await expect(switcher).toBeVisible();
  if ((await switcher.inputValue()) === name) return;
  await switcher.click();
  await page.getByRole('option', { name }).click();
  await expect(switcher).toHaveValue(name);
}

/**
 * Priya, the demo provider, signs in and starts a chat with a patient by phone number; the patient
 * is texted a link. Gives her page, on the new chat, and that link.
 */
export async function startPatientChatByPhone(browser: Browser, request: APIRequestContext, phone: string) {
  const priya = await (await browser.newContext()).newPage();
  await signInWithPassword(priya, 'provider@riverside.test');
  // Signed in only once the app shows where she works; going on sooner lands on the sign-in page.
  await expect(priya.getByText('Current practice: Riverside Family Medicine')).toBeVisible();
  await priya.goto('/chats');
  await priya.getByRole('button', { name: 'New chat' }).click();
  const dialog = priya.getByRole('dialog', { name: 'New chat' });
  await dialog.getByText('A patient', { exact: true }).click();
  await dialog.getByText('By phone number', { exact: true }).click();
  await dialog.getByLabel('Patient’s phone number').fill(phone);
  await dialog.getByRole('button', { name: 'Start chat' }).click();
  await expect(priya).toHaveURL(/\/chats\/\d+$/);
  return { priya, link: await textedLink(request, phone) };
}

/**
 * Runs axe (WCAG 2.1 A and AA) on what `include` selects of the page and fails on serious and
 * critical findings, naming each rule and where it hit.
 */
export async function expectAccessible(page: Page, include: string) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page })
    .include(include)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual(
    [],
  );
}
