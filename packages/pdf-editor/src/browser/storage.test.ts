// @vitest-environment node
// httpStorage against a real HTTP server speaking the older host-server's contract (GET/PUT with
// { annotations, version }, 409 on a stale version, no PATCH); memoryStorage's conflict rule. The
// PATCH of only the changes is tested against the real host-server, in its annotations tests.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStorage, StorageConflictError } from '../core/adapters';
import { diffAnnotations } from '../core/history/diff';
import { normalizeAnnotation } from '../core/model/defaults';
import type { Annotation } from '../core/model/types';
import { httpStorage } from './httpStorage';

const note = normalizeAnnotation({ type: 'rectangle', page: 1 }) as Annotation;

describe('httpStorage', () => {
  const documents = new Map<string, { annotations: unknown[]; version: number }>();
  const seenAuth: (string | undefined)[] = [];
  const methods: string[] = [];
  let base = '';
  const server = createServer((request, response) => {
    seenAuth.push(request.headers.authorization);
    methods.push(request.method ?? '');
    if (request.method === 'PATCH') {
      response.writeHead(405, { Allow: 'GET, PUT', 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Method Not Allowed' }));
      return;
    }
    const id = /\/api\/documents\/([^/]+)\/annotations$/.exec(request.url ?? '')?.[1] ?? '';
    if (request.method === 'GET') {
      const stored = documents.get(id);
      response.writeHead(stored ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(stored ?? { message: 'Not found' }));
      return;
    }
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const { annotations, version } = JSON.parse(body) as { annotations: unknown[]; version: number };
      const current = documents.get(id)?.version ?? 0;
      if (version !== current) {
        response.writeHead(409, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Conflict', version: current }));
        return;
      }
      documents.set(id, { annotations, version: current + 1 });
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(documents.get(id)));
    });
  });

  beforeAll(async () => {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('must save, load and report a stale version as a StorageConflictError', async () => {
    const storage = httpStorage(base, () => 'secret');
    expect(await storage.load('doc-1')).toBeNull();
    expect(await storage.save('doc-1', [note], 0)).toMatchObject({ version: 1 });
    const loaded = await storage.load('doc-1');
    expect(loaded).toEqual({ annotations: [note], version: 1 });
    const conflict = await storage.save('doc-1', [], 0).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(StorageConflictError);
    expect((conflict as StorageConflictError).currentVersion).toBe(1);
    expect(seenAuth.every((header) => header === 'Bearer secret')).toBe(true);
    // Revisions beyond the annotation format's version still load.
    await storage.save('doc-1', [], 1);
    await storage.save('doc-1', [note], 2);
    expect(await storage.load('doc-1')).toEqual({ annotations: [note], version: 3 });
  });

  it('must save the whole list where the server has no PATCH, and stop asking after its 405', async () => {
    const storage = httpStorage(base);
    const first = [note];
    await storage.save('doc-2', first, 0, diffAnnotations([], first));
    const second = [{ ...note, color: '#ff0000' }];
    methods.length = 0;
    expect(await storage.save('doc-2', second, 1, diffAnnotations(first, second))).toMatchObject({ version: 2 });
    const third: Annotation[] = [];
    expect(await storage.save('doc-2', third, 2, diffAnnotations(second, third))).toMatchObject({ version: 3 });
    expect(methods).toEqual(['PATCH', 'PUT', 'PUT']);
    expect(await storage.load('doc-2')).toEqual({ annotations: [], version: 3 });
  });
});

describe('memoryStorage', () => {
  it('must version saves and refuse a save from an old version', async () => {
    const storage = memoryStorage();
    const first = await storage.save('a', [note], 0);
    expect(first.version).toBe(1);
    await expect(storage.save('a', [], 0)).rejects.toBeInstanceOf(StorageConflictError);
    expect((await storage.load('a'))?.annotations).toEqual([note]);
  });
});
