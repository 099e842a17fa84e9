// The people the owner invites to a document (services/collaborators.ts): list, invite or change a
// role, and remove or revoke. Removing someone, or lowering them to viewer, ends their live editing
// session at once.
import {
  changeCollaboratorRequest,
  inviteCollaboratorRequest,
  type CollaboratorListResponse,
  type CollaboratorResponse,
} from '@marginalia/api';
import type Router from '@koa/router';
import type { ServerContext } from '../context';
import { changeCollaboratorRole, inviteCollaborator, listCollaborators, memberGrant, removeCollaborator } from '../services/collaborators';
import { jsonBody, readBody } from './bodies';
import { authState, requireAuth } from './requireAuth';

export function registerCollaboratorRoutes(router: Router, server: ServerContext): void {
  const auth = requireAuth(server);
  const json = jsonBody(server.config.limits.jsonBytes);

  router.get('/api/documents/:id/collaborators', auth, async (ctx) => {
    const body: CollaboratorListResponse = { collaborators: await listCollaborators(server, authState(ctx).user, ctx.params.id ?? '') };
    ctx.body = body;
  });

  router.post('/api/documents/:id/collaborators', auth, json, async (ctx) => {
    const documentId = ctx.params.id ?? '';
    const collaborator = await inviteCollaborator(server, authState(ctx).user, documentId, readBody(ctx, inviteCollaboratorRequest));
    // A member lowered to viewer: the editing session ends now; they reconnect read-only.
    if (collaborator.userId && collaborator.role === 'viewer') server.collaboration.revoke(memberGrant(documentId, collaborator.userId));
    const body: CollaboratorResponse = { collaborator };
    ctx.status = 201;
    ctx.body = body;
  });

  router.patch('/api/documents/:id/collaborators/:collaboratorId', auth, json, async (ctx) => {
    const documentId = ctx.params.id ?? '';
    const { role } = readBody(ctx, changeCollaboratorRequest);
    const collaborator = await changeCollaboratorRole(server, authState(ctx).user, documentId, ctx.params.collaboratorId ?? '', role);
    if (collaborator.userId && role === 'viewer') server.collaboration.revoke(memberGrant(documentId, collaborator.userId));
    const body: CollaboratorResponse = { collaborator };
    ctx.body = body;
  });

  router.delete('/api/documents/:id/collaborators/:collaboratorId', auth, async (ctx) => {
    const documentId = ctx.params.id ?? '';
    const collaboratorId = ctx.params.collaboratorId ?? '';
    await removeCollaborator(server, authState(ctx).user, documentId, collaboratorId);
    server.collaboration.revoke(memberGrant(documentId, collaboratorId));
    ctx.body = { message: 'Collaborator removed' };
  });
}
