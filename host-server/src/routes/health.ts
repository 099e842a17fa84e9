// Health checks for load balancers and orchestrators. Liveness (`/api/health`, `/api/health/live`)
// says the process answers HTTP, whatever its dependencies do: restarting it would not bring the
// database back. Readiness (`/api/health/ready`) says whether requests can be served now, naming
// each dependency that does not answer.
import type Router from '@koa/router';
import type { ServerContext } from '../context';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from '../errors';

export function registerHealthRoutes(router: Router, server: ServerContext): void {
  const live = (ctx: { body: unknown }) => {
    ctx.body = { status: 'ok' };
  };
  router.get('/api/health', live);
  router.get('/api/health/live', live);
  router.get('/api/health/ready', async (ctx) => {
    const { ready, database, redis, storage } = await server.readiness();
    if (ready) {
      ctx.body = { status: 'ready', database, redis, storage };
      return;
    }
    const down = [database === 'down' && 'database', redis === 'down' && 'redis', storage === 'down' && 'file storage'].filter(Boolean);
    ctx.status = 503;
    ctx.set('Retry-After', String(DEPENDENCY_RETRY_AFTER_SECONDS));
    ctx.body = { status: 'unavailable', message: `Not ready: ${down.join(' and ')} unavailable`, database, redis, storage };
  });
}
