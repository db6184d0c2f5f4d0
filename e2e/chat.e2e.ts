import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser } from '@playwright/test';
import { startPatientChatByPhone } from './support';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PATIENT_PHONE = '+12025550144';

declare global {
  interface Window {
    embedHeights: { type: string; height: number; embedUID: string | null }[];
  }
}

/**
 * A clinic's own page (another origin, served by the test on loopback: Chromium keeps pages that
 * are not on the local network from framing local ones) with the room in a 600 px frame; it keeps
 * every height the room posts.
 */
async function hostPageEmbedding(browser: Browser, link: string) {
  const src = `${link}&embedUID=clinic-contact&light`;
  const site = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html><body><h1>Contact us</h1>
      <script>window.embedHeights = []; addEventListener('message', (e) => { if (e.data && e.data.type === 'florie-embed-height') embedHeights.push(e.data); });</script>
      <iframe id="chat" title="Chat with the practice" src="${src.replace(/&/g, '&amp;')}" style="width:380px;height:600px;border:0"></iframe></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const page = await (await browser.newContext()).newPage();
  await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/contact`);
  return { page, room: page.frameLocator('#chat'), close: () => site.close() };
}

test('a provider and a patient on an embedded chat room exchange messages and a file, see typing and read ticks, and the embed posts its height', async ({
  browser,
  request,
}) => {
  // Priya starts a chat with a patient by phone; the patient is texted a link.
  const { priya, link } = await startPatientChatByPhone(browser, request, PATIENT_PHONE);
  const priyaMessages = priya.getByRole('log', { name: 'Messages' });
  await expect(priyaMessages).toBeVisible();

  const { page: host, room, close } = await hostPageEmbedding(browser, link);
  const patientMessages = room.getByRole('log', { name: 'Messages' });
  await expect(patientMessages).toBeVisible({ timeout: 20_000 });
  // The patient sees whose chat this is, and it opens on the practice's welcome.
  await expect(room.getByRole('heading', { level: 1, name: 'Riverside Family Medicine' })).toBeVisible();
  await expect(patientMessages.getByTestId('message').first()).toContainText('Riverside Family Medicine');
  // The room told the host page its content's height when it loaded: not the frame's 600 px.
  const heights = () => host.evaluate(() => window.embedHeights);
  await expect.poll(async () => (await heights()).length).toBeGreaterThan(0);
  expect((await heights())[0]).toEqual({
    type: 'florie-embed-height',
    height: expect.any(Number),
    embedUID: 'clinic-contact',
  });
  expect((await heights())[0].height).toBeLessThan(600);
  const openedHeight = (await heights()).at(-1)!.height;

  // The patient types: Priya sees it; Shift+Enter sends; Priya reads it and the patient sees the tick.
  const patientInput = room.getByRole('textbox', { name: 'Message' });
  await patientInput.pressSequentially('Hello doctor, my knee still hurts');
  await expect(priya.getByText(/is typing\.\.\./)).toBeVisible();
  await patientInput.press('Shift+Enter');
  await expect(priyaMessages.getByText('Hello doctor, my knee still hurts')).toBeVisible();
  // ...and tells it again as the conversation grows.
  await expect.poll(async () => (await heights()).at(-1)!.height).toBeGreaterThan(openedHeight);
  await expect(priya.getByText(/is typing\.\.\./)).toHaveCount(0);
  await expect(patientMessages.getByRole('button', { name: /^Message details, .+, read$/ })).toBeVisible({
    timeout: 15_000,
  });

  // Priya answers with a file and a message.
  await priya.getByRole('button', { name: 'Attach a file' }).click();
  await priya
    .locator('.rw-chat__upload input[type=file]')
    .setInputFiles({ name: 'knee-exercises.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(priyaMessages.getByRole('listitem', { name: 'knee-exercises.pdf' })).toBeVisible({ timeout: 20_000 });
  const priyaInput = priya.getByRole('textbox', { name: 'Message' });
  await priyaInput.fill('Here are some exercises to start with.');
  await priyaInput.press('Shift+Enter');

  await expect(patientMessages.getByText('Here are some exercises to start with.')).toBeVisible();
  // Once scanned (clean in development) the patient can open the file.
  await expect(patientMessages.getByRole('button', { name: 'Open knee-exercises.pdf' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(priyaMessages.getByRole('button', { name: /^Message details, .+, read$/ }).last()).toBeVisible({
    timeout: 15_000,
  });

  close();
});
