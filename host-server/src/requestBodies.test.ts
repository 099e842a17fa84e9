// Slow and odd request bodies over real sockets: bodies that stall, bodies that trickle past their
// deadline, more parallel uploads than allowed, compressed bodies, and bodies nobody reads. Every
// one must be answered and its connection closed, leaving no open file behind.
import { readdir, readFile, readlink } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { createServer, get as httpGet, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './config';
import { makePdf } from './test-support/fixtures';
import type { Knex } from 'knex';
import { createTestServer, type TestServer } from './test-support/testServer';

let open: Array<{ t: TestServer; http: Server }> = [];
afterEach(async () => {
  for (const { t, http } of open) {
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
    await t.close();
  }
  open = [];
});

/** GET /api/auth/me once per token, all at once, each on a connection closed after its answer. */
async function signedInRequests(port: number, tokens: string[]): Promise<void> {
  await Promise.all(
    tokens.map(
      (token) =>
        new Promise<void>((resolve, reject) => {
          const req = httpGet(
            {
              host: '127.0.0.1',
              port,
              path: '/api/auth/me',
              agent: false,
              headers: { Authorization: `Bearer ${token}` },
            },
            (res) => {
              res.resume();
              res.on('close', () => resolve());
            },
          );
          req.on('error', reject);
        }),
    ),
  );
}

async function serve(limits: Partial<typeof DEFAULT_LIMITS>, trustProxy?: { kind: 'hops'; hops: number }) {
  const t = await createTestServer({
    config: {
      limits: { ...DEFAULT_LIMITS, bodyIdleTimeoutMs: 1000, ...limits },
      ...(trustProxy ? { trustProxy } : {}),
    },
  });
  const http = createServer(t.app.callback());
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  open.push({ t, http });
  const { token } = await t.createUser({ plan: 'personal' });
  const port = (http.address() as AddressInfo).port;
  // The first authenticated request opens the database's read connections: before any count of open files.
  await signedInRequests(port, [token]);
  return { t, port, token };
}

interface Outcome {
  status: number;
  ms: number;
}

const BOUNDARY = 'slowboundary';
const PREAMBLE = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;

/**
 * Sends a request's headers and the start of its body, then one more byte every `everyMs` (never,
 * when 0), and resolves once the server has answered and closed the connection.
 */
function slowRequest(
  port: number,
  options: {
    path?: string;
    headers?: Record<string, string>;
    declaredBytes?: number;
    everyMs?: number;
    start?: string | Buffer;
  },
): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let trickle: NodeJS.Timeout | undefined;
    const headers = {
      Host: 'localhost',
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      'Content-Length': String(options.declaredBytes ?? 1024 * 1024),
      ...options.headers,
    };
    socket.on('connect', () => {
      socket.write(
        `POST ${options.path ?? '/api/documents/upload'} HTTP/1.1\r\n${Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('')}\r\n`,
      );
      socket.write(options.start ?? PREAMBLE);
      if (options.everyMs) trickle = setInterval(() => socket.write(' '), options.everyMs);
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(trickle);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      if (!status) reject(new Error(`connection closed without an answer: ${JSON.stringify(answer)}`));
      else resolve({ status, ms: performance.now() - started });
    });
  });
}

const openFiles = async () => (await readdir('/proc/self/fd')).length;

/** What each open file is: a path, `pipe:[…]`, or a socket with its TCP peer's port when it has one. */
async function openFileTargets(): Promise<string[]> {
  const peers = new Map<string, number>();
  for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    for (const line of (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length > 9) peers.set(fields[9] as string, parseInt((fields[2] as string).split(':')[1] as string, 16));
    }
  }
  const fds = await readdir('/proc/self/fd');
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return targets.filter(Boolean).map((target) => {
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    const port = inode && peers.get(inode);
    return port ? `socket to port ${port}` : target;
  });
}

/** The open files of `now` that `before` did not have, for a failure to name. */
function opened(before: string[], now: string[]): string[] {
  const left = [...before];
  return now.filter((target) => {
    const index = left.indexOf(target);
    if (index === -1) return true;
    left.splice(index, 1);
    return false;
  });
}

/**
 * Opens every connection `knex`'s pool may hold, so that a connection opened later for requests
 * arriving together (PostgreSQL's pool grows with them, and keeps idle ones 30 s) is part of a
 * count of open files taken now, however the requests before it happened to overlap.
 */
async function fillPool(knex: Knex): Promise<void> {
  // knex keeps its pool (tarn's) on its client; its types do not say so.
  const pool = (knex.client as { pool: { max: number; acquire(): { promise: Promise<unknown> }; release(connection: unknown): void } }).pool;
  const connections = await Promise.all(Array.from({ length: pool.max }, () => pool.acquire().promise));
  for (const connection of connections) pool.release(connection);
}

async function settlesTo(baseline: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  let count = await openFiles();
  while (count > baseline && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    count = await openFiles();
  }
  return count;
}

describe('slow request bodies', () => {
  it('answers 408 to uploads that stop sending and closes them, leaving no open file or temporary file', async () => {
    const { t, port } = await serve({ uploadsPerAddress: 100, uploadsInProgress: 100 });
    const tokens = [];
    for (let i = 0; i < 30; i += 1) tokens.push((await t.createUser({ plan: 'personal' })).token);
    // As many signed-in requests at once first, and every connection the database's pool may
    // open, so that none opened for the burst below counts as a file left open.
    await signedInRequests(port, tokens);
    await fillPool(t.knex);
    const baseline = await openFiles();
    const baselineTargets = await openFileTargets();
    // One byte every 3 s: never enough to keep a body alive that may idle for at most 1 s.
    const outcomes = await Promise.all(
      tokens.map((token) =>
        slowRequest(port, { headers: { Authorization: `Bearer ${token}` }, everyMs: 3000 }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(outcomes.map(() => 408));
    // Without the idle limit they would trickle on for as long as the client likes.
    expect(Math.max(...outcomes.map((outcome) => outcome.ms))).toBeLessThan(20_000);
    const settled = await settlesTo(baseline);
    expect(settled, `open beyond the baseline: ${opened(baselineTargets, await openFileTargets()).join(', ')}`).toBeLessThanOrEqual(baseline);
    expect(await t.temporaryFiles()).toEqual([]);
  });

  it('answers 408 to an upload still trickling in after its deadline', async () => {
    const { port, token } = await serve({ bodyDeadline: { baseMs: 1500, bytesPerSecond: 1024 * 1024 } });
    // A byte every 300 ms is never idle for 1 s, but 10 KB at that pace would take 50 minutes.
    const outcome = await slowRequest(port, {
      headers: { Authorization: `Bearer ${token}` },
      declaredBytes: 10_000,
      everyMs: 300,
    });
    expect(outcome.status).toBe(408);
    expect(outcome.ms).toBeGreaterThan(1400);
    expect(outcome.ms).toBeLessThan(10_000);
  });

  it("bounds uploads in progress: 429 past one address's share, 503 past the total", async () => {
    const { port, token } = await serve(
      { uploadsPerAddress: 2, uploadsInProgress: 3, bodyIdleTimeoutMs: 3000 },
      { kind: 'hops', hops: 1 },
    );
    const from = (address: string) =>
      slowRequest(port, { headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': address } });
    const held = [from('203.0.113.1'), from('203.0.113.1')];
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await from('203.0.113.1')).status).toBe(429);
    const third = from('203.0.113.2');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await from('203.0.113.3')).status).toBe(503);
    expect((await Promise.all([...held, third])).map((outcome) => outcome.status)).toEqual([408, 408, 408]);
  });

  it('discards a body the route never reads under the same rules, closing a trickling one', async () => {
    const { port } = await serve({ bodyMinRate: { bytesPerSecond: 1024, windowMs: 1000 } });
    const baseline = await openFiles();
    // No token: refused before the body is read; read on to be discarded, a body trickling every
    // 200 ms is still too slow and its connection is closed.
    const outcome = await slowRequest(port, { everyMs: 200 });
    expect(outcome.status).toBe(401);
    // Read to its end, a body trickling every 200 ms would hold the connection for good.
    expect(outcome.ms).toBeLessThan(10_000);
    expect(await settlesTo(baseline)).toBeLessThanOrEqual(baseline);
  });

  it("keeps 64 trickling uploads from three addresses from blocking a fourth address's upload", async () => {
    // Defaults but for a short window of the minimum rate: a byte every 500 ms is never idle for
    // the 30 s allowed, and its declared 1 MB would give it 80 s before the deadline.
    const { t, port, token } = await serve(
      {
        bodyIdleTimeoutMs: DEFAULT_LIMITS.bodyIdleTimeoutMs,
        bodyMinRate: { bytesPerSecond: 1024, windowMs: 10_000 },
        failedUploadsPerAccount: { max: 1000, windowMs: 60_000 },
      },
      { kind: 'hops', hops: 1 },
    );
    const shares = [24, 24, 16];
    const trickling = shares.flatMap((count, index) =>
      Array.from({ length: count }, () =>
        slowRequest(port, {
          headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': `203.0.113.${index + 1}` },
          everyMs: 500,
        }).then(
          (outcome) => outcome.status,
          (error: Error) => error.message,
        ),
      ),
    );
    // Far more than the window: without the rate rule they would all still be trickling then.
    const giveUpAt = Date.now() + 60_000;
    // Each upload being received has its folder in DATA_DIR/tmp: wait until all 64 have theirs.
    while ((await t.temporaryFiles()).length < 64 && Date.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const pdf = await makePdf(1);
    const statuses: number[] = [];
    while (Date.now() < giveUpAt) {
      const response = await t.http
        .post('/api/documents/upload')
        .set('Authorization', `Bearer ${token}`)
        .set('X-Forwarded-For', '198.51.100.4')
        .attach('file', pdf, 'fourth.pdf');
      statuses.push(response.status);
      if (response.status !== 503) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // All 64 places were taken by the trickling uploads, and the fourth address got in when the
    // server closed them for their rate.
    expect(statuses[0]).toBe(503);
    expect(statuses.at(-1)).toBe(201);
    expect(await Promise.all(trickling)).toEqual(trickling.map(() => 408));
  });
});

const UPLOAD_CLIENT = fileURLToPath(new URL('./test-support/uploadClient.ts', import.meta.url));

/** Runs test-support/uploadClient.ts: `times` uploads of `megabytes` MB, answers or network errors. */
async function uploadsFromAnotherProcess(
  port: number,
  options: { megabytes: number; times: number; authorization?: string },
): Promise<Array<number | string>> {
  const args = [UPLOAD_CLIENT, `http://127.0.0.1:${port}/api/documents/upload`, String(options.megabytes), String(options.times)];
  if (options.authorization) args.push(options.authorization);
  const { stdout } = await promisify(execFile)(process.execPath, args);
  return JSON.parse(stdout) as Array<number | string>;
}

describe('uploads refused before their body is read', () => {
  it.each([
    ['401 without a session', false],
    ["429 past the free plan's daily uploads", true],
  ])('reach the client as an answer, not a reset: %s, 20 MB body, ten times', async (_, signedIn) => {
    const { t, port } = await serve({ freeDailyUploads: 0 });
    const { token } = await t.createUser({ plan: 'free' });
    const outcomes = await uploadsFromAnotherProcess(port, {
      megabytes: 20,
      times: 10,
      authorization: signedIn ? `Bearer ${token}` : undefined,
    });
    expect(outcomes).toEqual(outcomes.map(() => (signedIn ? 429 : 401)));
    expect(await t.temporaryFiles()).toEqual([]);
  });
});

describe('compressed request bodies', () => {
  it.each([
    ['gzip', 'application/json', gzipSync('{"email":"a@example.com","password":"Passw0rd-x"}')],
    ['bogus', 'application/json', Buffer.from('{}')],
    ['gzip', `multipart/form-data; boundary=${BOUNDARY}`, gzipSync(`${PREAMBLE}\r\n--${BOUNDARY}--\r\n`)],
  ])('answers 415 to Content-Encoding %s on %s', async (encoding, type, body) => {
    const { port, token } = await serve({});
    const path = type === 'application/json' ? '/api/auth/login' : '/api/documents/upload';
    const outcome = await slowRequest(port, {
      path,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': type, 'Content-Encoding': encoding },
      declaredBytes: body.length,
      start: body,
    });
    expect(outcome.status).toBe(415);
  });
});
