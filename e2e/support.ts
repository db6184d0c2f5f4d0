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

/** The invite link in the newest message sent to `to`, read from the development outbox, as a path. */
export async function inviteLinkFor(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
      const [message] = (await res.json()) as { body: string }[];
      link = message?.body.match(/https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return new URL(link!).pathname;
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Best-practice rules about a whole page's structure: they count although axe rates them moderate. */
const PAGE_RULES = ['landmark-one-main', 'page-has-heading-one', 'region'];

/** What axe finds serious or critical (and, for a whole page, any breach of PAGE_RULES), one line per rule. */
async function axeFindings(page: Page, include?: string): Promise<string[]> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  let axe = new AxeBuilder({ page }).options({
    runOnly: { type: 'tag', values: WCAG_TAGS },
    // Only violations are read: axe then skips describing every element that passed.
    resultTypes: ['violations'],
    rules: include ? {} : Object.fromEntries(PAGE_RULES.map((id) => [id, { enabled: true }])),
  });
  if (include) axe = axe.include(include);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || PAGE_RULES.includes(v.id))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * Runs axe (WCAG 2.0 to 2.2, A and AA) on what `include` selects of the page and fails on serious
 * and critical findings, naming each rule and where it hit.
 */
export async function expectAccessible(page: Page, include: string) {
  expect(await axeFindings(page, include)).toEqual([]);
}

/**
 * Checks the whole page as it stands: axe with the page-structure rules, one h1, one main landmark,
 * and on a phone every text field at 16 px or more (smaller ones make iOS zoom in on focus).
 * Findings are soft, so one run lists every page's; each names `where` and the width.
 */
export async function expectAccessiblePage(page: Page, where: string) {
  const width = page.viewportSize()!.width;
  const at = `${where} at ${width}px`;
  // Axe reads colours as drawn: a dialog or menu still fading in would fail on its faded text.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  expect.soft(await axeFindings(page), `axe on ${at}`).toEqual([]);
  expect.soft(await page.getByRole('heading', { level: 1 }).count(), `h1 count on ${at}`).toBe(1);
  expect.soft(await page.getByRole('main').count(), `main landmarks on ${at}`).toBe(1);
  if (width < 576) expect.soft(await smallFields(page), `fields under 16px on ${at}`).toEqual([]);
}

/** The visible text fields whose text is under 16 px, named by their label or name. */
function smallFields(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const notText = ['checkbox', 'radio', 'hidden', 'file', 'range', 'color', 'submit', 'button', 'image', 'reset'];
    return Array.from(document.querySelectorAll<HTMLElement>('input, textarea, select, [contenteditable="true"]'))
      .filter((el) => !(el instanceof HTMLInputElement && notText.includes(el.type)))
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 16)
      .map((el) => {
        const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.id;
        return `${name} (${getComputedStyle(el).fontSize})`;
      });
  });
}
