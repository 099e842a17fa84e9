// Every API route, registered on one router.
import Router from '@koa/router';
import type { ServerContext } from '../context';
import { registerAnnotationRoutes } from './annotations';
import { registerAuthRoutes } from './auth';
import { registerDocumentRoutes } from './documents';
import { registerCollaboratorRoutes } from './collaborators';
import { registerEmailVerificationRoutes } from './emailVerification';
import { registerHealthRoutes } from './health';
import { registerOidcRoutes } from './oidc';
import { registerRecoveryRoutes } from './recovery';
import { registerRevisionRoutes } from './revisions';
import { registerShareRoutes } from './shares';
import { registerSummaryRoutes } from './summary';
import { registerTrialRoutes } from './trial';

export function buildApiRouter(server: ServerContext): Router {
  const router = new Router();
  registerHealthRoutes(router, server);
  registerAuthRoutes(router, server);
  registerEmailVerificationRoutes(router, server);
  registerOidcRoutes(router, server);
  registerDocumentRoutes(router, server);
  registerAnnotationRoutes(router, server);
  registerShareRoutes(router, server);
  registerCollaboratorRoutes(router, server);
  registerRevisionRoutes(router, server);
  registerRecoveryRoutes(router, server);
  registerTrialRoutes(router, server);
  registerSummaryRoutes(router, server);
  return router;
}
