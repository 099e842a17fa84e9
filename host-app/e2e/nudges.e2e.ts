// Guest nudges that run on timers or leave events (spec sections 4 and 9): the edit badge and its
// 5-minute warning, exit intent (top edge, leave warning, hidden tab), the streak celebration, and
// the hand-off of a file over 3 MB through IndexedDB with the 2-hour clean-up. Playwright's clock
// makes the 30 s, 5 s and 5 min timers fast.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, tempDir } from './harness';
import { dragOnPage, openFromLanding, pickTool, setVisibility, shapes, waitForPdf } from './editorHelpers';
import { madePdf, paddedPdf } from './madePdfs';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const badge = (page: Page) => page.getByTestId('guest-badge');
const exitDialog = (page: Page) => page.getByRole('dialog', { name: "Don't lose your edits!" });

/** Resolves after the page has painted once more, so a state change from an earlier event has rendered. */
async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
}

async function storedJson(page: Page, key: string): Promise<Record<string, unknown> | null> {
  return page.evaluate((name) => JSON.parse(localStorage.getItem(name) ?? 'null') as Record<string, unknown> | null, key);
}

describe('guest nudges', () => {
  it('must show the badge only after an edit and urge saving after 5 minutes of editing', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.clock.install();
    await openFromLanding(page, madePdf('sizes.pdf'));
    await waitForPdf(page, 3);
    expect(await badge(page).count()).toBe(0);

    await pickTool(page, 'rectangle');
    await badge(page).getByText('1 edit · 0 min').waitFor();
    await dragOnPage(page, [60, 60], [200, 160]);
    await badge(page).getByText('2 edits · 0 min').waitFor();

    // The badge checks every 30 s; at 4 minutes it has checked but must not warn yet.
    await page.clock.fastForward('04:00');
    await badge(page).getByText('2 edits · 4 min').waitFor();
    expect(await page.getByText("Don't lose your work!").count()).toBe(0);

    await page.clock.fastForward('01:00');
    const warning = page.getByRole('alert').filter({ hasText: "Don't lose your work!" });
    await warning.getByText('You have been editing for 5 minutes.').waitFor();
    await warning.getByRole('button', { name: 'Save Now' }).click();
    await page.getByRole('dialog', { name: 'Sign up to save your work' }).waitFor();
    await page.getByRole('button', { name: 'Continue editing as guest' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await warning.getByRole('button', { name: 'Continue Editing' }).click();
    await warning.waitFor({ state: 'detached' });
    await badge(page).getByText('2 edits · 5 min').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must open the exit modal through the top edge, keep a recovery record when hidden after 3 edits, and warn on close', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await openFromLanding(page, madePdf('sizes.pdf'));
    await waitForPdf(page, 3);

    // No edits yet: leaving through the top is not an exit intent.
    await page.mouse.move(640, 5);
    await page.mouse.move(640, -20);
    await nextFrame(page);
    expect(await exitDialog(page).count()).toBe(0);

    await pickTool(page, 'rectangle');
    await dragOnPage(page, [60, 60], [200, 160]);
    await badge(page).getByText('2 edits').waitFor();
    // Leaving through the bottom edge is not an exit intent either.
    await page.mouse.move(640, 895);
    await page.mouse.move(640, 920);
    await nextFrame(page);
    expect(await exitDialog(page).count()).toBe(0);
    await page.mouse.move(640, 5);
    await page.mouse.move(640, -20);
    await exitDialog(page).waitFor();
    expect(await exitDialog(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await exitDialog(page).waitFor({ state: 'detached' });

    // Two edits are not worth a recovery record; the third is.
    await setVisibility(page, 'hidden');
    await setVisibility(page, 'visible');
    expect(await storedJson(page, 'editor_state_backup')).toBeNull();
    expect(await storedJson(page, 'guestLastSession')).toBeNull();
    await dragOnPage(page, [60, 200], [200, 300]);
    await expect.poll(() => shapes(page, 'rectangle').count()).toBe(2);
    await badge(page).getByText('3 edits').waitFor();
    await setVisibility(page, 'hidden');
    const backup = await storedJson(page, 'editor_state_backup');
    expect(backup).toMatchObject({ fileName: 'sizes.pdf', editCount: 3 });
    expect(String(backup?.fileData)).toMatch(/^data:application\/pdf;base64,/);
    expect((backup?.annotations as { type: string }[]).map((a) => a.type)).toEqual(['rectangle', 'rectangle']);
    expect(await storedJson(page, 'guestLastSession')).toMatchObject({ fileName: 'sizes.pdf', editCount: 3 });
    await setVisibility(page, 'visible');

    // Closing the tab asks the browser for its leave warning.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => dialogs.push(dialog.type()));
    const closed = new Promise((resolve) => page.once('close', resolve));
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(dialogs).toEqual(['beforeunload']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must celebrate a 3-day streak for 5 seconds and not warn on close without edits', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.clock.install();
    await page.goto('/');
    await page.evaluate(() => {
      const yesterday = new Date();
      yesterday.setDate(yesterday.getDate() - 1);
      const day = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
      localStorage.setItem('guestStreak', JSON.stringify({ currentStreak: 2, longestStreak: 2, lastEditDate: day, totalEdits: 2 }));
    });
    // The page notes (on its fake clock) when the celebration appears, so its 5 s are measured from then.
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        if (!document.body.textContent?.includes('3-day editing streak!')) return;
        document.body.dataset.celebratedAt = String(Date.now());
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId('landing-file-input').setInputFiles(madePdf('sizes.pdf'));
    const celebration = page.getByText('3-day editing streak! Keep it going.');
    await celebration.waitFor();
    const paused = (await page.evaluate(() => Date.now())) + 300;
    await page.clock.pauseAt(paused);
    const shownAt = Number(await page.evaluate(() => document.body.dataset.celebratedAt));
    expect(await storedJson(page, 'guestStreak')).toMatchObject({ currentStreak: 3, longestStreak: 3, totalEdits: 3 });
    await page.clock.fastForward(shownAt + 4_900 - paused);
    expect(await celebration.isVisible()).toBe(true);
    await page.clock.fastForward(600);
    await celebration.waitFor({ state: 'detached' });
    await page.clock.resume();

    await waitForPdf(page, 3);
    // A click gives the page the user activation a leave warning needs; it is not an edit.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Page 2 of 3').waitFor();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => dialogs.push(dialog.type()));
    const closed = new Promise((resolve) => page.once('close', resolve));
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must hand a file over 3 MB to the editor through IndexedDB and delete local files older than 2 hours', async () => {
    const bytes = paddedPdf(3 * 1024 * 1024 + 200 * 1024);
    const path = join(tempDir(), 'large-scan.pdf');
    writeFileSync(path, bytes);
    const { page, context, errors } = await openPage(browser, baseUrl);
    await openFromLanding(page, path);
    await page.getByText('Loaded large-scan.pdf. 2 free edits remaining today.').waitFor();
    await waitForPdf(page, 2);
    const handoff = await page.evaluate(() => ({
      storage: sessionStorage.getItem('guestFileStorage'),
      id: sessionStorage.getItem('guestFileId'),
      data: sessionStorage.getItem('guestFileData'),
    }));
    expect(handoff.storage).toBe('indexeddb');
    expect(handoff.data).toBeNull();
    expect(handoff.id).toMatch(/^guest-file-\d+$/);

    const storedFiles = () =>
      page.evaluate(
        () =>
          new Promise<{ id: string; name: string; size: number; bytes: number }[]>((resolve, reject) => {
            const open = indexedDB.open('marginalia-files', 1);
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const request = open.result.transaction('pdf-files').objectStore('pdf-files').getAll();
              request.onsuccess = () => {
                open.result.close();
                const rows = request.result as { id: string; name: string; size: number; data: Blob }[];
                resolve(rows.map((row) => ({ id: row.id, name: row.name, size: row.size, bytes: row.data.size })));
              };
            };
          }),
      );
    expect(await storedFiles()).toEqual([{ id: handoff.id, name: 'large-scan.pdf', size: bytes.length, bytes: bytes.length }]);

    // One record just past the 2-hour limit, one just inside it; the next page load keeps only the latter.
    await page.evaluate(async () => {
      const hour = 60 * 60 * 1000;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('marginalia-files', 1);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction('pdf-files', 'readwrite');
      const store = tx.objectStore('pdf-files');
      for (const [id, age] of [
        ['guest-file-stale', 2 * hour + 60_000],
        ['guest-file-recent', 2 * hour - 60_000],
      ] as const) {
        store.put({ id, name: `${id}.pdf`, type: 'application/pdf', size: 4, data: new Blob(['%PDF']), timestamp: Date.now() - age });
      }
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
    });
    expect((await storedFiles()).map((file) => file.id).sort()).toEqual([handoff.id, 'guest-file-recent', 'guest-file-stale'].sort());
    await page.reload();
    await expect.poll(async () => (await storedFiles()).map((file) => file.id).sort()).toEqual([handoff.id, 'guest-file-recent'].sort());
    // The guest's own file is still there, so the editor opens it again.
    await waitForPdf(page, 2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
