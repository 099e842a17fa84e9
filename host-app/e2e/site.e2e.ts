// Journeys through the public site: forms and their messages, pricing, footer pages, 404, mobile menu.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, launchBrowser, openPage, registerUser, signInWithToken } from './harness';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => browser?.close());

describe('public site', () => {
  it('must show every login message', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByText('Email is required').count()).toBe(1);
    await expect.poll(() => page.getByText('Password is required').count()).toBe(1);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByText('Invalid email address').count()).toBe(1);
    await expect.poll(() => page.getByText('Password must be at least 8 characters').count()).toBe(1);
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByLabel('Email').fill('nobody@example.com');
    await password.fill('WrongPass123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(await page.title()).toContain('Sign in');
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });

  it('must show every register message and require the terms', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Create Account' });
    await submit.click();
    for (const message of ['Name is required', 'Email is required', 'Password is required', 'Please confirm your password']) {
      await page.getByText(message).waitFor();
    }
    await page.getByLabel('Name').fill('A');
    await page.getByLabel('Email').fill('a@b');
    await page.getByLabel('Password', { exact: true }).fill('lowercase1');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('different1');
    await submit.click();
    for (const message of [
      'Name must be at least 2 characters',
      'Invalid email address',
      'Password must contain uppercase, lowercase, and number',
      'Passwords do not match',
    ]) {
      await page.getByText(message).waitFor();
    }
    await page.getByLabel('Password', { exact: true }).fill('short');
    await submit.click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByLabel('Name').fill('Ada');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Analytical1');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Analytical1');
    await submit.click();
    await page.getByText('You must accept the Terms of Service and Privacy Policy').waitFor();
    expect(page.url()).toContain('/register');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must validate the forgot-password and reset forms', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('we sent a link to reset your password').waitFor();
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByRole('textbox', { name: 'New password' }).fill('Another123');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Another124');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Another123');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('This password reset link is invalid or has expired.').waitFor();
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await context.close();
  });

  it('must toggle pricing and route plan buttons to sign-in', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/pricing');
    expect(await page.getByTestId('price-personal').textContent()).toBe('$9.99/mo');
    await page.getByRole('button', { name: /Yearly/ }).click();
    expect(await page.getByTestId('price-personal').textContent()).toBe('$99.99/yr');
    expect(await page.getByTestId('price-team').textContent()).toBe('$399.99/yr');
    await page.getByText('Save 17%').waitFor();
    await page.getByText('Is there a money-back guarantee?').click();
    await page.getByText('30-day money-back guarantee').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'pricing.png'), fullPage: true });
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must serve every footer page with its own title, and a 404', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/');
    await page.screenshot({ path: join(ARTIFACTS, 'landing.png'), fullPage: true });
    for (const [label, heading] of [
      ['Features', 'Everything you need to work with PDFs'],
      ['API', 'API'],
      ['About', 'About Marginalia'],
      ['Blog', 'Blog'],
      ['Careers', 'Careers'],
      ['Privacy Policy', 'Privacy Policy'],
      ['Terms of Service', 'Terms of Service'],
      ['Security', 'Security'],
    ] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.title()).toContain(heading === 'Everything you need to work with PDFs' ? 'Features' : heading);
    }
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Protect PDF' }).count();
    await page.goto('/');
    // The tool tiles open their tool in the editor route (Protect PDF's Pro prompt leads to /pricing).
    expect(await page.getByRole('link', { name: /Protect PDF/ }).getAttribute('href')).toBe('/editor?tool=protect');
    expect(await page.getByRole('link', { name: /Merge PDFs/ }).getAttribute('href')).toBe('/editor?tool=merge');
    expect(await page.getByRole('link', { name: 'Start Editing Free' }).getAttribute('href')).toBe('/editor');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must reject a non-PDF on the landing drop zone', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto('/');
    await page.getByTestId('landing-file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Invalid file type. Please upload a PDF file.').waitFor();
    await page
      .getByTestId('landing-file-input')
      .setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await page.getByText('File is too large. Maximum size is 10MB for free accounts.').waitFor();
    expect(page.url()).toBe(`${baseUrl}/`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('must navigate with the mobile menu, signed out and signed in', async () => {
    const user = await registerUser(baseUrl, 'Mobile Mia');
    const { page, context, errors } = await openPage(browser, baseUrl, { viewport: { width: 360, height: 740 } });
    await page.goto('/');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/pricing');
    await expect.poll(() => page.locator('#mobile-menu').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await signInWithToken(page, user, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('heading', { name: 'My Documents' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Sign In' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
