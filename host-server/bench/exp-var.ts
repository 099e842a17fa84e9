import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import cors from '@koa/cors';
const body = readFileSync(process.argv[2] ?? '', 'utf8');
const variant = process.argv[3] ?? 'A';
const app = new Koa();
const H: [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"], ['Cache-Control', 'no-store'],
  ['Cross-Origin-Opener-Policy', 'same-origin'], ['Cross-Origin-Resource-Policy', 'same-origin'], ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'], ['X-Content-Type-Options', 'nosniff'], ['X-Frame-Options', 'DENY'], ['X-Permitted-Cross-Domain-Policies', 'none']];
if (variant === 'S') { H.splice(6); }
if (variant === 'T') { for (const h of H) h[1] = 'x'; }
if (variant >= 'B') app.use((ctx, next) => { for (const [n, v] of H) ctx.res.setHeader(n, v); return next(); });
if (variant >= 'D') app.use(cors({ origin: () => '', credentials: true }));
const handler = (ctx: Koa.Context) => { ctx.type = 'application/json'; ctx.body = body; };
if (variant >= 'C') {
  const router = new Router();
  for (let i = 0; i < 25; i++) router.get(`/api/x${i}/:id`, (ctx) => { ctx.body = 'x'; });
  router.get('/api/documents', async (ctx, next) => { await next(); }, handler);
  app.use(router.routes()); app.use(router.allowedMethods());
} else app.use(handler);
const server = app.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })));
