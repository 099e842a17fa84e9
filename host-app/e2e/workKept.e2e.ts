// Issue 11, signed in: no work is lost. The exit guard and local drafts, a session that expires on
// Save, page edits saved with the PDF, the version history, the read-only share view, the documents
// list's annotated download, and the dashboard's figures.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeAnnotation } from '@marginalia/pdf-editor/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, pdftotext, registerUser, signInWithToken, tempDir, uploadViaApi, type TestUser } from './harness';
import { madePdf } from './madePdfs';
import { databases, journeyServer } from './databases';
import { dragOnPage, pickTool, shapes, waitForPdf } from './editorHelpers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const sizes = () => new Uint8Array(readFileSync(madePdf('sizes.pdf')));

async function api<T>(baseUrl: string, user: TestUser, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${user.token}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function storedTypes(baseUrl: string, user: TestUser, id: string): Promise<string[]> {
  const body = await api<{ annotations: { type: string }[] }>(baseUrl, user, `/api/documents/${id}/annotations`);
  return body.annotations.map((a) => a.type).sort();
}

async function putNote(baseUrl: string, user: TestUser, id: string, content: string): Promise<void> {
  const note = normalizeAnnotation({ type: 'text', page: 1, position: { x: 72, y: 72 }, content, fontSize: 18 });
  await api(baseUrl, user, `/api/documents/${id}/annotations`, { method: 'PUT', body: JSON.stringify({ annotations: [note], version: 0 }) });
}

function pdfPages(path: string): number {
  const info = spawnSync('pdfinfo', [path], { encoding: 'utf8' });
  const match = /^Pages:\s+(\d+)/m.exec(info.stdout);
  if (!match) throw new Error(`pdfinfo failed: ${info.stderr}`);
  return Number(match[1]);
}

/** Pages of the stored PDF as pdfinfo reads them. */
async function storedPages(baseUrl: string, user: TestUser, id: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/documents/${id}/download`, { headers: { Authorization: `Bearer ${user.token}` } });
  const path = join(tempDir(), 'stored.pdf');
  writeFileSync(path, new Uint8Array(await response.arrayBuffer()));
  return pdfPages(path);
}

/** The editor's Download PDF, saved; its path. */
async function downloadFromEditor(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), toolbarButton(page, 'Download PDF').click()]);
  const path = join(tempDir(), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

function toolbarButton(page: Page, name: string) {
  return page.locator('.mg-toolbar').getByRole('button', { name, exact: true });
}

describe('leaving a document with unsaved changes', () => {
  it('must hold in-app navigation for Save / Discard / Cancel, warn on reload, and offer the local draft back', async () => {
    const user = await registerUser(baseUrl, 'Guarded Greta');
    const id = await uploadViaApi(baseUrl, user, sizes(), 'guarded.pdf');
    const { page, context, errors } = await openPage(browser, baseUrl);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => dialogs.push(dialog.type()));
    await signInWithToken(page, user, '/documents');
    await page.getByRole('link', { name: 'Edit guarded.pdf' }).click();
    await waitForPdf(page, 3);
    await pickTool(page, 'rectangle');
    await dragOnPage(page, [60, 60], [200, 160]);
    await page.getByText('Unsaved changes').waitFor();

    // A navbar link: Cancel keeps the user on the document with the edit.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe(`/editor/${id}`);
    expect(await shapes(page, 'rectangle').count()).toBe(1);

    // ← Back: Save stores the edit, then the navigation goes on.
    await page.getByRole('button', { name: 'Back' }).click();
    await leave.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/documents');
    expect(await storedTypes(baseUrl, user, id)).toEqual(['rectangle']);

    // The logo: Discard throws the edit away, draft included.
    await page.getByRole('link', { name: 'Edit guarded.pdf' }).click();
    await waitForPdf(page, 3);
    await expect.poll(() => shapes(page, 'rectangle').count()).toBe(1);
    await pickTool(page, 'circle');
    await dragOnPage(page, [250, 250], [330, 330]);
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('link', { name: 'Marginalia home' }).click();
    await leave.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(await storedTypes(baseUrl, user, id)).toEqual(['rectangle']);
    await page.goto(`/editor/${id}`);
    await waitForPdf(page, 3);
    expect(await page.getByText(/^Restore unsaved changes from/).count()).toBe(0);

    // A reload with unsaved changes gets the browser's leave warning; the draft is offered back.
    await pickTool(page, 'circle');
    await dragOnPage(page, [250, 250], [330, 330]);
    await page.getByText('Unsaved changes').waitFor();
    await page.waitForTimeout(600); // the draft is written 300 ms after the last change
    await page.reload();
    expect(dialogs).toContain('beforeunload');
    await page.getByText(/^Restore unsaved changes from .+\?$/).waitFor();
    await page.getByRole('button', { name: 'Restore' }).click();
    await waitForPdf(page, 3);
    await expect.poll(() => shapes(page).count()).toBe(2);
    await page.getByText('Unsaved changes').waitFor();
    expect(await storedTypes(baseUrl, user, id)).toEqual(['rectangle']);
    await toolbarButton(page, 'Save').click();
    await page.getByText('Document saved').first().waitFor();
    expect(await storedTypes(baseUrl, user, id)).toEqual(['circle', 'rectangle']);
    // Saved: the draft is gone, and leaving is not held.
    await page.reload();
    await waitForPdf(page, 3);
    expect(await page.getByText(/^Restore unsaved changes from/).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
    await page.waitForURL('**/documents');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('two tabs on one document', () => {
  it('must keep the losing tab\'s draft out of the winning tab, before and after the conflict is resolved', async () => {
    const user = await registerUser(baseUrl, 'Tabbed Tove');
    const id = await uploadViaApi(baseUrl, user, sizes(), 'two-tabs.pdf');
    // The losing save's 409 is the point; the browser logs it as a failed load.
    const { page: winner, context, errors } = await openPage(browser, baseUrl, { allow: [/status of 409/] });
    await signInWithToken(winner, user, `/editor/${id}`);
    await waitForPdf(winner, 3);
    const loser = await context.newPage();
    loser.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await loser.goto(`/editor/${id}`);
    await waitForPdf(loser, 3);

    await pickTool(winner, 'rectangle');
    await dragOnPage(winner, [60, 60], [200, 160]);
    await pickTool(loser, 'circle');
    await dragOnPage(loser, [250, 250], [330, 330]);
    await toolbarButton(winner, 'Save').click();
    await winner.getByText('Document saved').first().waitFor();
    await toolbarButton(loser, 'Save').click();
    await loser.getByText('This document was changed in another tab or window.').waitFor();

    // The winner reopens the document: the saved version, and no offer of the other tab's edits.
    const restoreQuestion = (page: Page) => page.getByText(/^Restore unsaved changes from/);
    const opened = async (page: Page) => {
      await page.reload();
      await restoreQuestion(page).or(page.getByText('Page 1 of 3', { exact: true })).first().waitFor({ timeout: 30_000 });
      return restoreQuestion(page).count();
    };
    expect(await opened(winner)).toBe(0);
    await waitForPdf(winner, 3);
    await expect.poll(() => shapes(winner).count()).toBe(1);
    expect(await shapes(winner, 'rectangle').count()).toBe(1);
    // The losing tab still holds its own edit, unsaved, until its user decides.
    expect(await shapes(loser, 'circle').count()).toBe(1);

    await loser.getByRole('button', { name: 'Load saved version' }).click();
    await waitForPdf(loser, 3);
    await expect.poll(() => shapes(loser, 'rectangle').count()).toBe(1);
    expect(await shapes(loser, 'circle').count()).toBe(0);
    expect(await opened(winner)).toBe(0);
    await waitForPdf(winner, 3);
    expect(await storedTypes(baseUrl, user, id)).toEqual(['rectangle']);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('daily limits', () => {
  it('must let a free user past the day\'s uploads open and edit a PDF in the browser, without cloud save', async () => {
    const user = await registerUser(baseUrl, 'Limited Lena');
    for (const name of ['one.pdf', 'two.pdf', 'three.pdf']) await uploadViaApi(baseUrl, user, sizes(), name);
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signInWithToken(page, user, '/documents');
    await page.getByRole('button', { name: 'Upload PDF' }).click();
    await page.getByText("You've reached your daily limit of 3 PDF uploads. Upgrade to Pro for unlimited uploads.", { exact: false }).waitFor();
    await page.getByTestId('upload-file-input').setInputFiles(madePdf('habibi-rotated.pdf'));
    await page.waitForURL('**/editor');
    await waitForPdf(page, 4);
    await page.getByText("You've reached your daily limit of 3 PDF uploads. Upgrade to Pro for unlimited uploads.", { exact: false }).waitFor();
    await pickTool(page, 'rectangle');
    await dragOnPage(page, [60, 60], [200, 160]);
    await expect.poll(() => shapes(page, 'rectangle').count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0);
    // Leaving would lose the edit: the guard says so, and offers no Save.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
    await leave.getByText('They are not saved anywhere.', { exact: false }).waitFor();
    expect(await leave.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await leave.getByRole('button', { name: 'Cancel' }).click();
    const path = await downloadFromEditor(page);
    expect(pdfPages(path)).toBe(4);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
    await leave.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL('**/documents');
    const list = await api<{ pagination: { total: number } }>(baseUrl, user, '/api/documents');
    expect(list.pagination.total).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the dashboard', () => {
  it('must greet a new account as new, and count every document whatever the search', async () => {
    const user = await registerUser(baseUrl, 'Counting Cora');
    await uploadViaApi(baseUrl, user, sizes(), 'alpha.pdf');
    await uploadViaApi(baseUrl, user, sizes(), 'beta.pdf');
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signInWithToken(page, user, '/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Marginalia, Counting Cora!' }).waitFor();
    await expect.poll(() => page.getByTestId('stat-total').textContent()).toBe('2');
    await page.getByLabel('Search documents').fill('alpha');
    await expect.poll(() => page.getByTestId('document-item').count()).toBe(1);
    expect(await page.getByTestId('stat-total').textContent()).toBe('2');
    expect(errors).toEqual([]);
    await context.close();
  });
});

// Every journey that stores something on the server, on each database the server runs on.
describe.each(databases)('on %s', (database) => {
  const server = journeyServer(database);

  describe('an expired session', () => {
    it('must show a conflict, and lose nothing, when the document changed while the session was expired', async () => {
      const user = await registerUser(server.url, 'Conflicted Cleo');
      const id = await uploadViaApi(server.url, user, sizes(), 'conflicted.pdf');
      const { page, context, errors } = await openPage(browser, server.url, { allow: [/status of 401/, /status of 409/] });
      await signInWithToken(page, user, `/editor/${id}`);
      await waitForPdf(page, 3);
      await pickTool(page, 'rectangle');
      await dragOnPage(page, [60, 60], [200, 160]);
      await page.getByText('Unsaved changes').waitFor();
      await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` } });
      await toolbarButton(page, 'Save').click();
      await page.waitForURL('**/login');
      // Meanwhile another device saves the document.
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      const other = { ...user, token: ((await login.json()) as { token: string }).token };
      await putNote(server.url, other, id, 'Saved on another device');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(`**/editor/${id}`);
      await page.getByText('This document was changed in another tab or window.').waitFor();
      expect(await storedTypes(server.url, other, id)).toEqual(['text']);
      await expect.poll(() => shapes(page, 'rectangle').count()).toBe(1);
      await page.getByRole('button', { name: 'Keep my version' }).click();
      await page.getByText('Document saved').first().waitFor();
      expect(await storedTypes(server.url, other, id)).toEqual(['rectangle']);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('must keep the changes through an expired session and save them after signing in again', async () => {
      const user = await registerUser(server.url, 'Expired Esme');
      const id = await uploadViaApi(server.url, user, sizes(), 'expiring.pdf');
      const { page, context, errors } = await openPage(browser, server.url, { allow: [/status of 401/] });
      await signInWithToken(page, user, `/editor/${id}`);
      await waitForPdf(page, 3);
      await pickTool(page, 'rectangle');
      await dragOnPage(page, [60, 60], [200, 160]);
      await page.getByText('Unsaved changes').waitFor();
      const revoked = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` } });
      expect(revoked.ok).toBe(true);
      await toolbarButton(page, 'Save').click();
      await page.getByText('Session expired. Please login again.').waitFor();
      await page.waitForURL('**/login');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(`**/editor/${id}`);
      await page.getByText('Document saved').waitFor();
      const token = await page.evaluate(() => localStorage.getItem('token'));
      await expect.poll(() => storedTypes(server.url, { ...user, token: token ?? '' }, id)).toEqual(['rectangle']);
      expect(await shapes(page, 'rectangle').count()).toBe(1);
      expect(await page.getByText('Unsaved changes').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  describe('page edits and versions', () => {
    it('must save page edits with the PDF and the remapped annotations, show a stale save, and keep them after a reload', async () => {
      const user = await registerUser(server.url, 'Paging Pia');
      const id = await uploadViaApi(server.url, user, sizes(), 'pages.pdf');
      const note = normalizeAnnotation({ type: 'text', page: 3, position: { x: 72, y: 72 }, content: 'Third page note', fontSize: 18 });
      await api(server.url, user, `/api/documents/${id}/annotations`, { method: 'PUT', body: JSON.stringify({ annotations: [note], version: 0 }) });
      const { page, context, errors } = await openPage(browser, server.url, { allow: [/status of 409/] });
      await signInWithToken(page, user, `/editor/${id}`);
      await waitForPdf(page, 3);
      const save = toolbarButton(page, 'Save');
      expect(await save.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Delete page 2' }).click();
      await page.getByText('Page 1 of 2', { exact: true }).waitFor();
      await page.getByText('Unsaved changes').waitFor();
      expect(await save.isDisabled()).toBe(false);

      // Another tab saves first: the page save is stale, shown, and nothing is lost.
      await api(server.url, user, `/api/documents/${id}/annotations`, { method: 'PUT', body: JSON.stringify({ annotations: [note], version: 1 }) });
      await save.click();
      await page.getByText('This document was changed in another tab or window.').waitFor();
      expect(await storedPages(server.url, user, id)).toBe(3);
      await page.getByRole('button', { name: 'Keep my version' }).click();
      await page.getByText('Document saved').first().waitFor();
      expect(await storedPages(server.url, user, id)).toBe(2);
      const stored = await api<{ annotations: { page: number; content: string }[] }>(server.url, user, `/api/documents/${id}/annotations`);
      expect(stored.annotations.map((a) => [a.page, a.content])).toEqual([[2, 'Third page note']]);

      // Rotation and order are saved too.
      await page.getByRole('button', { name: 'Move page 2 up' }).click();
      await page.getByRole('button', { name: 'Rotate page 1' }).click();
      await page.getByText('Unsaved changes').waitFor();
      await save.click();
      await expect.poll(() => save.isDisabled()).toBe(true);
      await page.reload();
      await waitForPdf(page, 2);
      await expect.poll(() => shapes(page, 'text').count()).toBe(1);
      const path = await downloadFromEditor(page);
      expect(pdfPages(path)).toBe(2);
      const first = spawnSync('pdfinfo', ['-f', '1', '-l', '2', path], { encoding: 'utf8' }).stdout;
      expect(/Page\s+1 rot:\s+(\d+)/.exec(first)?.[1]).toBe('90');
      expect(pdftotext(path)).toContain('Third page note');

      // Inserted pages too.
      await page.locator('.mg-document-tools input[type="file"]').setInputFiles(madePdf('sizes.pdf'));
      await page.getByText('Page 1 of 5', { exact: true }).waitFor();
      await save.click();
      await expect.poll(() => save.isDisabled()).toBe(true);
      await page.reload();
      await waitForPdf(page, 5);
      expect(pdfPages(await downloadFromEditor(page))).toBe(5);
      expect(await storedPages(server.url, user, id)).toBe(5);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('must list versions, open one read-only, restore it, and save a version on request', async () => {
      const user = await registerUser(server.url, 'Versioning Vic');
      const id = await uploadViaApi(server.url, user, sizes(), 'versions.pdf');
      const { page, context, errors } = await openPage(browser, server.url);
      await signInWithToken(page, user, `/editor/${id}`);
      await waitForPdf(page, 3);
      await toolbarButton(page, 'Version history').click();
      const history = page.getByRole('dialog', { name: 'Version history' });
      await history.getByText('No versions yet.', { exact: false }).waitFor();
      await history.getByRole('button', { name: 'Save version' }).click();
      await page.getByText('Version saved').waitFor();
      await expect.poll(() => history.getByTestId('revision').count()).toBe(1);
      await history.getByTestId('revision').first().getByText('Versioning Vic · 3 pages · 0 annotations', { exact: false }).waitFor();
      await history.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('button', { name: 'Delete page 1' }).click();
      await page.getByText('Page 1 of 2', { exact: true }).waitFor();
      await toolbarButton(page, 'Save').click();
      await page.getByText('Document saved').first().waitFor();
      await toolbarButton(page, 'Version history').click();
      await expect.poll(() => history.getByTestId('revision').count()).toBe(2);
      await history.getByTestId('revision').first().getByText('2 pages', { exact: false }).waitFor();

      // The older version opens read-only: its three pages, no tools.
      await history.getByTestId('revision').nth(1).getByRole('button', { name: 'Open' }).click();
      const opened = page.getByRole('dialog', { name: /\(read-only\)$/ });
      await opened.getByText('Page 1 of 3', { exact: true }).waitFor();
      expect(await opened.locator('button[data-tool]').count()).toBe(0);
      expect(await opened.getByRole('button', { name: /^(Rotate|Delete) page/ }).count()).toBe(0);
      await opened.getByRole('button', { name: 'Close' }).click();

      await history.getByTestId('revision').nth(1).getByRole('button', { name: 'Restore' }).click();
      await page.getByText('Version restored').waitFor();
      await page.getByText('Page 1 of 3', { exact: true }).waitFor();
      const revisions = await api<{ revisions: { pageCount: number }[] }>(server.url, user, `/api/documents/${id}/revisions`);
      expect(revisions.revisions.map((r) => r.pageCount)).toEqual([3, 2, 3]);
      await page.reload();
      await waitForPdf(page, 3);
      expect(pdfPages(await downloadFromEditor(page))).toBe(3);
      expect(await storedPages(server.url, user, id)).toBe(3);
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  describe('sharing and the documents list', () => {
    it('must show a shared document read-only, with working controls and the annotated download', async () => {
      const user = await registerUser(server.url, 'Sharing Sam');
      const id = await uploadViaApi(server.url, user, sizes(), 'shared.pdf');
      await putNote(server.url, user, id, 'Shared marginal note');
      const { share } = await api<{ share: { token: string } }>(server.url, user, `/api/documents/${id}/shares`, { method: 'POST', body: '{}' });
      const viewer = await openPage(browser, server.url);
      const { page } = viewer;
      await page.goto(`/shared/${share.token}`);
      await page.getByText('Read-only').waitFor();
      await waitForPdf(page, 3);
      await expect.poll(() => shapes(page, 'text').count()).toBe(1);
      // No editing or page tool at all.
      expect(await page.locator('button[data-tool]').count()).toBe(0);
      expect(await page.getByRole('button', { name: /^(Rotate|Delete|Move) page/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Insert|Extract|Undo|Redo|Save/ }).count()).toBe(0);
      // Pointer and keys change nothing.
      const before = await shapes(page, 'text').first().boundingBox();
      const box = await page.locator('.mg-page[data-page-number="1"]').boundingBox();
      if (!box || !before) throw new Error('page not on screen');
      await page.mouse.move(before.x + 5, before.y + 5);
      await page.mouse.down();
      await page.mouse.move(before.x + 120, before.y + 120, { steps: 5 });
      await page.mouse.up();
      await page.keyboard.press('Delete');
      await page.keyboard.press('Control+z');
      expect(await shapes(page, 'text').first().boundingBox()).toEqual(before);
      // Every visible control works: thumbnails, page navigation, zoom, download, back.
      await page.getByRole('button', { name: 'Next' }).first().click();
      await page.getByText('Page 2 of 3', { exact: true }).waitFor();
      const percent = page.getByText(/^\d+%$/).first();
      const zoomBefore = await percent.textContent();
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await expect.poll(() => percent.textContent()).not.toBe(zoomBefore);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
      expect(download.suggestedFilename()).toBe('shared_edited.pdf');
      const path = join(tempDir(), download.suggestedFilename());
      await download.saveAs(path);
      expect(pdftotext(path)).toContain('Shared marginal note');
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL(`${server.url}/`);
      // The owner's document is untouched.
      expect(await storedTypes(server.url, user, id)).toEqual(['text']);
      expect(await storedPages(server.url, user, id)).toBe(3);
      expect(viewer.errors).toEqual([]);
      await viewer.context.close();
    });

    it('must download the annotated PDF from the documents list, the original as a second choice, and ask before deleting in its own dialog', async () => {
      const user = await registerUser(server.url, 'Listing Lou');
      const id = await uploadViaApi(server.url, user, sizes(), 'listed.pdf');
      await putNote(server.url, user, id, 'Listed marginal note');
      const { page, context, errors } = await openPage(browser, server.url);
      const native: string[] = [];
      page.on('dialog', (dialog) => native.push(dialog.message()));
      await signInWithToken(page, user, '/documents');
      const [annotated] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download listed.pdf' }).click()]);
      expect(annotated.suggestedFilename()).toBe('listed_edited.pdf');
      const annotatedPath = join(tempDir(), 'annotated.pdf');
      await annotated.saveAs(annotatedPath);
      expect(pdftotext(annotatedPath)).toContain('Listed marginal note');
      const [original] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download original listed.pdf' }).click()]);
      expect(original.suggestedFilename()).toBe('listed.pdf');
      const originalPath = join(tempDir(), 'original.pdf');
      await original.saveAs(originalPath);
      expect(pdftotext(originalPath)).not.toContain('Listed marginal note');

      await page.getByRole('button', { name: 'Delete listed.pdf' }).click();
      const ask = page.getByRole('dialog', { name: 'Delete document' });
      await ask.getByText('Are you sure you want to delete this document?').waitFor();
      await ask.getByRole('button', { name: 'Cancel' }).click();
      expect((await fetch(`${server.url}/api/documents/${id}`, { headers: { Authorization: `Bearer ${user.token}` } })).status).toBe(200);
      await page.getByRole('button', { name: 'Delete listed.pdf' }).click();
      await ask.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Document deleted successfully').waitFor();
      expect((await fetch(`${server.url}/api/documents/${id}`, { headers: { Authorization: `Bearer ${user.token}` } })).status).toBe(404);
      expect(native).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
