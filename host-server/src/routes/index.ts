// Every API route, registered on one router.
import Router from '@koa/router';
import type { ServerContext } from '../context';
import { registerAnnotationRoutes } from './annotations';
import { registerAuthRoutes } from './auth';
import { registerDocumentRoutes } from './documents';
import { registerOidcRoutes } from './oidc';
import { registerShareRoutes } from './shares';

export function buildApiRouter(server: ServerContext): Router {
  const router = new Router();
  router.get('/api/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  registerAuthRoutes(router, server);
  registerOidcRoutes(router, server);
  registerDocumentRoutes(router, server);
  registerAnnotationRoutes(router, server);
  registerShareRoutes(router, server);
  return router;
}
