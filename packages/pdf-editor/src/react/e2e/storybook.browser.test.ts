// Builds the repository's Storybook and opens every story in Chromium: each must render (the
// editor settles: no "Loading PDF...", no spinning page) without a single console error.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSharedPdfs } from '../../test-support/sharedPdfs';
import { hasChromium, launchChromium, PACKAGE_ROOT, REPO_ROOT, serveStatic } from './harness';

interface StoryIndex {
  entries: Record<string, { id: string; type: string; title: string; name: string }>;
}

describe.skipIf(!hasChromium || !hasSharedPdfs)('Storybook stories in Chromium', () => {
  let out = '';
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let stories: string[] = [];

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'marginalia-storybook-'));
    execFileSync(join(PACKAGE_ROOT, 'node_modules/.bin/storybook'), ['build', '-c', join(REPO_ROOT, '.storybook'), '-o', out, '--quiet'], {
      cwd: PACKAGE_ROOT,
      stdio: 'pipe',
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
    });
    const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as StoryIndex;
    stories = Object.values(index.entries)
      .filter((entry) => entry.type === 'story')
      .map((entry) => entry.id);
    server = await serveStatic(out);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('must have stories for the editor, every tool and each piece', () => {
    expect(stories).toEqual(expect.arrayContaining(['editor-pdfeditor--password-protected', 'editor-pdfeditor--load-error', 'editor-tools--signature', 'pieces-panels--signature-pad-alone']));
    expect(stories.filter((id) => id.startsWith('editor-tools--'))).toHaveLength(14);
  });

  it('must render every story without a console error', async () => {
    const failures: string[] = [];
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    let current = '';
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(`${current}: ${message.text()}`);
    });
    page.on('pageerror', (error) => failures.push(`${current}: ${error.message}`));
    for (const id of stories) {
      current = id;
      await page.goto(`${server.url}/iframe.html?id=${id}&viewMode=story`);
      await page.locator('#storybook-root > *').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('.mg-loading, .mg-page .mg-spinner'), undefined, { timeout: 30_000 });
      if (id === 'editor-pdfeditor--load-error') await page.locator('.mg-error').waitFor();
      if (id === 'editor-pdfeditor--password-protected') await page.getByText('This PDF is password-protected').waitFor();
    }
    await page.close();
    expect(failures).toEqual([]);
  });

  it('must open a protected PDF with its password and show a load error in red', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/iframe.html?id=editor-pdfeditor--password-protected&viewMode=story`);
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByText('Incorrect password. Try again.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('openpassword');
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByText('Page 1 of 1').waitFor();
    await page.goto(`${server.url}/iframe.html?id=editor-pdfeditor--load-error&viewMode=story`);
    const error = page.locator('.mg-error');
    await error.waitFor();
    expect(await error.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(220, 38, 38)');
    expect((await error.textContent())?.length).toBeGreaterThan(5);
    await page.close();
  });
});
