// Two built servers (dist/main.js, two processes) sharing one PostgreSQL schema and one S3 bucket,
// as a deployment of several instances does: PDF jobs are fair per user across both (one running
// job per user, seen in the database; a user with one job is not held behind another's backlog),
// the queue's bound holds across both (429 with Retry-After), and a job whose instance is killed
// (SIGKILL) mid-job is finished by the other once its lease runs out.
// Runs once (in the SQLite project) against the PostgreSQL at DATABASE_URL or 127.0.0.1:5432/test,
// in a schema of its own that is dropped afterwards; skipped, saying so, when that does not answer.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertServerBuilt, type BuiltServer, startBuiltServer } from './test-support/builtServer';
import { makePdf, makePng } from './test-support/fixtures';
import { startTestS3, type TestS3 } from './test-support/s3';
import { TEST_DATABASE } from './test-support/testServer';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `jobs_${randomBytes(5).toString('hex')}`;
const jwtSecret = 'job-queue-test-secret-that-is-long-enough';

async function postgresAnswers(): Promise<boolean> {
  const probe = knexFactory({ client: 'pg', connection: { connectionString: databaseUrl, connectionTimeoutMillis: 3_000 } });
  try {
    await probe.raw('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await probe.destroy();
  }
}

// Once per run: the servers bring their own queue, whatever the project's database.
const reachable = TEST_DATABASE === 'sqlite' && (await postgresAnswers());
if (TEST_DATABASE === 'sqlite' && !reachable) console.warn(`Skipping the two-instance job queue tests: PostgreSQL at ${databaseUrl} does not answer`);

let s3: TestS3 | undefined;
let root: string;
let db: Knex;
const servers: BuiltServer[] = [];

beforeAll(async () => {
  if (!reachable) return;
  assertServerBuilt();
  s3 = await startTestS3();
  root = await mkdtemp(join(tmpdir(), 'marginalia-jobs-'));
  db = knexFactory({ client: 'pg', connection: databaseUrl, searchPath: [schema] });
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  await s3?.close();
  if (!reachable) return;
  await db.raw('drop schema if exists ?? cascade', [schema]);
  await db.destroy();
  await rm(root, { recursive: true, force: true });
});

/** An instance on its own DATA_DIR, on the shared schema and bucket, running `slots` PDF jobs at once. */
async function startInstance(name: string, slots: number): Promise<BuiltServer> {
  const server = await startBuiltServer({
    dataDir: join(root, name),
    schema,
    jwtSecret,
    env: {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      S3_BUCKET: s3?.settings.bucket,
      S3_ENDPOINT: s3?.settings.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      PDF_JOB_SLOTS: String(slots),
      JOB_LEASE_SECONDS: '2',
    },
  });
  servers.push(server);
  return server;
}

async function register(server: BuiltServer, name: string): Promise<string> {
  const response = await fetch(`${server.base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email: `${name}-${randomBytes(4).toString('hex')}@example.com`, password: 'Queue-test-1' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

async function upload(server: BuiltServer, token: string, file: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const response = await fetch(`${server.base}/api/documents/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { document: { id: string } }).document.id;
}

function exportPdf(server: BuiltServer, token: string, documentId: string): Promise<Response> {
  return fetch(`${server.base}/api/documents/${documentId}/export`, { headers: { Authorization: `Bearer ${token}` } });
}

interface JobRow {
  id: string;
  owner: string;
  state: string;
  attempts: number;
  lease_owner: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

async function exportJobs(): Promise<JobRow[]> {
  const { rows } = (await db.raw(`select * from pdf_jobs where task = 'export' order by created_at`)) as { rows: JobRow[] };
  return rows;
}

/**
 * Reads the jobs table every 20 ms until stopped; answers the most jobs one owner had running under
 * a live lease, and waiting (pending, less the one about to start when none runs), at any reading.
 */
function watchJobsPerOwner(): { stop(): Promise<{ running: number; waiting: number }> } {
  const most = { running: 0, waiting: 0 };
  let stopped = false;
  const watching = (async () => {
    while (!stopped) {
      const { rows } = (await db.raw(
        `select owner,
                (count(*) filter (where state = 'running' and lease_expires_at > now()))::int as running,
                (count(*) filter (where state = 'pending'))::int as pending
           from pdf_jobs group by owner`,
      )) as { rows: Array<{ running: number; pending: number }> };
      for (const row of rows) {
        most.running = Math.max(most.running, row.running);
        most.waiting = Math.max(most.waiting, row.pending - (row.running === 0 && row.pending > 0 ? 1 : 0));
      }
      await delay(20);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await watching;
      return most;
    },
  };
}

async function until(what: string, condition: () => Promise<boolean>, limitMs = 60_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await delay(20);
  }
}

describe.skipIf(!reachable)('PDF jobs across two server processes on one PostgreSQL', () => {
  let a: BuiltServer;
  let b: BuiltServer;

  it('runs one job per user at a time across both instances, and a light user is not held behind a heavy backlog', async () => {
    // One after the other: the first creates the schema and migrates it.
    a = await startInstance('a', 1);
    b = await startInstance('b', 1);
    const heavy = await register(a, 'heavy');
    const light = [await register(a, 'light1'), await register(b, 'light2')];
    const heavyDocument = await upload(a, heavy, await makePdf(40), 'heavy.pdf');
    const lightDocuments = [await upload(a, light[0] as string, await makePdf(2), 'l1.pdf'), await upload(b, light[1] as string, await makePdf(2), 'l2.pdf')];

    const watch = watchJobsPerOwner();
    // Eight exports of the heavy user, half through each instance; the two light users come later.
    const heavyExports = Array.from({ length: 8 }, (_, index) => exportPdf(index % 2 ? b : a, heavy, heavyDocument));
    await until('the heavy backlog to be queued', async () => (await exportJobs()).filter((job) => job.state === 'pending').length >= 5);
    const lightExports = [exportPdf(b, light[0] as string, lightDocuments[0] as string), exportPdf(a, light[1] as string, lightDocuments[1] as string)];
    const responses = await Promise.all([...heavyExports, ...lightExports]);
    const most = await watch.stop();

    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(most.running).toBe(1);
    const jobs = await exportJobs();
    expect(jobs).toHaveLength(10);
    // Both instances ran jobs (a finished job keeps the name of the instance that ran it).
    expect(new Set(jobs.map((job) => job.lease_owner)).size).toBe(2);
    // No two jobs of one user overlapped in time.
    for (const owner of new Set(jobs.map((job) => job.owner))) {
      const owned = jobs.filter((job) => job.owner === owner);
      const spans = owned.map((job) => [Number(job.started_at), Number(job.finished_at)] as const).sort((x, y) => x[0] - y[0]);
      for (let i = 1; i < spans.length; i += 1) expect(spans[i]?.[0]).toBeGreaterThanOrEqual(spans[i - 1]?.[1] as number);
    }
    // Round robin: while a light user's job waited, at most one heavy job started (the one already
    // on its way to the slot that freed first); FIFO would have started the whole heavy backlog first.
    const heavyOwner = jobs[0]?.owner;
    for (const job of jobs.filter((row) => row.owner !== heavyOwner)) {
      const overtaking = jobs.filter(
        (row) => row.owner === heavyOwner && Number(row.started_at) > Number(job.created_at) && Number(row.started_at) < Number(job.started_at),
      );
      expect(overtaking.length).toBeLessThanOrEqual(1);
    }
  });

  it('refuses (429, Retry-After) what passes the bound of one user\'s waiting jobs, counted across both instances', async () => {
    const token = await register(a, 'greedy');
    const documentId = await upload(b, token, await makePdf(40), 'greedy.pdf');
    // 30 at once, 15 through each: each instance alone would take its 15 (20 may wait per user).
    const watch = watchJobsPerOwner();
    const responses = await Promise.all(Array.from({ length: 30 }, (_, index) => exportPdf(index % 2 ? b : a, token, documentId)));
    const most = await watch.stop();
    const refused = responses.filter((response) => response.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(most.waiting).toBeLessThanOrEqual(20);
    expect(responses.filter((response) => response.status === 200).length).toBe(30 - refused.length);
    for (const response of refused) {
      expect(response.headers.get('retry-after')).toBe('10');
      expect(((await response.json()) as { message: string }).message).toMatch(/too many files being processed/);
    }
  });

  it('finishes on the other instance a job whose instance was killed mid-job, once its lease ran out', async () => {
    const token = await register(b, 'survivor');
    // A large image: its conversion runs long enough to be caught running.
    const documentId = await upload(a, token, makePng(5000, 5000, [20, 120, 220]), 'large.png');
    let running: { id: string; lease_owner: string } | undefined;
    await until('the conversion to start', async () => {
      const { rows } = (await db.raw(`select id, lease_owner from pdf_jobs where task = 'image' and state = 'running'`)) as {
        rows: Array<{ id: string; lease_owner: string }>;
      };
      running = rows[0];
      return running !== undefined;
    });
    const job = running as { id: string; lease_owner: string };
    const pid = Number(job.lease_owner.split(':')[1]);
    const victim = [a, b].find((server) => server.child.pid === pid) as BuiltServer;
    const survivor = victim === a ? b : a;
    await victim.stop('SIGKILL');

    // The client asks the instance still up, which answers from the database.
    await until(
      'the document to be converted',
      async () => {
        const response = await fetch(`${survivor.base}/api/documents/${documentId}`, { headers: { Authorization: `Bearer ${token}` } });
        return ((await response.json()) as { document: { status: string } }).document.status !== 'PROCESSING';
      },
      90_000,
    );
    const response = await fetch(`${survivor.base}/api/documents/${documentId}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await response.json()) as { document: { status: string } }).document.status).toBe('READY');
    const { rows } = (await db.raw('select state, attempts, lease_owner from pdf_jobs where id = ?', [job.id])) as {
      rows: Array<{ state: string; attempts: number; lease_owner: string }>;
    };
    expect(rows[0]).toMatchObject({ state: 'done', attempts: 2 });
    expect(Number(rows[0]?.lease_owner.split(':')[1])).toBe(survivor.child.pid);
  }, 120_000);
});
