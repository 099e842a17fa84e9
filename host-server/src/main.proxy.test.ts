// Three instances of the built server as docs/deployment.md deploys them: each with a DATA_DIR of
// its own, all on one PostgreSQL, one Redis and one S3 bucket (a cluster, a redis-server and an
// s3rver of the test's own), behind nginx on loopback. Whatever instance a request reaches, it sees
// what the others stored; concurrent saves stay serialised by version; an instance killed with
// SIGKILL under traffic loses no acknowledged save and no export; and afterwards the bucket holds
// exactly the objects the database names.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { normalizeAnnotation, type Annotation } from '@marginalia/pdf-editor/core';
import knexFactory from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnnotations, writeAnnotations } from '@marginalia/pdf-editor/collab';
import { FILE_REFERENCES } from './infrastructure/maintenance';
import { assertServerBuilt, type BuiltServer, startBuiltServer } from './test-support/builtServer';
import { joinDocument, leaveEveryone, untilSeen } from './test-support/collaborators';
import { makePdf } from './test-support/fixtures';
import { missingTools, type PrivateService, startPrivatePostgres, startPrivateRedis } from './test-support/privateServices';
import { nginxPath, type Proxy, startNginx } from './test-support/proxy';
import { startTestS3, type TestS3 } from './test-support/s3';
import { TEST_DATABASE } from './test-support/testServer';

const INSTANCES = 3;
const missing = missingTools(['initdb', 'pg_ctl', 'redis-server']);
if (!nginxPath()) missing.push('nginx');
// The test brings its own PostgreSQL, so it runs once, in the SQLite project.
const skip = missing.length > 0 || TEST_DATABASE === 'postgres';
if (missing.length > 0) console.warn(`Skipping the three-instance deployment test: ${missing.join(', ')} not found`);

const JWT_SECRET = 'proxy-test-secret-that-is-long-enough-12345';

let postgres: PrivateService | undefined;
let redis: PrivateService | undefined;
let s3: TestS3 | undefined;
let proxy: Proxy | undefined;
const instances: BuiltServer[] = [];
const folders: string[] = [];

const dataDirs = new Map<BuiltServer, string>();

/** An instance on a new data folder, or on `dataDir` again (an instance restarted where it ran). */
async function startInstance(dataDir?: string): Promise<BuiltServer> {
  if (!postgres || !redis || !s3) throw new Error('services not started');
  if (!dataDir) {
    dataDir = await mkdtemp(join(tmpdir(), 'marginalia-instance-'));
    folders.push(dataDir);
  }
  const server = await startBuiltServer({
    dataDir,
    schema: '',
    jwtSecret: JWT_SECRET,
    env: {
      DATABASE_URL: postgres.url,
      DATABASE_SCHEMA: '',
      REDIS_URL: redis.url,
      ...s3.env(),
      TRUSTED_PROXIES: '127.0.0.1',
    },
  });
  instances.push(server);
  dataDirs.set(server, dataDir);
  return server;
}

beforeAll(async () => {
  if (skip) return;
  assertServerBuilt();
  [postgres, redis, s3] = await Promise.all([startPrivatePostgres(), startPrivateRedis(), startTestS3()]);
  // The first instance creates the schema; the others start on it.
  await startInstance();
  for (let i = 1; i < INSTANCES; i++) await startInstance();
  proxy = await startNginx(instances.map((instance) => instance.port));
}, 240_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.allSettled(instances.map((instance) => instance.stop('SIGKILL')));
  await Promise.allSettled([postgres?.destroy(), redis?.destroy(), s3?.close()]);
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
}, 180_000);

/** A connection to the private PostgreSQL with the server's column naming, for the test's own reads. */
async function withDatabase<T>(work: (database: knexFactory.Knex) => Promise<T>): Promise<T> {
  if (!postgres) throw new Error('PostgreSQL not started');
  const database = knexFactory({ client: 'pg', connection: postgres.url, pool: { min: 0, max: 1 }, ...knexSnakeCaseMappers() });
  try {
    return await work(database);
  } finally {
    await database.destroy();
  }
}

/** Every object key a row names, sorted. */
const keysNamedByRows = () =>
  withDatabase(async (database) => {
    const keys = new Set<string>();
    for (const { table, columns } of FILE_REFERENCES) {
      for (const row of (await database(table).select(...columns)) as Array<Record<string, string | null>>) {
        for (const column of columns) if (row[column]) keys.add(row[column]);
      }
    }
    return [...keys].sort();
  });

const base = (index: number) => {
  const instance = instances[index];
  if (!instance) throw new Error(`no instance ${index}`);
  return instance.base;
};
const proxied = () => {
  if (!proxy) throw new Error('proxy not started');
  return proxy.base;
};

async function json(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`${response.status}: ${text.slice(0, 200)}`);
  }
}

async function bytes(response: Response): Promise<Buffer> {
  expect(response.status, response.url).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Signs a new user up and in through the proxy, on the Team plan (no upload quota in the way). */
async function newUser(name: string): Promise<{ token: string; auth: Record<string, string> }> {
  const email = `${name}@example.com`;
  const password = 'Proxy-test-1';
  const registered = await fetch(`${proxied()}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Proxy Tester', email, password }),
  });
  expect(registered.status).toBe(201);
  await withDatabase((database) => database('users').where('email', email).update({ plan: 'team' }));
  const login = await fetch(`${proxied()}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  const { token } = (await json(login)) as { token: string };
  return { token, auth: { Authorization: `Bearer ${token}` } };
}

function pdfForm(pdf: Buffer, name: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
  return form;
}

async function upload(at: string, auth: Record<string, string>, pdf: Buffer): Promise<string> {
  const response = await fetch(`${at}/api/documents/upload`, { method: 'POST', headers: auth, body: pdfForm(pdf, 'memo.pdf') });
  expect(response.status).toBe(201);
  return ((await json(response)) as { document: { id: string } }).document.id;
}

const note = (id: string, content: string): Annotation =>
  normalizeAnnotation({
    id,
    type: 'text',
    page: 1,
    position: { x: 72, y: 100 },
    content,
    fontSize: 18,
    color: '#c00000',
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  });

/** Saves annotations (and optionally new page bytes) at `version`: the answer's status. */
async function savePages(at: string, auth: Record<string, string>, id: string, version: number, pdf: Buffer, annotations: Annotation[]) {
  return fetch(`${at}/api/documents/${id}/content`, {
    method: 'PUT',
    headers: auth,
    body: pdfForm(pdf, 'pages.pdf', { annotations: JSON.stringify(annotations), version: String(version) }),
  });
}

const pageCount = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPageCount();

describe.skipIf(skip)(`${INSTANCES} instances behind nginx, one PostgreSQL, one Redis, one bucket`, () => {
  it('spreads requests over every instance through the proxy', async () => {
    const { auth } = await newUser('spread');
    const served = new Set<string>();
    for (let i = 0; i < 4 * INSTANCES; i++) {
      const response = await fetch(`${proxied()}/api/documents`, { headers: auth });
      expect(response.status).toBe(200);
      served.add(response.headers.get('x-upstream') ?? '');
      await response.arrayBuffer();
    }
    expect([...served].sort()).toEqual(instances.map((instance) => `127.0.0.1:${instance.port}`).sort());
  });

  it('serves on every instance what another stored: download, export, share, page save, revision restore, recovery link', async () => {
    const { auth } = await newUser('journeys');
    const original = await makePdf(2, 'Uploaded on the first');
    const id = await upload(base(0), auth, original);

    expect(Buffer.compare(await bytes(await fetch(`${base(1)}/api/documents/${id}/download`, { headers: auth })), original)).toBe(0);
    expect(await pageCount(await bytes(await fetch(`${base(2)}/api/documents/${id}/export`, { headers: auth })))).toBe(2);

    const shared = await fetch(`${base(1)}/api/documents/${id}/shares`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{}' });
    expect(shared.status).toBe(201);
    const shareToken = ((await json(shared)) as { share: { token: string } }).share.token;
    expect(Buffer.compare(await bytes(await fetch(`${base(2)}/api/shares/${shareToken}/file`)), original)).toBe(0);
    expect(await pageCount(await bytes(await fetch(`${base(0)}/api/shares/${shareToken}/export`)))).toBe(2);

    const pages = await makePdf(3, 'Saved on the third');
    const saved = await savePages(base(2), auth, id, 0, pages, [note('n1', 'Saved on the third')]);
    expect(saved.status).toBe(200);
    const revisionId = ((await json(saved)) as { revision: { id: string } }).revision.id;
    expect(Buffer.compare(await bytes(await fetch(`${base(0)}/api/documents/${id}/download`, { headers: auth })), pages)).toBe(0);

    expect((await savePages(base(0), auth, id, 1, await makePdf(1, 'Second save'), [])).status).toBe(200);
    const restored = await fetch(`${base(1)}/api/documents/${id}/revisions/${revisionId}/restore`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: 2 }),
    });
    expect(restored.status).toBe(200);
    expect(Buffer.compare(await bytes(await fetch(`${base(2)}/api/documents/${id}/download`, { headers: auth })), pages)).toBe(0);

    const guestPdf = await makePdf(1, 'Guest draft');
    const draft = await fetch(`${base(0)}/api/recovery`, {
      method: 'POST',
      body: pdfForm(guestPdf, 'draft.pdf', { email: 'guest@example.com', fileName: 'draft.pdf', editCount: '1', timeSpent: '2', annotations: '[]' }),
    });
    expect(draft.status).toBe(201);
    const draftId = ((await json(draft)) as { id: string }).id;
    const link = await fetch(`${base(2)}/api/recovery/${draftId}`);
    expect(link.status).toBe(200);
    const { fileUrl } = (await json(link)) as { fileUrl: string };
    expect(Buffer.compare(await bytes(await fetch(`${base(1)}${fileUrl}`)), guestPdf)).toBe(0);

    const removed = await fetch(`${proxied()}/api/documents/${id}`, { method: 'DELETE', headers: auth });
    expect(removed.status).toBe(200);
    expect((await s3!.keys()).filter((key) => key.startsWith(id))).toEqual([]);
    for (let i = 0; i < INSTANCES; i++) expect((await fetch(`${base(i)}/api/documents/${id}/download`, { headers: auth })).status).toBe(404);
  });

  it('keeps no instance behind another: a document list each has served, a signed-out session', async () => {
    const { auth } = await newUser('caches');
    const listed = async (index: number) => {
      const response = await fetch(`${base(index)}/api/documents`, { headers: auth });
      expect(response.status).toBe(200);
      return ((await json(response)) as { documents: Array<{ id: string }> }).documents.map((document) => document.id);
    };
    // Every instance has built (and may keep) the empty list before another one adds to it.
    for (let i = 0; i < INSTANCES; i++) expect(await listed(i)).toEqual([]);
    const id = await upload(base(0), auth, await makePdf(1, 'Listed everywhere'));
    for (let i = 0; i < INSTANCES; i++) expect(await listed(i)).toEqual([id]);
    const removed = await fetch(`${base(1)}/api/documents/${id}`, { method: 'DELETE', headers: auth });
    expect(removed.status).toBe(200);
    for (let i = 0; i < INSTANCES; i++) expect(await listed(i)).toEqual([]);

    // Signed out on one instance: the token every instance has just accepted is refused by all.
    const signedOut = await fetch(`${base(2)}/api/auth/logout`, { method: 'POST', headers: auth });
    expect(signedOut.status).toBeLessThan(300);
    for (let i = 0; i < INSTANCES; i++) expect((await fetch(`${base(i)}/api/auth/me`, { headers: auth })).status).toBe(401);
  });

  it('lets collaborators on different instances edit together, through the proxy and directly', async () => {
    const { token, auth } = await newUser('together');
    const id = await upload(base(0), auth, await makePdf(1, 'Edited together'));
    const ws = (httpBase: string) => `${httpBase.replace(/^http/, 'ws')}/api/collab`;
    const viaProxy = joinDocument(ws(proxied()), id, token);
    const onSecond = joinDocument(ws(base(1)), id, token);
    const onThird = joinDocument(ws(base(2)), id, token);
    try {
      await Promise.all([viaProxy.synced, onSecond.synced, onThird.synced]);
      writeAnnotations(viaProxy.doc, [note('p', 'Through the proxy')]);
      await untilSeen(onSecond, (list) => list.length === 1);
      await untilSeen(onThird, (list) => list.length === 1);
      writeAnnotations(onThird.doc, [...readAnnotations(onThird.doc), note('t', 'On the third instance')]);
      await untilSeen(viaProxy, (list) => list.length === 2);
      await untilSeen(onSecond, (list) => list.length === 2);
    } finally {
      leaveEveryone();
    }
    // Stored once, whichever instance held it: every instance answers the merged list.
    const deadline = Date.now() + 15_000;
    for (let i = 0; i < INSTANCES; i++) {
      for (;;) {
        const listed = (await json(await fetch(`${base(i)}/api/documents/${id}/annotations`, { headers: auth }))) as { annotations: Annotation[] };
        if (listed.annotations.length === 2 || Date.now() > deadline) {
          expect(listed.annotations.map((annotation) => annotation.id)).toEqual(['p', 't']);
          break;
        }
        await delay(100);
      }
    }
  });

  it('lets one of concurrent saves of the same version win, on whichever instances they land', async () => {
    const { auth } = await newUser('race');
    const id = await upload(proxied(), auth, await makePdf(1, 'Raced'));
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        fetch(`${base(i % INSTANCES)}/api/documents/${id}/annotations`, {
          method: 'PUT',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ annotations: [note(`race-${i}`, `Attempt ${i}`)], version: 0 }),
        }),
      ),
    );
    const statuses = attempts.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = attempts.findIndex((response) => response.status === 200);
    const stored = await json(await fetch(`${proxied()}/api/documents/${id}/annotations`, { headers: auth }));
    expect((stored.annotations as Annotation[]).map((annotation) => annotation.id)).toEqual([`race-${winner}`]);
  });

  it('loses no acknowledged save and no export when an instance is killed with SIGKILL under traffic', async () => {
    // One after another: each instance hashes passwords in a bounded pool, which a loaded machine fills.
    const users = [];
    for (const name of ['kill-a', 'kill-b', 'kill-c']) users.push(await newUser(name));
    const pdf = await makePdf(1, 'Killed under traffic');
    const documents = await Promise.all(users.map(({ auth }) => upload(proxied(), auth, pdf)));
    const acknowledged = new Map<string, number>();
    const failures: string[] = [];
    let exportsDone = 0;
    let running = true;

    // Each user saves one annotation more at each version, and exports between saves, through the proxy.
    const traffic = users.map(async ({ auth }, index) => {
      const id = documents[index] as string;
      let version = 0;
      while (running) {
        const annotations = Array.from({ length: version + 1 }, (_, n) => note(`${id}-${n}`, `Save ${n}`));
        const saved = await fetch(`${proxied()}/api/documents/${id}/annotations`, {
          method: 'PUT',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ annotations, version }),
        }).catch((error: unknown) => ({ status: 0, text: async () => String(error) }));
        if (saved.status === 200) {
          version++;
          acknowledged.set(id, version);
        } else if (saved.status === 409) {
          // The save reached an instance that committed it and died before answering: the next
          // version is already stored, so read it back and go on from there.
          const current = await json(await fetch(`${proxied()}/api/documents/${id}/annotations`, { headers: auth }));
          version = current.version as number;
        } else {
          failures.push(`save ${saved.status}: ${(await saved.text()).slice(0, 120)}`);
        }
        const exported = await fetch(`${proxied()}/api/documents/${id}/export`, { headers: auth }).catch((error: unknown) => error);
        if (exported instanceof Response && exported.status === 200 && (await exported.arrayBuffer()).byteLength > 0) exportsDone++;
        else failures.push(`export ${exported instanceof Response ? exported.status : String(exported)}`);
      }
    });

    const until = async (condition: () => boolean) => {
      for (let waited = 0; !condition(); waited += 50) {
        if (waited > 60_000) throw new Error('traffic made no progress');
        await delay(50);
      }
    };
    await until(() => exportsDone >= 6);
    const victim = instances[INSTANCES - 1] as BuiltServer;
    await victim.stop('SIGKILL');
    const exportsAtKill = exportsDone;
    await until(() => exportsDone >= exportsAtKill + 9);
    running = false;
    await Promise.all(traffic);

    // nginx did send requests to the killed instance (refused or cut off), and retried each on a
    // live one: GETs and PUTs are idempotent to it; a PUT the dead instance had committed then
    // answers 409, which the client reads back. Nothing reached a client as a failure.
    expect(await proxy!.errorLog()).toMatch(new RegExp(`(connect\\(\\) failed|prematurely closed|reset by peer).*127\\.0\\.0\\.1:${victim.port}`));
    expect(failures).toEqual([]);
    for (const [index, id] of documents.entries()) {
      const stored = await json(await fetch(`${proxied()}/api/documents/${id}/annotations`, { headers: users[index]!.auth }));
      expect(stored.version as number).toBeGreaterThanOrEqual(acknowledged.get(id) ?? 0);
      expect((stored.annotations as Annotation[]).length).toBe(stored.version);
    }
    // The orchestrator restarts the killed instance where it ran: on start it settles the file
    // intents the kill left behind (a job's input stored before its row was committed), so the
    // bucket then holds exactly the objects the database names.
    await startInstance(dataDirs.get(victim));
    expect(await s3!.keys()).toEqual(await keysNamedByRows());
  });
});
