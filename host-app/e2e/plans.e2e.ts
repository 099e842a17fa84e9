// Pro that can be had, and the promises around it: the 14-day trial (start, sign with the Pro tool,
// the server's clock passes its end, back to free with the documents kept), sign-in buttons only
// for configured providers, the Pro prompt's benefits, and toasts that cover no control.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ARTIFACTS,
  launchBrowser,
  openPage,
  registerUser,
  signInWithToken,
  startServer,
  toastCoversControl,
  uploadViaApi,
  type ClockedServer,
} from './harness';
import { madePdf } from './madePdfs';
import { dragOnPage, openFromLanding, pickTool, shapes, waitForPdf } from './editorHelpers';

const baseUrl = inject('baseUrl');
const DAY_MS = 24 * 3600_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Boxes of the visible toasts. */
function toastBoxes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-rht-toaster] [role="status"]')].map((element) => {
      const box = element.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, left: box.left, right: box.right, text: element.textContent ?? '' };
    }),
  );
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText('Welcome back!').waitFor();
}

describe('the 14-day Personal trial', () => {
  let server: ClockedServer;
  beforeAll(async () => {
    server = await startServer({ movableClock: true });
  });
  afterAll(async () => server?.stop());

  it('must start once, open the Pro signature tool, and end by the server clock with the documents kept', async () => {
    const user = await registerUser(server.url, 'Trial Tess');
    const documentId = await uploadViaApi(server.url, user, readFileSync(madePdf('tracemonkey.pdf')), 'contract.pdf');
    const { page, context, errors } = await openPage(browser, server.url, { allow: [/status of 401/] });
    await signInWithToken(page, user, '/pricing');

    const personal = page.getByRole('region', { name: /Personal/ });
    const free = page.getByRole('region', { name: /^Free/ });
    await free.getByRole('button', { name: 'Current plan' }).waitFor();
    expect(await free.getByRole('button', { name: 'Current plan' }).isDisabled()).toBe(true);
    await personal.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByText(/^Your 14-day Personal trial has started\. It ends on /).waitFor();
    const [toast] = await toastBoxes(page);
    const header = await page.locator('header.navbar').boundingBox();
    // Top right, below the header.
    expect(toast?.top).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect(toast?.right).toBeGreaterThan(1280 - 40);
    expect(await toastCoversControl(page)).toBe(false);
    await personal.getByRole('button', { name: 'Current plan' }).waitFor();
    await personal.getByText(/^Trial ends on /).waitFor();
    expect(await page.getByRole('button', { name: 'Start Free Trial' }).count()).toBe(0);
    // The pricing FAQ says purchasing is not connected.
    await page.getByText('Can I buy a paid plan now?').click();
    await page.getByText(/payments are not connected/).waitFor();

    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('stat-plan').textContent()).toBe('Personal (trial)');
    await page.getByTestId('stat-trial').getByText(/^Trial ends on /).waitFor();

    await page.goto(`/editor/${documentId}`);
    await waitForPdf(page, 14);
    await pickTool(page, 'signature');
    await dragOnPage(page, [120, 200], [121, 201]);
    const pad = page.getByRole('dialog', { name: 'Draw your signature' });
    await pad.waitFor();
    const canvas = await pad.getByLabel('Signature drawing area').boundingBox();
    if (!canvas) throw new Error('no signature canvas');
    await page.mouse.move(canvas.x + 40, canvas.y + 100);
    await page.mouse.down();
    await page.mouse.move(canvas.x + 200, canvas.y + 60, { steps: 6 });
    await page.mouse.move(canvas.x + 360, canvas.y + 130, { steps: 6 });
    await page.mouse.up();
    await pad.getByRole('button', { name: 'Use Signature' }).click();
    await expect.poll(() => shapes(page, 'signature').count()).toBe(1);
    await page.locator('.mg-toolbar').getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Document saved').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'trial-signature.png') });

    // Fifteen days later the trial is over (the session, 7 days long, has ended too).
    await server.advanceClock(15 * DAY_MS);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await signInWithForm(page, user.email, user.password);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByTestId('stat-plan').textContent()).toBe('Free');
    await page.getByTestId('stat-trial').getByText(/^Trial ended on /).waitFor();
    await expect.poll(() => page.getByTestId('stat-total').textContent()).toBe('1');

    await page.goto('/pricing');
    await free.getByRole('button', { name: 'Current plan' }).waitFor();
    expect(await page.getByRole('button', { name: 'Start Free Trial' }).count()).toBe(0);
    expect(await personal.getByRole('button', { name: 'Not available yet' }).isDisabled()).toBe(true);

    // The document and its signature are intact; the Pro tool is refused again.
    await page.goto(`/editor/${documentId}`);
    await waitForPdf(page, 14);
    await expect.poll(() => shapes(page, 'signature').count()).toBe(1);
    await pickTool(page, 'signature');
    await page.getByText('Upgrade to Pro to use this feature').waitFor();
    await pickTool(page, 'signature');
    expect(await page.getByText('Upgrade to Pro to use this feature').count()).toBe(1);
    expect(await page.locator('.mg-toolbar [data-tool="signature"]').getAttribute('aria-pressed')).not.toBe('true');
    await dragOnPage(page, [120, 300], [121, 301]);
    expect(await page.getByRole('dialog', { name: 'Draw your signature' }).count()).toBe(0);

    // A plan written into the browser's storage is not the server's: the gate still refuses.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('auth-storage') ?? '{}') as { state: { user: { plan: string } } };
      stored.state.user.plan = 'team';
      localStorage.setItem('auth-storage', JSON.stringify(stored));
    });
    await page.reload();
    await waitForPdf(page, 14);
    await pickTool(page, 'signature');
    await page.getByText('Upgrade to Pro to use this feature').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must refuse a second trial through the API with a clear message', async () => {
    const user = await registerUser(server.url, 'Twice Tom');
    const start = () => fetch(`${server.url}/api/account/trial`, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` } });
    expect((await start()).status).toBe(201);
    const again = await start();
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'This account has already used its free trial.' });
  });
});

describe('sign-in buttons, the Pro prompt and toasts (no sign-in provider configured)', () => {
  it('must show no Google or Microsoft button anywhere, and keep the guest in the editor', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    const providers = (await (await fetch(`${baseUrl}/api/auth/providers`)).json()) as { providers: string[] };
    expect(providers).toEqual({ providers: [] });
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('link', { name: /Google|Microsoft/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Google|Microsoft/ }).count()).toBe(0);
      expect(await page.getByText('or continue with').count()).toBe(0);
    }

    await openFromLanding(page, madePdf('tracemonkey.pdf'));
    await waitForPdf(page, 14);
    await page.locator('.mg-toolbar').getByRole('button', { name: 'Download PDF' }).click();
    const prompt = page.getByRole('dialog', { name: 'Download without a watermark' });
    await prompt.waitFor();
    expect(await prompt.getByRole('button', { name: /Google|Microsoft/ }).count()).toBe(0);
    await prompt.getByRole('button', { name: 'Close' }).click();
    expect(new URL(page.url()).pathname).toBe('/editor');

    // The Pro prompt lists what Pro gives, not what a free account gives.
    await pickTool(page, 'signature');
    const pro = page.getByRole('dialog', { name: 'This is a Pro feature' });
    const benefits = await pro.getByRole('list', { name: 'Pro benefits' }).getByRole('listitem').allTextContents();
    expect(benefits).toContain('Signature and Comment tools');
    for (const freeAccountBenefit of ['Cloud save and folders', 'Access from any device', 'Downloads without watermark']) {
      expect(benefits).not.toContain(freeAccountBenefit);
    }
    await pro.getByRole('button', { name: 'Maybe later' }).click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must keep the colour chosen for a tool with that tool: a highlight stays yellow after a red rectangle', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await openFromLanding(page, madePdf('tracemonkey.pdf'));
    await waitForPdf(page, 14);
    const panel = page.locator('.mg-properties');
    await pickTool(page, 'rectangle');
    await panel.getByRole('button', { name: '#FF0000', exact: true }).click();
    await dragOnPage(page, [80, 120], [260, 240]);
    await expect.poll(() => shapes(page, 'rectangle').count()).toBe(1);
    expect(await shapes(page, 'rectangle').getAttribute('stroke')).toBe('#FF0000');

    await pickTool(page, 'highlight');
    expect(await panel.getByRole('button', { name: '#FF0000', exact: true }).getAttribute('aria-pressed')).toBe('false');
    await dragOnPage(page, [80, 300], [300, 320]);
    await expect.poll(() => shapes(page, 'highlight').count()).toBe(1);
    expect((await shapes(page, 'highlight').getAttribute('fill'))?.toUpperCase()).toBe('#FFFF00');

    // And back: the rectangle tool still draws red.
    await pickTool(page, 'rectangle');
    expect(await panel.getByRole('button', { name: '#FF0000', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must show one toast per event at the top right of the pages, below the toolbar, over no control', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await openFromLanding(page, madePdf('tracemonkey.pdf'));
    await waitForPdf(page, 14);
    await pickTool(page, 'rectangle');
    await pickTool(page, 'circle');
    await pickTool(page, 'highlight');
    await page.getByText('Highlight tool selected').waitFor();
    // At once, while it appears, and after: a toast never passes over a control on its way in.
    expect(await toastCoversControl(page)).toBe(false);
    const toasts = await toastBoxes(page);
    // Earlier tool announcements are replaced, not stacked.
    expect(toasts.filter((toast) => toast.text.endsWith('tool selected')).map((toast) => toast.text)).toEqual(['Highlight tool selected']);
    const toolbar = await page.locator('.mg-toolbar').boundingBox();
    const pages = await page.getByRole('region', { name: 'PDF pages' }).boundingBox();
    const toast = toasts.find((item) => item.text === 'Highlight tool selected');
    if (!toast || !toolbar || !pages) throw new Error('missing toast, toolbar or pages');
    expect(toast.top).toBeGreaterThanOrEqual(toolbar.y + toolbar.height);
    expect(toast.right).toBeLessThanOrEqual(pages.x + pages.width);
    expect(toast.right).toBeGreaterThan(pages.x + pages.width - 60);
    await page.screenshot({ path: join(ARTIFACTS, 'toast-position.png') });
    expect(await toastCoversControl(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
