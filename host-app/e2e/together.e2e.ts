// Editing one document together: three accounts (the owner on the Team plan, an editor and a
// viewer it invited) in three browser contexts, each seeing the others' work as it is made; both
// halves of a move and a recolour made at once kept; work made offline merged on reconnect;
// undo undoing one's own work only; a viewer's hand-made update refused; a removed editor's
// session ended. Then two server instances sharing Redis, a collaborator on each.
import { HocuspocusProvider } from '@hocuspocus/provider';
import { readAnnotations, writeAnnotations } from '@marginalia/pdf-editor/collab';
import { normalizeAnnotation } from '@marginalia/pdf-editor/core';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dragOnPage, pickTool, shapes, waitForPdf } from './editorHelpers';
import { launchBrowser, openPage, registerUser, setPlan, signInWithToken, startServer, uploadViaApi, verifyEmail, type JourneyServer, type TestUser } from './harness';
import { madePdf } from './madePdfs';

const server = inject('server');
/** The server stores what collaborators made within 2 s of a change, 10 s during a stream of them. */
const STORED = { timeout: 15_000, interval: 200 };
/** A change reaches the other pages in tens of milliseconds; a loaded machine may take seconds. */
const SEEN = { timeout: 10_000 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface StoredAnnotation {
  id: string;
  type: string;
  color: string;
  position: { x: number; y: number };
}

async function stored(at: JourneyServer, user: TestUser, id: string): Promise<StoredAnnotation[]> {
  const response = await fetch(`${at.url}/api/documents/${id}/annotations`, { headers: { Authorization: `Bearer ${user.token}` } });
  return ((await response.json()) as { annotations: StoredAnnotation[] }).annotations;
}

async function invite(at: JourneyServer, owner: TestUser, id: string, who: TestUser, role: 'editor' | 'viewer'): Promise<string> {
  const response = await fetch(`${at.url}/api/documents/${id}/collaborators`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: who.email, role }),
  });
  if (!response.ok) throw new Error(`invite failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { collaborator: { userId: string } };
  return body.collaborator.userId;
}

/** A signed-in page on the document, live. */
async function openTogether(at: JourneyServer, user: TestUser, id: string, badge = 'Live: all changes saved') {
  const watched = await openPage(browser, at.url);
  await signInWithToken(watched.page, user, `/editor/${id}`);
  await waitForPdf(watched.page, 2);
  await watched.page.getByText(badge).waitFor();
  return watched;
}

/** A click at a point of page 1, in CSS pixels from the top-left of its overlay. */
async function clickOnPage(page: Page, [x, y]: [number, number]): Promise<void> {
  const box = await page.locator('.mg-page[data-page-number="1"] .mg-overlay').boundingBox();
  if (!box) throw new Error('page 1 is not on screen');
  await page.mouse.click(box.x + x, box.y + y);
}

/** The colour and position of the one rectangle a page shows, as its overlay draws it. */
const rectangleOn = (page: Page) => shapes(page, 'rectangle').first();

describe('editing one document together', () => {
  it('must show each one’s work to the others, keep concurrent changes, merge offline work, undo only one’s own, refuse a viewer and end a removed editor’s session', async () => {
    // One after another: the server hashes passwords in a bounded pool, which a loaded machine fills.
    const owner = await registerUser(server.url, 'Owner Olga');
    const editor = await registerUser(server.url, 'Editor Emil');
    const viewer = await registerUser(server.url, 'Viewer Vera');
    await setPlan(server, owner.email, 'team');
    // Only a proven address joins a document at once.
    await verifyEmail(server, editor);
    await verifyEmail(server, viewer);
    const id = await uploadViaApi(server.url, owner, readFileSync(madePdf('notes.pdf')), 'notes.pdf');
    const editorId = await invite(server, owner, id, editor, 'editor');
    await invite(server, owner, id, viewer, 'viewer');

    const a = await openTogether(server, owner, id);
    const b = await openTogether(server, editor, id);
    const c = await openTogether(server, viewer, id, 'Live: changes appear as they are saved');

    // Each editing account sees the other in the toolbar; following the owner takes the editor to their page.
    await a.page.getByRole('group', { name: 'People in this document' }).getByRole('button', { name: 'Editor Emil' }).waitFor();
    const followOwner = b.page.getByRole('group', { name: 'People in this document' }).getByRole('button', { name: 'Owner Olga' });
    await followOwner.click();
    expect(await followOwner.getAttribute('aria-pressed')).toBe('true');
    await a.page.getByRole('button', { name: 'Next', exact: true }).click();
    await b.page.getByText('Page 2 of 2', { exact: true }).waitFor();
    await a.page.getByRole('button', { name: 'Previous', exact: true }).click();
    await b.page.getByText('Page 1 of 2', { exact: true }).waitFor();
    await followOwner.click();

    // A rectangle drawn by the owner appears for the editor and the viewer.
    await pickTool(a.page, 'rectangle');
    await dragOnPage(a.page, [60, 80], [200, 180]);
    for (const { page } of [a, b, c]) await expect.poll(() => shapes(page, 'rectangle').count(), SEEN).toBe(1);
    await a.page.getByText('Live: all changes saved').waitFor();

    // At the same moment, the owner moves it and the editor recolours it: both changes stay.
    await pickTool(a.page, 'select');
    await pickTool(b.page, 'select');
    // Both take it by its left edge (an outline is picked up by its line).
    await clickOnPage(b.page, [60, 130]);
    await b.page.locator('.mg-swatch[aria-label="#0000FF"]').waitFor();
    await Promise.all([dragOnPage(a.page, [60, 130], [260, 330]), b.page.locator('.mg-swatch[aria-label="#0000FF"]').click()]);
    await expect
      .poll(async () => {
        const [rectangle] = await stored(server, owner, id);
        return rectangle && { color: rectangle.color.toUpperCase(), moved: rectangle.position.x > 150 };
      }, STORED)
      .toEqual({ color: '#0000FF', moved: true });
    for (const { page } of [a, b, c]) await expect.poll(() => rectangleOn(page).getAttribute('stroke'), SEEN).toMatch(/#0000ff/i);

    // Undo in the editor's context takes back its recolour, not the owner's move.
    await b.page.keyboard.press('Escape');
    await b.page.keyboard.press('Control+z');
    await expect
      .poll(async () => {
        const [rectangle] = await stored(server, owner, id);
        return rectangle && { color: rectangle.color.toUpperCase(), moved: rectangle.position.x > 150 };
      }, STORED)
      .not.toEqual({ color: '#0000FF', moved: true });
    const [afterUndo] = await stored(server, owner, id);
    expect(afterUndo?.position.x).toBeGreaterThan(150);
    expect(afterUndo?.color.toUpperCase()).not.toBe('#0000FF');

    // The editor goes offline and draws; the owner draws meanwhile; back online, both have both.
    await b.context.setOffline(true);
    await b.page.getByText('Offline: your changes are kept on this device and sent when you reconnect').waitFor();
    await pickTool(b.page, 'ellipse');
    await dragOnPage(b.page, [300, 420], [400, 500]);
    await pickTool(a.page, 'rectangle');
    await dragOnPage(a.page, [60, 560], [160, 640]);
    await expect.poll(() => shapes(a.page).count(), SEEN).toBe(2);
    expect(await shapes(b.page).count()).toBe(2);
    await b.context.setOffline(false);
    for (const { page } of [a, b, c]) await expect.poll(() => shapes(page).count(), SEEN).toBe(3);
    await expect.poll(async () => (await stored(server, owner, id)).map(({ type }) => type).sort(), STORED).toEqual(['ellipse', 'rectangle', 'rectangle']);

    // The viewer's token, used by hand outside the app, cannot change anything.
    const doc = new Y.Doc();
    const handMade = new HocuspocusProvider({
      url: `${server.url.replace('http', 'ws')}/api/collab`,
      name: id,
      document: doc,
      token: viewer.token,
    });
    await new Promise<void>((resolve) => handMade.on('synced', () => resolve()));
    writeAnnotations(doc, [...readAnnotations(doc), normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 5, y: 5 }, width: 10, height: 10 })]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    handMade.destroy();
    expect(await shapes(a.page).count()).toBe(3);
    expect((await stored(server, owner, id)).length).toBe(3);

    // The owner deletes page 2 and saves: the editor's page reloads with one page and every annotation.
    await a.page.getByRole('button', { name: 'Delete page 2' }).click();
    await a.page.getByText('Page 1 of 1', { exact: true }).waitFor();
    await a.page.locator('.mg-toolbar').getByRole('button', { name: 'Save', exact: true }).click();
    await b.page.getByText('A collaborator changed the pages: the document was reloaded.').waitFor();
    for (const { page } of [b, c]) {
      await page.getByText('Page 1 of 1', { exact: true }).waitFor();
      await expect.poll(() => shapes(page).count(), SEEN).toBe(3);
    }
    await a.page.getByText('Live: all changes saved').waitFor();
    expect(await a.page.getByText('A collaborator changed the pages').count()).toBe(0);

    // Removing the editor ends their session at once.
    const removed = await fetch(`${server.url}/api/documents/${id}/collaborators/${editorId}`, { method: 'DELETE', headers: { Authorization: `Bearer ${owner.token}` } });
    expect(removed.ok).toBe(true);
    await b.page.getByText('Access ended: this document is no longer shared with you').waitFor();

    for (const watched of [a, b, c]) {
      expect(watched.errors.filter((text) => !/WebSocket|status of 40[34]/.test(text))).toEqual([]);
      await watched.context.close();
    }
  });

  it.skipIf(!process.env.REDIS_URL)('must show the work of a collaborator on another server instance, through Redis (skipped without REDIS_URL)', async () => {
    const redisUrl = process.env.REDIS_URL ?? '';
    const first = await startServer({ redisUrl });
    const second = await startServer({ redisUrl, instanceOf: first });
    try {
      const owner = await registerUser(first.url, 'Owner Otto');
      const editor = await registerUser(first.url, 'Editor Edda');
      await setPlan(first, owner.email, 'team');
      await verifyEmail(first, editor);
      const id = await uploadViaApi(first.url, owner, readFileSync(madePdf('notes.pdf')), 'notes.pdf');
      await invite(first, owner, id, editor, 'editor');
      const a = await openTogether(first, owner, id);
      const b = await openTogether(second, editor, id);
      await pickTool(a.page, 'rectangle');
      await dragOnPage(a.page, [60, 80], [200, 180]);
      await expect.poll(() => shapes(b.page, 'rectangle').count(), SEEN).toBe(1);
      await pickTool(b.page, 'ellipse');
      await dragOnPage(b.page, [60, 300], [200, 400]);
      await expect.poll(() => shapes(a.page, 'ellipse').count(), SEEN).toBe(1);
      for (const watched of [a, b]) await watched.context.close();
    } finally {
      await second.stop();
      await first.stop();
    }
  });
});
