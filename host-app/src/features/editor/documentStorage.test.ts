// @vitest-environment node
// The editor's storage over the documents API, against a real HTTP server on a random port: the
// first load is the one the page already made, a stale save is the editor's conflict (with the
// version the server holds), and a save over that version sends the whole list.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { diffAnnotations, normalizeAnnotation, StorageConflictError, type Annotation } from '@marginalia/pdf-editor/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client';
import { installApiClient } from '../../api/instance';
import { documentStorage } from './documentStorage';

let server: Server;
let requests: { method: string; body: Record<string, unknown> }[] = [];
/** The version the server holds: a save based on another is refused with 409. */
let stored = 3;

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      requests.push({ method: req.method ?? '', body });
      if (req.method === 'GET') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ annotations: [], version: stored }));
      const fits = body.version === stored;
      res.writeHead(fits ? 200 : 409, { 'Content-Type': 'application/json' }).end(JSON.stringify({ version: fits ? ++stored : stored }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  installApiClient(createApiClient({ baseUrl, getToken: () => 'abc123', clearToken: () => {}, notifyError: () => {}, goToLogin: () => {} }));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  requests = [];
  stored = 3;
});

const note = (id: string): Annotation => normalizeAnnotation({ id, type: 'text', page: 1, content: id });

describe('documentStorage', () => {
  it('must answer the first load with what the page loaded, and ask the server after', async () => {
    const opened = { annotations: [note('a')], version: 3 };
    const storage = documentStorage('a.pdf', opened);
    expect(await storage.load('doc')).toBe(opened);
    expect(requests).toEqual([]);
    expect(await storage.load('doc')).toEqual({ annotations: [], version: 3 });
    expect(requests.map((request) => request.method)).toEqual(['GET']);
  });

  it('must turn a stale save into the editor\'s conflict, and save the whole list over the version it names', async () => {
    const storage = documentStorage('a.pdf', { annotations: [], version: 2 });
    const list = [note('a'), note('b')];
    const error = await storage.save('doc', list, 2, diffAnnotations([note('a')], list)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageConflictError);
    expect(error).toMatchObject({ currentVersion: 3 });
    expect(await storage.save('doc', list, 3)).toEqual({ annotations: list, version: 4 });
    expect(requests.map((request) => request.method)).toEqual(['PATCH', 'PUT']);
    expect(requests[1]!.body).toEqual({ annotations: JSON.parse(JSON.stringify(list)), version: 3 });
  });
});
