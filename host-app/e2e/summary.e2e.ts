// The document summary as a signed-in user meets it in the editor: on the free plan the Summary
// button brings the Pro prompt and no panel; with the trial running it opens a panel of key
// sentences, each with "Page N", that goes to its page. This server has no language model
// configured, so the app falls back on the offline summary (the server's 501). On a phone the
// panel comes from the "More actions" menu and lies over the page, within the screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, hasSharedPdfs, launchBrowser, openPage, registerUser, sharedPdf, signInWithToken, uploadViaApi, type TestUser } from './harness';
import { prosePdf } from './madePdfs';
import { waitForPdf } from './editorHelpers';

const baseUrl = inject('baseUrl');

/** Without ../shared/pdfs, six pages of prose on as many subjects stand in for tracemonkey.pdf. */
const PROSE = [
  ['Honey bees pollinate most of the fruit trees that farms grow.', 'Without bees many orchards would give far smaller harvests.', 'Farmers rent hives of bees each spring to pollinate their orchards.'],
  ['The city library opened a new reading room last winter.', 'Readers borrow more books from the library than ever before.', 'The library now stays open late on weekdays.'],
  ['Glaciers in the northern mountains are melting quickly.', 'Meltwater from the glaciers feeds the rivers of the valley.', 'Scientists measure the glaciers every summer.'],
  ['The railway line between the two ports reopened in May.', 'Freight trains on the railway carry grain to the ports.', 'Passengers on the railway save an hour each way.'],
  ['A new vaccine protects children against the winter fever.', 'Doctors gave the vaccine to thousands of children this year.', 'Cases of the fever fell by half after the vaccine arrived.'],
  ['The old bridge over the river needs repairs.', 'Engineers found cracks in the bridge during an inspection.', 'Traffic on the bridge is limited until the repairs are done.'],
];
const summaryDocument = () =>
  hasSharedPdfs ? { bytes: readFileSync(sharedPdf('tracemonkey.pdf')), pages: 14 } : { bytes: prosePdf(PROSE), pages: PROSE.length };
let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await registerUser(baseUrl, 'Summary Sam');
});
afterAll(async () => browser?.close());

describe('the document summary', () => {
  it('must prompt a free account to upgrade, then list key sentences that go to their pages during a trial', async () => {
    const { bytes, pages } = summaryDocument();
    const id = await uploadViaApi(baseUrl, user, bytes, 'tracemonkey.pdf');
    // The server's 501 (no model configured) is the answer expected here; the browser logs it.
    const { page, errors } = await openPage(browser, baseUrl, { allow: [/status of 501/] });
    await signInWithToken(page, user, `/editor/${id}`);
    await waitForPdf(page, pages);

    const summaryButton = page.locator('.mg-toolbar').getByRole('button', { name: 'Summary' });
    await summaryButton.click();
    await page.getByText('Upgrade to Pro to use this feature').waitFor();
    expect(await page.getByRole('region', { name: 'Summary' }).count()).toBe(0);

    const trial = await fetch(`${baseUrl}/api/account/trial`, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` } });
    expect(trial.status).toBe(201);
    await page.reload();
    await waitForPdf(page, pages);
    await summaryButton.click();
    const panel = page.getByRole('region', { name: 'Summary' });
    await panel.getByText('Key sentences from the document').waitFor({ timeout: 60_000 });
    const sentences = panel.getByRole('listitem');
    expect(await sentences.count()).toBe(5);
    await page.screenshot({ path: join(ARTIFACTS, 'summary-panel.png') });

    // The last sentence's page, from its "Page N": its button goes there.
    const last = sentences.last().getByRole('button');
    const pageNumber = Number((await last.locator('.mg-summary-page').textContent())?.replace('Page ', ''));
    expect(pageNumber).toBeGreaterThan(1);
    await last.click();
    await page.getByText(`Page ${pageNumber} of ${pages}`, { exact: true }).waitFor();

    await panel.getByRole('button', { name: 'Close summary' }).click();
    expect(await panel.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('must open from "More actions" on a phone and fit the screen', async () => {
    const phoneUser = await registerUser(baseUrl, 'Phone Pat');
    expect((await fetch(`${baseUrl}/api/account/trial`, { method: 'POST', headers: { Authorization: `Bearer ${phoneUser.token}` } })).status).toBe(201);
    const { bytes, pages } = summaryDocument();
    const id = await uploadViaApi(baseUrl, phoneUser, bytes, 'tracemonkey.pdf');
    const viewport = { width: 375, height: 812 };
    const { page, errors } = await openPage(browser, baseUrl, { viewport, touch: true, allow: [/status of 501/] });
    await signInWithToken(page, phoneUser, `/editor/${id}`);
    await waitForPdf(page, pages);
    await page.getByRole('button', { name: 'More actions' }).tap();
    await page.locator('.mg-toolbar').getByRole('button', { name: 'Summary' }).tap();
    const panel = page.getByRole('region', { name: 'Summary' });
    await panel.getByRole('listitem').first().waitFor({ timeout: 60_000 });
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    await page.screenshot({ path: join(ARTIFACTS, 'summary-panel-phone.png') });
    await panel.getByRole('button', { name: 'Close summary' }).tap();
    expect(await panel.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
