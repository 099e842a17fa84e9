// The people the owner invites to a document (services/members.ts): list, invite or change a role,
// and remove. Removing someone, or lowering them to viewer, ends their live editing session at once.
import { addMemberRequest, changeMemberRequest, type MemberListResponse, type MemberResponse } from '@marginalia/api';
import type Router from '@koa/router';
import type { ServerContext } from '../context';
import { addMember, changeMemberRole, listMembers, memberGrant, removeMember } from '../services/members';
import { jsonBody, readBody } from './bodies';
import { authState, requireAuth } from './requireAuth';

export function registerMemberRoutes(router: Router, server: ServerContext): void {
  const auth = requireAuth(server);
  const json = jsonBody(server.config.limits.jsonBytes);

  router.get('/api/documents/:id/members', auth, async (ctx) => {
    const body: MemberListResponse = { members: await listMembers(server, authState(ctx).user, ctx.params.id ?? '') };
    ctx.body = body;
  });

  router.post('/api/documents/:id/members', auth, json, async (ctx) => {
    const documentId = ctx.params.id ?? '';
    const member = await addMember(server, authState(ctx).user, documentId, readBody(ctx, addMemberRequest));
    // A role lowered to viewer: the editing session ends now; the member reconnects read-only.
    if (member.role === 'viewer') server.collaboration.revoke(memberGrant(documentId, member.userId));
    const body: MemberResponse = { member };
    ctx.status = 201;
    ctx.body = body;
  });

  router.patch('/api/documents/:id/members/:userId', auth, json, async (ctx) => {
    const documentId = ctx.params.id ?? '';
    const { role } = readBody(ctx, changeMemberRequest);
    const member = await changeMemberRole(server, authState(ctx).user, documentId, ctx.params.userId ?? '', role);
    if (role === 'viewer') server.collaboration.revoke(memberGrant(documentId, member.userId));
    const body: MemberResponse = { member };
    ctx.body = body;
  });

  router.delete('/api/documents/:id/members/:userId', auth, async (ctx) => {
    const documentId = ctx.params.id ?? '';
    const userId = ctx.params.userId ?? '';
    await removeMember(server, authState(ctx).user, documentId, userId);
    server.collaboration.revoke(memberGrant(documentId, userId));
    ctx.body = { message: 'Member removed' };
  });
}
