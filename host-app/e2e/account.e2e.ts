// Signed-in journeys: sign-up, guard round trip, dashboard figures, documents upload/search/paging/delete,
// the free-plan upload limit, an expired session, and the account page (e-mail verification, password).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ARTIFACTS,
  launchBrowser,
  mailedLink,
  openPage,
  registerUser,
  setPlan,
  signInWithToken,
  uploadViaApi,
} from './harness';
import { madePdf } from './madePdfs';
import { formatSize } from '../src/lib/format';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;
const small = new Uint8Array(readFileSync(madePdf('sizes.pdf')));

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const EXPECTED_401 = /status of 401/;

describe('account', () => {
  it('must sign up through the form, land on the dashboard and log out', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/register');
    const email = `signup${Date.now()}@example.com`;
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Compiler42');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Compiler42');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Account created successfully!').waitFor();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Marginalia, Grace Hopper!' }).waitFor();
    await expect.poll(() => page.getByTestId('stat-usage').textContent()).toBe('0/3');
    await expect.poll(() => page.getByTestId('stat-total').textContent()).toBe('0');
    await page.getByRole('link', { name: 'Upload your first document' }).waitFor();
    expect(await page.title()).toContain('Dashboard');
    const stored = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('auth-storage')]);
    expect(stored[0]).toBeTruthy();
    expect(JSON.parse(stored[1] ?? '{}').state.isAuthenticated).toBe(true);
    await page.getByRole('button', { name: /Grace Hopper/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect
      .poll(async () => (await fetch(`${baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${stored[0]}` } })).status)
      .toBe(401);
    await page.goto('/register');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must send a signed-out visitor to /login and back after sign-in', async () => {
    const user = await registerUser(baseUrl, 'Guarded Gus');
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/documents');
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Welcome back!').waitFor();
    await page.waitForURL('**/documents');
    await page.getByRole('heading', { name: 'My Documents' }).waitFor();
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must upload with progress, reach READY, and stop a free user after 3 uploads a day', async () => {
    const user = await registerUser(baseUrl, 'Uploading Uma');
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signInWithToken(page, user, '/documents');
    await page.getByRole('button', { name: 'Upload PDF' }).click();
    await page.getByTestId('upload-file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.getByText('File type not supported. Please upload PDF, JPG, PNG, DOC, or DOCX files.').first().waitFor();
    // Opening a document in the editor stores its page-1 thumbnail; the journey waits for that upload
    // before leaving, as a user who stays a moment would.
    const thumbnailUpload = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && new URL(response.url()).pathname.endsWith('/thumbnail'),
    );
    await page.getByTestId('upload-file-input').setInputFiles(madePdf('tracemonkey.pdf'));
    await page.getByRole('progressbar').waitFor();
    await page.waitForURL(/\/editor\/[\w-]+$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect((await thumbnailUpload).ok()).toBe(true);
    await page.goto('/documents');
    const item = page.getByTestId('document-item').filter({ hasText: 'tracemonkey' });
    await item.getByText('READY').waitFor({ timeout: 30_000 });
    await item.getByText(formatSize(statSync(madePdf('tracemonkey.pdf')).size)).waitFor();
    await item.getByText('Just now').waitFor();
    await uploadViaApi(baseUrl, user, small, 'second.pdf');
    await uploadViaApi(baseUrl, user, small, 'third.pdf');
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('stat-usage').textContent()).toBe('3/3');
    await expect.poll(() => page.getByTestId('stat-total').textContent()).toBe('3');
    const stored = (await (
      await fetch(`${baseUrl}/api/documents/${id}`, { headers: { Authorization: `Bearer ${user.token}` } })
    ).json()) as { document: { thumbnailUrl?: string } };
    expect(stored.document.thumbnailUrl).toMatch(/\/thumbnail\?/);
    const thumbnail = page.getByRole('img', { name: 'First page of tracemonkey.pdf' });
    expect(await thumbnail.getAttribute('src')).toBe(stored.document.thumbnailUrl);
    // Rendered 256 px high from the 612 x 792 pt first page.
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => (img.complete ? [img.naturalWidth, img.naturalHeight] : null)))
      .toEqual([198, 256]);
    expect(await page.locator('.doc-thumb img').count()).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard.png'), fullPage: true });
    await page.goto('/documents');
    await page.getByRole('button', { name: 'Upload PDF' }).click();
    await page.getByText("You've reached your daily limit of 3 PDF uploads. Upgrade to Pro for unlimited uploads.", { exact: false }).waitFor();
    // Past the limit the zone no longer uploads: it opens a PDF in the editor without cloud save.
    expect(await page.locator('[aria-label="Upload a document"]').count()).toBe(0);
    await page.locator('[aria-label="Open a PDF in the editor"]').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must search, page by 20 and delete after confirming in the app\'s dialog', async () => {
    const user = await registerUser(baseUrl, 'Paging Pat');
    await setPlan(inject('server'), user.email, 'personal');
    for (let i = 1; i <= 21; i += 1) await uploadViaApi(baseUrl, user, small, `report-${String(i).padStart(2, '0')}.pdf`);
    await uploadViaApi(baseUrl, user, small, 'invoice.pdf');
    const { page, context, errors } = await openPage(browser, baseUrl);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => dialogs.push(dialog.message()));
    await signInWithToken(page, user, '/documents');
    await page.getByTestId('documents-total').getByText('22 documents').waitFor();
    expect(await page.getByTestId('document-item').count()).toBe(20);
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => page.getByTestId('document-item').count()).toBe(2);
    await page.getByLabel('Search documents').fill('invoice');
    await expect.poll(() => page.getByTestId('document-item').count()).toBe(1);
    await page.getByRole('button', { name: 'Delete invoice.pdf' }).click();
    const ask = page.getByRole('dialog', { name: 'Delete document' });
    await ask.getByText('Are you sure you want to delete this document?').waitFor();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Document deleted successfully').waitFor();
    expect(dialogs).toEqual([]);
    await page.getByText('No documents match your search').waitFor();
    await page.getByLabel('Search documents').fill('');
    await page.getByTestId('documents-total').getByText('21 documents').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must send an expired session to /login with the toast', async () => {
    const user = await registerUser(baseUrl, 'Expiring Eve');
    const { page, context, errors } = await openPage(browser, baseUrl, { allow: [EXPECTED_401] });
    await signInWithToken(page, user, '/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Marginalia, Expiring Eve!' }).waitFor();
    const revoked = await fetch(`${baseUrl}/api/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` } });
    expect(revoked.ok).toBe(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
    await page.getByText('Session expired. Please login again.').waitFor();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must verify the address from the mailed link and change the password only with the current one', async () => {
    const user = await registerUser(baseUrl, 'Verifying Vera');
    const { page, context, errors } = await openPage(browser, baseUrl, { allow: [/status of 400/] });
    await signInWithToken(page, user, '/dashboard');
    await page.getByRole('button', { name: /Verifying Vera/ }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL('**/account');
    await page.getByTestId('email-unverified').getByText('Unverified').waitFor();
    await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await page.getByText(`A verification link has been sent to ${user.email}.`).waitFor();

    const link = new URL(await mailedLink(dataDir, user.email, '/verify-email'));
    await page.goto(link.pathname + link.search);
    await page.getByText('Your email address is verified.').waitFor();
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.getByText('Verified', { exact: true }).waitFor();
    expect(await page.getByTestId('email-unverified').count()).toBe(0);

    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password', { exact: true }).fill('Not-the-0ne');
    await password.getByLabel('New password', { exact: true }).fill('Changed123');
    await password.getByLabel('Confirm new password', { exact: true }).fill('Changed123');
    await password.getByRole('button', { name: 'Change Password' }).click();
    await password.getByText('Current password is incorrect').waitFor();
    await password.getByLabel('Current password', { exact: true }).fill(user.password);
    await password.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed. Other devices have been signed out.').waitFor();
    // The old token is dead; the app now holds the new one and stays signed in.
    expect((await fetch(`${baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${user.token}` } })).status).toBe(401);
    await page.reload();
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    const signIn = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'Changed123' }),
    });
    expect(signIn.status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});
