// Guest recovery links, no sign-in: POST /api/recovery keeps a guest's work for 24 hours and mails
// the link; GET /api/recovery/:id (and /file) give it back in any browser. Rate limited per e-mail
// address and per client address, since each request sends a mail.
import type Router from '@koa/router';
import { emailField } from '@marginalia/api';
import * as z from 'zod';
import type { ServerContext } from '../context';
import { tooManyRequests } from '../errors';
import { mailboxKey } from '../infrastructure/rateLimit';
import { draftAnnotations, GUEST_TOO_LARGE, openDraft, storeDraft } from '../services/recovery';
import { checkProAnnotations } from '../services/proFeatures';
import { checkGuestDraftSpaceLeft } from '../services/storage';
import { receiveFile } from './uploads';
import { readAnnotations } from './annotationInput';
import { beforeBody, sendStoredFile } from './storedFiles';

export const TOO_MANY_RECOVERY_LINKS = 'Too many recovery links requested. Please try again later.';

const count = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(0, `${name} must be 0 or more`)
    .max(1_000_000, `${name} is too large`)
    .transform(Math.round);

const draftFields = z.object({
  email: emailField,
  fileName: z.string().max(255, 'fileName must be at most 255 characters').optional(),
  annotations: z.string({ error: 'annotations is required (a JSON array of annotations)' }),
  editCount: count('editCount'),
  timeSpent: count('timeSpent'),
});

export function registerRecoveryRoutes(router: Router, server: ServerContext): void {
  const { limits } = server.config;

  router.post('/api/recovery', async (ctx) => {
    const byAddress = await server.limiters.recoveryPerAddress.consume(ctx.ip);
    if (!byAddress.allowed) throw tooManyRequests(TOO_MANY_RECOVERY_LINKS, byAddress.retryAfterMs);
    await beforeBody(ctx, checkGuestDraftSpaceLeft(server));
    const received = await receiveFile(ctx, {
      tmpRoot: server.tmpDir,
      field: 'file',
      maxBytes: limits.maxGuestUploadBytes,
      tooLargeMessage: GUEST_TOO_LARGE,
      maxFieldsBytes: limits.annotationsJsonBytes,
    });
    try {
      const fields = draftFields.parse(received.fields);
      const annotations = readAnnotations(fields.annotations);
      // Guests have no Pro: their drafts cannot carry Pro annotations the app would not let them make.
      checkProAnnotations(null, server.now(), annotations, () => []);
      // Counted per mailbox, so `+tag` variants of one address share its count.
      const byEmail = await server.limiters.recoveryPerEmail.consume(mailboxKey(fields.email));
      if (!byEmail.allowed) throw tooManyRequests(TOO_MANY_RECOVERY_LINKS, byEmail.retryAfterMs);
      const draft = await storeDraft(
        server,
        received,
        { ...fields, annotations },
        { owner: `guest:${ctx.ip}` },
      );
      ctx.status = 201;
      ctx.body = draft;
    } finally {
      await received.cleanup();
    }
  });

  router.get('/api/recovery/:id', async (ctx) => {
    const id = ctx.params.id ?? '';
    const draft = await openDraft(server, id);
    ctx.body = {
      fileName: draft.fileName,
      annotations: draftAnnotations(draft),
      editCount: draft.editCount,
      timeSpent: draft.timeSpent,
      expiresAt: draft.expiresAt,
      fileUrl: `/api/recovery/${id}/file`,
    };
  });

  router.get('/api/recovery/:id/file', async (ctx) => {
    const draft = await openDraft(server, ctx.params.id ?? '');
    await sendStoredFile(server, ctx, draft.fileKey, { type: 'application/pdf', fileName: draft.fileName });
  });
}
