// Page saves and version history: PUT /api/documents/:id/content stores a new PDF and its
// annotations together; /api/documents/:id/revisions lists, opens, saves and restores versions.
import type Router from '@koa/router';
import type { ContentSaveResponse } from '@marginalia/api';
import * as z from 'zod';
import type { ServerContext } from '../context';
import { storedAnnotations } from '../services/annotations';
import { TOO_LARGE } from '../services/documents';
import { withExtension } from '../services/fileNames';
import { sharingOf } from '../services/collaborators';
import { presentDocument } from '../services/presenters';
import {
  findRevision,
  listRevisions,
  presentRevision,
  replaceContent,
  restoreRevision,
  saveVersion,
  type ContentChange,
} from '../services/revisions';
import { findWritableDocument } from '../services/collaborators';
import { checkStorageLeft } from '../services/storage';
import { receiveFile } from './uploads';
import { readAnnotations } from './annotationInput';
import { jsonBody, readBody } from './bodies';
import { beforeBody, sendStoredFile } from './storedFiles';
import { shareReplacedContent } from '../services/collaboration';
import { authState, requireAuth } from './requireAuth';
import { baseVersionField } from './validation';

const contentFields = z.object({
  annotations: z.string({ error: 'annotations is required (a JSON array of annotations)' }),
  // A form field is text: read as a number, then held to the same range as a JSON version.
  version: z.coerce.number({ error: 'version is required (the version the edits are based on)' }).pipe(baseVersionField),
});

const saveVersionSchema = z.object({
  label: z
    .string()
    .trim()
    .max(100, 'label must be at most 100 characters')
    .optional()
    .transform((label) => label || null),
});

const restoreSchema = z.object({ version: baseVersionField });

async function presentChange(server: ServerContext, change: ContentChange) {
  return {
    document: presentDocument(server, change.document, await sharingOf(server, change.document, 'owner')),
    annotations: change.annotations,
    version: change.document.annotationsVersion,
    revision: presentRevision(change.revision),
  } satisfies ContentSaveResponse;
}

export function registerRevisionRoutes(router: Router, server: ServerContext): void {
  const auth = requireAuth(server);
  const json = jsonBody(server.config.limits.jsonBytes);
  const { limits } = server.config;

  router.put('/api/documents/:id/content', auth, async (ctx) => {
    const { user } = authState(ctx);
    // Refused before the body is read when nothing more fits in the owner's storage (an editor's
    // page save counts there); measured again under the lock.
    await beforeBody(ctx, findWritableDocument(server, user, ctx.params.id ?? '').then(({ owner }) => checkStorageLeft(server, owner)));
    const received = await receiveFile(ctx, {
      tmpRoot: server.tmpDir,
      field: 'file',
      maxBytes: limits.maxUploadBytes,
      tooLargeMessage: TOO_LARGE,
      maxFieldsBytes: limits.annotationsJsonBytes,
    });
    try {
      const fields = contentFields.parse(received.fields);
      const change = await replaceContent(server, user, ctx.params.id ?? '', received, {
        annotations: readAnnotations(fields.annotations),
        version: fields.version,
      });
      await shareReplacedContent(server, change.document, change.annotations);
      ctx.body = await presentChange(server, change);
    } finally {
      await received.cleanup();
    }
  });

  router.post('/api/documents/:id/revisions', auth, json, async (ctx) => {
    const { label } = readBody(ctx, saveVersionSchema);
    const revision = await saveVersion(server, authState(ctx).user, ctx.params.id ?? '', label);
    ctx.status = 201;
    ctx.body = { revision: presentRevision(revision) };
  });

  router.get('/api/documents/:id/revisions', auth, async (ctx) => {
    const revisions = await listRevisions(server, authState(ctx).user, ctx.params.id ?? '');
    ctx.body = { revisions: revisions.map(presentRevision) };
  });

  router.get('/api/documents/:id/revisions/:revisionId', auth, async (ctx) => {
    const { revision } = await findRevision(
      server,
      authState(ctx).user,
      ctx.params.id ?? '',
      ctx.params.revisionId ?? '',
    );
    ctx.body = { revision: presentRevision(revision), annotations: storedAnnotations(revision) };
  });

  router.get('/api/documents/:id/revisions/:revisionId/file', auth, async (ctx) => {
    const { user } = authState(ctx);
    const { document, revision } = await findRevision(
      server,
      user,
      ctx.params.id ?? '',
      ctx.params.revisionId ?? '',
    );
    await sendStoredFile(server, ctx, revision.pdfKey, {
      type: 'application/pdf',
      fileName: withExtension(document.name, `_version_${revision.number}.pdf`),
    });
  });

  router.post('/api/documents/:id/revisions/:revisionId/restore', auth, json, async (ctx) => {
    const { version } = readBody(ctx, restoreSchema);
    const change = await restoreRevision(
      server,
      authState(ctx).user,
      ctx.params.id ?? '',
      ctx.params.revisionId ?? '',
      version,
    );
    await shareReplacedContent(server, change.document, change.annotations);
    ctx.body = await presentChange(server, change);
  });
}
