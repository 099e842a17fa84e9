import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp } from './static';
import { createTestServer, type TestServer } from './test-support/testServer';

let t: TestServer;
let webDir: string;
// Koa composes its middleware when the callback is made, so the request helper comes after serveWebApp.
let http: ReturnType<typeof request>;

beforeAll(async () => {
  t = await createTestServer();
  webDir = await mkdtemp(join(tmpdir(), 'marginalia-web-'));
  await mkdir(join(webDir, 'assets'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Marginalia</title><div id="root"></div>');
  await writeFile(join(webDir, 'assets', 'app-1234.js'), 'console.log("app")');
  serveWebApp(t.app.koa, webDir);
  http = request(t.app.callback());
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('serves files, and index.html for client-side routes', async () => {
    const home = await http.get('/').expect(200);
    expect(home.text).toContain('<div id="root">');
    expect(home.headers['content-security-policy']).toContain("default-src 'self'");
    // WebAssembly (the export's text shaper) may compile; JavaScript eval() may not.
    expect(home.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    const asset = await http.get('/assets/app-1234.js').expect(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const route = await http.get('/editor/123').expect(200);
    expect(route.text).toContain('<div id="root">');
    expect(route.headers['cache-control']).toBe('no-cache');
  });

  it('keeps API answers and missing files apart from the app', async () => {
    expect((await http.get('/api/unknown').expect(404)).body).toEqual({ message: 'Not found' });
    await http.get('/assets/missing.js').expect(404);
    expect((await http.get('/api/health').expect(200)).body).toEqual({ status: 'ok' });
  });

  it('without a build, answers / with a plain message and keeps the API working', async () => {
    const bare = await createTestServer();
    try {
      serveWebApp(bare.app.koa, join(webDir, 'not-built'));
      const http = request(bare.app.callback());
      const home = await http.get('/').expect(200);
      expect(home.headers['content-type']).toMatch(/text\/plain/);
      expect(home.text).toContain('The web app has not been built');
      await http.get('/api/health').expect(200);
    } finally {
      await bare.close();
    }
  });
});
