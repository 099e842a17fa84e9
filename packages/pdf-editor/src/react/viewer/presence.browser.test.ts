// Presence in a real Chromium: two editors side by side, their awarenesses linked in the page as a
// server links them. Ana's pointer shows on Bo's page; Bo follows Ana's page, his view scrolling
// there by itself without that ending the follow, until Bo scrolls on his own. React's commits are
// counted through the hook its developer tools use, which production builds call too.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestPage, hasChromium, launchChromium, serveStatic } from '../e2e/harness';

declare global {
  interface Window {
    /** React commits by the id of the root's container: `Ana` or `Bo`. */
    commitsByRoot: Record<string, number>;
  }
}

const PAGES = 60;

const MAIN = `
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { EditorProvider, PdfViewer, Toolbar, usePdfEditor } from '@marginalia/pdf-editor';
import { connectPresence } from '@marginalia/pdf-editor/collab';
import '@marginalia/pdf-editor/styles.css';
import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';

const awarenesses = [new Awareness(new Y.Doc()), new Awareness(new Y.Doc())];
for (const [from, to] of [awarenesses, [...awarenesses].reverse()]) {
  from.on('update', ({ added, updated, removed }, origin) => {
    if (origin !== 'network') applyAwarenessUpdate(to, encodeAwarenessUpdate(from, [...added, ...updated, ...removed]), 'network');
  });
}

function User({ name, awareness }) {
  const editor = usePdfEditor({ file: '/long.pdf', signatureStore: null });
  useEffect(() => connectPresence(editor, { awareness, user: { name } }).disconnect, [editor, awareness]);
  return (
    <div className={'mg-editor ' + name} style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <EditorProvider editor={editor}>
        <Toolbar download={false} />
        <PdfViewer zoomControls={false} />
      </EditorProvider>
    </div>
  );
}

// One React root each, so that each one's commits are counted apart.
document.body.style.margin = '0';
const root = document.getElementById('root');
root.style.display = 'flex';
['Ana', 'Bo'].forEach((name, i) => {
  const container = document.createElement('div');
  container.id = name;
  container.style.width = '50%';
  root.append(container);
  createRoot(container).render(<User name={name} awareness={awarenesses[i]} />);
});
`;

async function longPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let n = 1; n <= PAGES; n++) doc.addPage([612, 792]);
  return doc.save();
}

describe.skipIf(!hasChromium)('presence', () => {
  let built: { dir: string; remove(): void };
  let server: { url: string; close(): Promise<void> };
  let browser: Browser;
  let page: Page;
  const ana = () => page.locator('.mg-editor.Ana');
  const bo = () => page.locator('.mg-editor.Bo');
  const anaAvatar = () => bo().getByRole('button', { name: 'Ana' });

  beforeAll(async () => {
    built = await buildTestPage(MAIN);
    writeFileSync(join(built.dir, 'long.pdf'), await longPdf());
    server = await serveStatic(built.dir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.addInitScript(() => {
      window.commitsByRoot = {};
      (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => undefined,
        onScheduleFiberRoot: () => undefined,
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => undefined,
        onCommitFiberRoot: (_renderer: number, root: { containerInfo: HTMLElement }) => {
          const { id } = root.containerInfo;
          window.commitsByRoot[id] = (window.commitsByRoot[id] ?? 0) + 1;
        },
      };
    });
    await page.goto(`${server.url}/`);
    for (const user of [ana(), bo()]) await user.getByText(`Page 1 of ${PAGES}`).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    built?.remove();
  });

  it("must show Ana's pointer on Bo's page, with her name, and re-render nothing of Ana's for her own moves", async () => {
    await anaAvatar().waitFor();
    const box = (await ana().locator('.mg-page[data-page-number="1"] .mg-overlay').boundingBox())!;
    await page.mouse.move(box.x + 100, box.y + 100);
    // Quiet: nothing renders any more.
    await page.evaluate(async () => {
      const total = () => Object.values(window.commitsByRoot).reduce((sum, n) => sum + n, 0);
      for (let quiet = total() - 1; quiet !== total(); ) {
        quiet = total();
        await new Promise((done) => setTimeout(done, 300));
      }
    });
    const before = await page.evaluate(() => ({ ...window.commitsByRoot }));
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 100 + 10 * i, box.y + 100 + 5 * i);
    const pointer = bo().locator('.mg-page[data-page-number="1"] .mg-peer-pointer');
    // Where the last move went, in page points: 200 and 150 px from the page's corner at Ana's zoom.
    const zoom = box.width / 612;
    await expect.poll(async () => /^translate\(([\d.]+) ([\d.]+)\)/.exec((await pointer.getAttribute('transform')) ?? '')?.slice(1).map(Number))
      .toEqual([expect.closeTo(200 / zoom, 1), expect.closeTo(150 / zoom, 1)]);
    expect(await pointer.textContent()).toBe('Ana');
    const after = await page.evaluate(() => ({ ...window.commitsByRoot }));
    // Ana's own moves render nothing on her side; Bo's side draws her pointer.
    expect(after['Ana']).toBe(before['Ana']);
    expect(after['Bo']).toBeGreaterThan(before['Bo'] ?? 0);
    await page.mouse.move(box.x - 50, box.y - 50);
    await expect.poll(() => pointer.count()).toBe(0);
  });

  it("must take Bo to Ana's page while he follows her, and stop when he scrolls", async () => {
    await anaAvatar().click();
    expect(await anaAvatar().getAttribute('aria-pressed')).toBe('true');
    const field = ana().getByRole('textbox', { name: 'Page number' });
    await field.fill('30');
    await field.press('Enter');
    await bo().getByText(`Page 30 of ${PAGES}`).waitFor();
    await bo().locator('.mg-page[data-page-number="30"]').waitFor();
    // The scroll Bo's view made by itself does not end the follow.
    await page.waitForTimeout(300);
    expect(await anaAvatar().getAttribute('aria-pressed')).toBe('true');

    // The last page, which the view cannot bring to its top: Bo is on it all the same, following.
    await field.fill(String(PAGES));
    await field.press('Enter');
    await bo().getByText(`Page ${PAGES} of ${PAGES}`).waitFor();
    await page.waitForTimeout(300);
    expect(await bo().locator('.mg-page-input').inputValue()).toBe(String(PAGES));
    expect(await anaAvatar().getAttribute('aria-pressed')).toBe('true');

    await field.fill('45');
    await field.press('Enter');
    await bo().getByText(`Page 45 of ${PAGES}`).waitFor();

    const scroller = (await bo().locator('.mg-scroll').boundingBox())!;
    await page.mouse.move(scroller.x + scroller.width / 2, scroller.y + scroller.height / 2);
    await page.mouse.wheel(0, 40);
    await expect.poll(() => anaAvatar().getAttribute('aria-pressed')).toBe('false');
    await field.fill('10');
    await field.press('Enter');
    await page.waitForTimeout(300);
    expect(await bo().locator('.mg-page-input').inputValue()).toBe('45');
  });
});
