// Serves the built web app (host-app/dist) beside the API: files as they are, and index.html for
// any other non-API GET so client-side routes (/editor/…, /dashboard) survive a reload. Without a
// build, `/` says so in plain text and the API keeps working.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type Koa from 'koa';
import helmet from 'koa-helmet';
import serve from 'koa-static';

// pdf.js renders into canvases and runs its worker from a blob or the app's own origin; images and
// signatures are data URLs. Nothing loads from another origin. The export compiles HarfBuzz's
// WebAssembly (shaping Arabic and other complex scripts), which 'wasm-unsafe-eval' allows without
// allowing eval() of JavaScript.
const APP_CSP = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    workerSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", 'data:', 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
};

export function serveWebApp(koa: Koa, dir: string): void {
  const appHeaders = helmet({ contentSecurityPolicy: APP_CSP });
  const isPage = (ctx: Koa.Context) => (ctx.method === 'GET' || ctx.method === 'HEAD') && !ctx.path.startsWith('/api/');
  const index = join(dir, 'index.html');

  if (!existsSync(index)) {
    koa.use(async (ctx, next) => {
      if (!isPage(ctx) || ctx.path !== '/') return next();
      ctx.type = 'text/plain';
      ctx.body = 'Marginalia API is running. The web app has not been built yet: run `npm run build` at the repository root.\n';
    });
    return;
  }

  const files = serve(dir, { index: 'index.html', maxage: 0 });
  koa.use(async (ctx, next) => {
    if (!isPage(ctx)) return next();
    await appHeaders(ctx, async () => {
      await files(ctx, async () => {});
      if (ctx.body !== undefined && ctx.body !== null) {
        // Hashed assets never change; index.html must always be fresh.
        if (ctx.path.startsWith('/assets/')) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
        return;
      }
      // A path with an extension is a missing file, not a page.
      if (/\.[a-z0-9]+$/i.test(ctx.path)) return;
      ctx.path = '/';
      await files(ctx, async () => {});
      ctx.set('Cache-Control', 'no-cache');
    });
  });
}
