// /api/account/trial and /api/account/team-trial: a signed-in user starts the account's one 14-day
// trial of the Personal plan, or its one 14-day trial of the Team plan.
import type Router from '@koa/router';
import type { ServerContext } from '../context';
import { startTeamTrial, startTrial } from '../services/plans';
import { presentUser } from '../services/presenters';
import { authState, requireAuth } from './requireAuth';

export function registerTrialRoutes(router: Router, server: ServerContext): void {
  router.post('/api/account/trial', requireAuth(server), async (ctx) => {
    const user = await startTrial(server, authState(ctx).user);
    ctx.status = 201;
    ctx.body = { user: await presentUser(server, user) };
  });

  router.post('/api/account/team-trial', requireAuth(server), async (ctx) => {
    const user = await startTeamTrial(server, authState(ctx).user);
    ctx.status = 201;
    ctx.body = { user: await presentUser(server, user) };
  });
}
