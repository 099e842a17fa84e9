// The editor's saved work: GET/PUT /api/documents/:id/annotations with optimistic versioning (a PUT
// based on a stale version answers 409, so two tabs cannot silently overwrite each other), PATCH
// with only what changed since a version, under the same rule, and GET /api/documents/:id/export,
// the PDF with the annotations burned in by the core.
import { applyAnnotationChanges } from '@marginalia/pdf-editor/core';
import type Router from '@koa/router';
import * as z from 'zod';
import type { ServerContext } from '../context';
import { StaleVersionError } from '../domain/errors';
import { formValuesField } from '@marginalia/api';
import { patchAnnotations, replaceAnnotations, storedAnnotations, storedFormValues } from '../services/annotations';
import { listBeforeSharedSave, shareSavedChange } from '../services/collaboration';
import { findOwnDocument } from '../services/documents';
import { findReadableDocument } from '../services/collaborators';
import { readAnnotationChanges, readAnnotations } from './annotationInput';
import { parseWatermark, sendExport } from './exports';
import { jsonBody, readBody } from './bodies';
import { authState, requireAuth } from './requireAuth';
import { baseVersionField } from './validation';

// `formValues`, the values of the PDF's form fields, go with the annotations when a client has them;
// a client that does not know them sends none and the stored ones stay.
const putSchema = z.object({ annotations: z.unknown(), version: baseVersionField, formValues: formValuesField.optional() });

// The lists are read by the SDK's parseAnnotationChanges, as the clients write them.
const patchSchema = z.object({
  added: z.unknown().optional(),
  updated: z.unknown().optional(),
  removed: z.unknown().optional(),
  version: baseVersionField,
  formValues: formValuesField.optional(),
});

export function registerAnnotationRoutes(router: Router, server: ServerContext): void {
  const auth = requireAuth(server);
  const json = jsonBody(server.config.limits.annotationsJsonBytes);

  router.get('/api/documents/:id/annotations', auth, async (ctx) => {
    const { document } = await findReadableDocument(server, authState(ctx).user, ctx.params.id ?? '', { withAnnotations: true });
    const formValues = storedFormValues(document);
    ctx.body = { annotations: storedAnnotations(document), version: document.annotationsVersion, ...(formValues && { formValues }) };
  });

  router.put('/api/documents/:id/annotations', auth, json, async (ctx) => {
    const { user } = authState(ctx);
    const document = await findOwnDocument(server, user, ctx.params.id ?? '');
    const body = readBody(ctx, putSchema);
    const annotations = readAnnotations(body.annotations);
    const { formValues } = body;
    const save = { Document: server.models.Document, documentId: document.id, user, version: body.version, now: server.now(), formValues };
    const before = await listBeforeSharedSave(server, document.id);
    const version = await replaceAnnotations(save, annotations);
    if (before) await shareSavedChange(server, document.id, before, annotations);
    ctx.body = { annotations, version, ...(formValues && { formValues }) };
  });

  // A diff applies only to the version stored now (see services/annotations.ts); a stale version is
  // the PUT's 409, so one of two saves from the same version always hears of the other.
  router.patch('/api/documents/:id/annotations', auth, json, async (ctx) => {
    const { user } = authState(ctx);
    const document = await findOwnDocument(server, user, ctx.params.id ?? '');
    const { version, formValues, ...input } = readBody(ctx, patchSchema);
    const changes = readAnnotationChanges(input);
    // Spares reading the stored list when the answer is already known; checked again under the lock.
    if (document.annotationsVersion !== version) throw new StaleVersionError(document.annotationsVersion);
    const before = await listBeforeSharedSave(server, document.id);
    const saved = await patchAnnotations(
      {
        Document: server.models.Document,
        documentId: document.id,
        user,
        version,
        now: server.now(),
        formValues,
        knex: server.knex,
        lockRow: server.client === 'postgres',
        maxBytes: server.config.limits.annotationsJsonBytes,
      },
      changes,
    );
    if (before) await shareSavedChange(server, document.id, before, applyAnnotationChanges(before, changes));
    ctx.body = { version: saved };
  });

  router.get('/api/documents/:id/export', auth, async (ctx) => {
    const { document } = await findReadableDocument(server, authState(ctx).user, ctx.params.id ?? '', { withAnnotations: true });
    await sendExport(server, ctx, document, parseWatermark(ctx.query.watermark));
  });
}
