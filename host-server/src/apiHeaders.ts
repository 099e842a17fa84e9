// Security headers of every API response. The API answers JSON and files, never a page, so the set
// is the one OWASP's REST Security Cheat Sheet lists for APIs, plus Cross-Origin-Resource-Policy
// for the files reachable by URL alone (thumbnails, shared documents). helmet's page-oriented
// headers (Referrer-Policy, Cross-Origin-Opener-Policy, Origin-Agent-Cluster, X-DNS-Prefetch-Control
// and others) govern documents a browser renders, which an API response never is. They are written
// from one fixed list: helmet's thirteen middleware functions per request cost a tenth of the CPU
// time of a cached document list. The web app keeps helmet (static.ts).
import type { Middleware } from 'koa';

const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"],
  // Responses carry a user's documents: no shared cache keeps them (downloads set their own policy).
  ['Cache-Control', 'no-store'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

export function apiSecurityHeaders(): Middleware {
  return (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    for (const [name, value] of API_SECURITY_HEADERS) ctx.res.setHeader(name, value);
    return next();
  };
}
