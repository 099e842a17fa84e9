// signPdf and verifySignatures in Chromium: the module uses Web Crypto and fetch only, so it signs
// in a page (the certificate file never leaves it) and asks the timestamp authority and the OCSP
// responder with fetch.
// The page is bundled from the sources with esbuild for the browser, Node's modules left out: any
// Node API reached would fail to load there.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, PACKAGE_ROOT, serveStatic } from '../../react/e2e/harness';
import { pagesPdf } from '../../test-support/handmadePdf';
import { pdfsig } from '../../test-support/pdfTools';
import {
  hasOpenssl,
  hasPdfsig,
  makeTestPki,
  P12_PASSWORD,
  startLocalTsa,
  type LocalTsa,
  type TestPki,
} from '../../test-support/pki';

/** What the test page adds to its global object (the core's types know no DOM, so no `window`). */
interface SignPage {
  /** Signs, then verifies; bytes travel as base64. */
  signInPage(
    pdf: string,
    p12: string,
    password: string,
    timestampUrl: string,
    roots: string[],
  ): Promise<{ signed: string; verified: unknown }>;
}

const PAGE_SCRIPT = `
import { signPdf } from ${JSON.stringify(join(PACKAGE_ROOT, 'src/core/signatures/signPdf.ts'))};
import { verifySignatures } from ${JSON.stringify(join(PACKAGE_ROOT, 'src/core/signatures/verifySignatures.ts'))};
const bytes = (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const base64 = (data) => btoa(Array.from(data, (byte) => String.fromCharCode(byte)).join(''));
globalThis.signInPage = async (pdf, p12, password, timestampUrl, roots) => {
  const { bytes: signed } = await signPdf(bytes(pdf), {
    p12: bytes(p12), password, level: 'B-LT', timestampUrl,
    appearance: { page: 1, rect: { x: 10, y: 10, width: 120, height: 40 } },
  });
  const verified = await verifySignatures(signed, { trustedRoots: roots.map(bytes) });
  return { signed: base64(signed), verified: JSON.parse(JSON.stringify(verified)) };
};
`;

describe.skipIf(!hasChromium || !hasOpenssl || !hasPdfsig)('signing in Chromium', () => {
  let dir: string;
  let browser: Browser;
  let page: Page;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let pki: TestPki;
  let tsa: LocalTsa;

  beforeAll(async () => {
    pki = await makeTestPki();
    tsa = await startLocalTsa(pki);
    dir = mkdtempSync(join(tmpdir(), 'marginalia-sign-browser-'));
    writeFileSync(join(dir, 'page.js'), PAGE_SCRIPT);
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><script type="module" src="./dist/page.js"></script>',
    );
    await build({
      entryPoints: { page: join(dir, 'page.js') },
      outdir: join(dir, 'dist'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
      logLevel: 'error',
    });
    server = await serveStatic(dir);
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction(
      () => typeof (globalThis as unknown as Partial<SignPage>).signInPage === 'function',
    );
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await tsa?.close();
    await pki?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('must sign at B-LT in the page, the timestamp and the OCSP response fetched there, and verify there', async () => {
    const b64 = (data: Uint8Array) => Buffer.from(data).toString('base64');
    const issuedBefore = tsa.issued;
    const { signed, verified } = await page.evaluate(
      ([pdf, p12, password, url, root]) =>
        (globalThis as unknown as SignPage).signInPage(pdf, p12, password, url, [root]),
      [b64(pagesPdf(1)), b64(pki.signerP12), P12_PASSWORD, tsa.url, b64(pki.caPem)] as const,
    );
    expect(tsa.issued).toBe(issuedBefore + 1);
    const bytes = new Uint8Array(Buffer.from(signed, 'base64'));
    expect(await pdfsig(bytes)).toContain('Signature is Valid.');
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/OCSPs\s*\[\s*\d+ 0 R/);
    expect(verified).toMatchObject([
      {
        signer: { commonName: 'Ada Signer' },
        level: 'B-LT',
        integrity: 'valid',
        trust: 'trusted',
        timestamp: { authority: 'Marginalia Test TSA' },
      },
    ]);
  }, 60_000);
});
