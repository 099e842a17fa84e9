// Inviting people to a document: the owner starts the 14-day Team trial from the Share dialog and
// invites a second account to edit; that account finds the document under "Shared with me" and
// opens it. An invitation to an address without an account: its mailed sign-up link creates the
// account and lands on the document.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, journeyServer } from './databases';
import { launchBrowser, mailedLink, openPage, registerUser, signInWithToken, uploadViaApi, verifyEmail } from './harness';
import { madePdf } from './madePdfs';
import { waitForPdf } from './editorHelpers';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe.each(databases)('sharing a document with people, on %s', (database) => {
  const server = journeyServer(database);

  it('must let an owner on a Team trial invite an account to edit, which then finds and opens the document', async () => {
    const owner = await registerUser(server.url, 'Owner Olive');
    const second = await registerUser(server.url, 'Second Sam');
    // The second account proves its address: only a verified account joins a document at once.
    await verifyEmail(server, second);
    const id = await uploadViaApi(server.url, owner, readFileSync(madePdf('tracemonkey.pdf')), 'together.pdf');

    const { page, context, errors } = await openPage(browser, server.url);
    await signInWithToken(page, owner, `/editor/${id}`);
    await waitForPdf(page, 14);
    await page.locator('.mg-toolbar').getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await dialog.getByText('Inviting people is a Team feature (up to 5 members per document).').waitFor();
    await dialog.getByRole('button', { name: 'Start 14-day Team trial' }).click();
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(second.email);
    await dialog.getByRole('combobox', { name: 'Permission' }).selectOption('editor');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const role = dialog.getByRole('combobox', { name: `Permission for ${second.email}` });
    await role.waitFor();
    expect(await role.inputValue()).toBe('editor');
    expect(await dialog.getByTestId('collaborator').textContent()).toContain('Second Sam');
    expect(errors).toEqual([]);
    await context.close();

    const guest = await openPage(browser, server.url);
    await signInWithToken(guest.page, second, '/documents');
    const shared = guest.page.getByTestId('shared-document');
    await shared.waitFor();
    expect(await shared.textContent()).toMatch(/together\.pdf.*Shared by Owner Olive.*Can edit/);
    await shared.getByRole('link', { name: 'Open together.pdf' }).click();
    await guest.page.waitForURL(`${server.url}/editor/${id}`);
    await waitForPdf(guest.page, 14);
    await guest.page.locator('.mg-toolbar').getByRole('button', { name: 'Share' }).click();
    await guest.page.getByTestId('shared-by').getByText('Owner Olive shared this document with you. Can edit.').waitFor();
    expect(await guest.page.getByRole('textbox', { name: 'Email address' }).count()).toBe(0);
    expect(guest.errors).toEqual([]);
    await guest.context.close();
  });

  it('must turn an invitation to a new address into an account that lands on the document', async () => {
    const owner = await registerUser(server.url, 'Owner Ona');
    const started = await fetch(`${server.url}/api/account/team-trial`, { method: 'POST', headers: { Authorization: `Bearer ${owner.token}` } });
    expect(started.status).toBe(201);
    const id = await uploadViaApi(server.url, owner, readFileSync(madePdf('tracemonkey.pdf')), 'welcome.pdf');
    const email = `invited${Date.now()}@example.com`;
    const invited = await fetch(`${server.url}/api/documents/${id}/collaborators`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, role: 'viewer' }),
    });
    expect(invited.status).toBe(201);

    const link = await mailedLink(server.dataDir, email, '/register');
    // Nothing the page asks for is refused: a collaborator's editor leaves the thumbnail to the owner.
    const { page, context, errors } = await openPage(browser, server.url);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (!response.ok()) refused.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`);
    });
    await page.goto(new URL(link).pathname + new URL(link).search);
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
    await page.getByRole('textbox', { name: 'Name' }).fill('Invited Ivy');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Journey123');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Journey123');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${server.url}/editor/${id}`);
    await waitForPdf(page, 14);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
