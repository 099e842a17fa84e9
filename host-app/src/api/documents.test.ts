// @vitest-environment node
// Saving annotations as changes, against a real HTTP server on a random port that answers the
// PATCH as the host-server does, or as an older server without it: what goes over the wire, and
// when the whole list is sent instead.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { diffAnnotations, normalizeAnnotation, type Annotation } from '@marginalia/pdf-editor/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { documentsApi } from './documents';
import { ApiError } from './errors';
import { installApiClient } from './instance';

interface Request {
  method: string;
  body: Record<string, unknown>;
}

let server: Server;
let requests: Request[] = [];
let toasts: string[] = [];
/** How the server answers a PATCH: the status, or 200 with the next version. */
let patchStatus = 200;

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      requests.push({ method: req.method ?? '', body });
      const status = req.method === 'PATCH' ? patchStatus : 200;
      const answers: Record<number, unknown> = {
        200: { version: Number(body.version) + 1 },
        405: { message: 'Method Not Allowed' },
        409: { message: 'These annotations were changed elsewhere', version: 7 },
        422: { message: 'No annotation with the id "x" to update or remove.', reason: 'unknown-id', ids: ['x'] },
      };
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answers[status]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  installApiClient(
    createApiClient({
      baseUrl,
      getToken: () => 'abc123',
      clearToken: () => {},
      notifyError: (message) => void toasts.push(message),
      goToLogin: () => {},
    }),
  );
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  requests = [];
  toasts = [];
  patchStatus = 200;
});

const note = (id: string, content: string): Annotation => normalizeAnnotation({ id, type: 'text', page: 1, content });
const saved = Array.from({ length: 200 }, (_, index) => note(`n${index}`, `Note ${index} about the figures on this page`));
const edited = saved.map((annotation, index) => (index === 120 ? { ...annotation, content: 'Checked' } : annotation));

describe('documentsApi.saveAnnotationChanges', () => {
  it('must send only the changed annotation, never the list', async () => {
    expect(await documentsApi.saveAnnotationChanges('doc', edited, 3, diffAnnotations(saved, edited))).toEqual({ version: 4 });
    expect(requests).toEqual([{ method: 'PATCH', body: { added: [], updated: [edited[120]], removed: [], version: 3 } }]);
  });

  it.each([405, 422])('must send the whole list on the same version when the PATCH answers %i, telling the user nothing', async (status) => {
    patchStatus = status;
    expect(await documentsApi.saveAnnotationChanges('doc', edited, 3, diffAnnotations(saved, edited))).toEqual({ version: 4 });
    expect(requests.map((request) => request.method)).toEqual(['PATCH', 'PUT']);
    expect(requests[1]!.body).toEqual({ annotations: JSON.parse(JSON.stringify(edited)), version: 3 });
    expect(toasts).toEqual([]);
  });

  it('must leave a conflict to the caller, without sending the list over it', async () => {
    patchStatus = 409;
    const error = await documentsApi.saveAnnotationChanges('doc', edited, 3, diffAnnotations(saved, edited)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, body: { version: 7 } });
    expect(requests.map((request) => request.method)).toEqual(['PATCH']);
    expect(toasts).toEqual([]);
  });

  it('must send the whole list for a first save and for a reordered list', async () => {
    await documentsApi.saveAnnotationChanges('doc', edited, 0, diffAnnotations([], edited));
    // An undone deletion puts n5 back in the middle: changes cannot say where.
    const withoutFive = saved.filter((annotation) => annotation.id !== 'n5');
    await documentsApi.saveAnnotationChanges('doc', saved, 4, diffAnnotations(withoutFive, saved));
    expect(requests.map((request) => request.method)).toEqual(['PUT', 'PUT']);
  });
});
