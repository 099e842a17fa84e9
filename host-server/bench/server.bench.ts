// Benchmarks of the built server (dist/main.js) on SQLite, printed with their targets:
//  1. GET /api/documents (page of 20, 10,000 documents) at 50 connections with autocannon, beside a
//     bare Koa server answering the same JSON in the same run (target: at least half its throughput);
//  2. POST /api/auth/login from 100 clients on 100 connections, each request another account from
//     another address (through X-Forwarded-For, the server trusting one proxy hop), a client waiting
//     its Retry-After after a 429: sign-ins a second, p99 and the slowest answer (target: every
//     answer, 200 or 429, within 5 s), with the server's CPU time beside the wall time;
//  3. peak RSS growth of the server process while it receives a 100 MB PDF upload (target < 50 MB).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = dirname(fileURLToPath(import.meta.url));
const DOCUMENTS = 10_000;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const UPLOAD_BYTES = 100 * 1024 * 1024 - 64 * 1024;
const LOGIN_CONNECTIONS = 100;
const LOGIN_ACCOUNTS = 200;
const LOGIN_PASSWORD = 'Bench-passw0rd';

function startProcess(args: string[], env: Record<string, string>): { child: ChildProcess; port: Promise<number> } {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const port = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"http:\/\/localhost:(\d+)"/.exec(output) ?? /\{"port":(\d+)\}/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`process exited (${code}):\n${output}`)));
  });
  return { child, port };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

function seed(dataDir: string, userId: string): void {
  const db = new DatabaseSync(join(dataDir, 'marginalia.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    const insert = db.prepare(
      `insert into documents (id, user_id, name, original_name, mime_type, size, status, source_key, pdf_key,
         thumbnail_version, annotations_version, created_at, updated_at)
       values (?, ?, ?, ?, 'application/pdf', ?, 'READY', ?, ?, 0, 0, ?, ?)`,
    );
    const start = Date.parse('2030-01-01T00:00:00Z');
    db.exec('begin');
    for (let i = 0; i < DOCUMENTS; i += 1) {
      const id = randomUUID();
      const at = new Date(start + i * 60_000).toISOString();
      const name = `Document ${String(i).padStart(5, '0')}.pdf`;
      insert.run(id, userId, name, name, 100_000 + i, `${id}.pdf`, `${id}.pdf`, at, at);
    }
    // The server keeps this count with every insert and delete; seeding behind its back must too.
    db.prepare("update users set plan = 'team', document_count = ? where id = ?").run(DOCUMENTS, userId);
    db.exec('commit');
  } finally {
    db.close();
  }
}

/** CPU time (user + system) the process has used so far, in microseconds. */
async function cpuTimeOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

interface Run {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpuPerRequest: number;
  wallSeconds: number;
  cpuSeconds: number;
}

/** Accounts `login-<i>@example.com` sharing the bench user's password hash (hashing 200 would take a minute). */
function seedAccounts(dataDir: string, fromUserId: string): void {
  const db = new DatabaseSync(join(dataDir, 'marginalia.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    const copy = db.prepare(
      `insert into users (id, name, email, password_hash, plan, daily_usage, usage_day, session_epoch, document_count, created_at, updated_at)
       select ?, 'Login Bench', ?, password_hash, 'free', 0, null, 0, 0, created_at, updated_at from users where id = ?`,
    );
    db.exec('begin');
    for (let i = 0; i < LOGIN_ACCOUNTS; i += 1) copy.run(randomUUID(), `login-${i}@example.com`, fromUserId);
    db.exec('commit');
  } finally {
    db.close();
  }
}

interface LoginRun {
  wallSeconds: number;
  cpuSeconds: number;
  signedIn: number;
  refused: number;
  other: number;
  p99: number;
  max: number;
}

function postLogin(agent: Agent, port: number, body: string, forwardedFor: string): Promise<{ status: number; retryAfter: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Forwarded-For': forwardedFor },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after'] ?? 0) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * 100 clients, one connection each, signing in over and over for the run's duration; like a real
 * client (and unlike autocannon's closed loop), one answered 429 waits its Retry-After first.
 */
async function loginRun(port: number, pid: number): Promise<LoginRun> {
  const agent = new Agent({ keepAlive: true, maxSockets: LOGIN_CONNECTIONS });
  const latencies: number[] = [];
  let signedIn = 0;
  let refused = 0;
  let other = 0;
  let sent = 0;
  const cpuBefore = await cpuTimeOf(pid);
  const started = performance.now();
  const endAt = started + DURATION_S * 2 * 1000;
  const client = async (index: number) => {
    for (let round = 0; performance.now() < endAt; round += 1) {
      sent += 1;
      const account = (index + round * LOGIN_CONNECTIONS) % LOGIN_ACCOUNTS;
      const body = JSON.stringify({ email: `login-${account}@example.com`, password: LOGIN_PASSWORD });
      const sentAt = performance.now();
      const answer = await postLogin(agent, port, body, `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`);
      latencies.push(performance.now() - sentAt);
      if (answer.status === 200) signedIn += 1;
      else if (answer.status === 429) {
        refused += 1;
        await new Promise((resolve) => setTimeout(resolve, answer.retryAfter * 1000));
      } else other += 1;
    }
  };
  await Promise.all(Array.from({ length: LOGIN_CONNECTIONS }, (_, index) => client(index)));
  const wallSeconds = (performance.now() - started) / 1000;
  const cpuSeconds = ((await cpuTimeOf(pid)) - cpuBefore) / 1e6;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    wallSeconds,
    cpuSeconds,
    signedIn,
    refused,
    other,
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    max: Math.round(latencies.at(-1) ?? 0),
  };
}

async function cannon(url: string, headers: Record<string, string>, pid: number): Promise<Run> {
  const cpuBefore = await cpuTimeOf(pid);
  const started = performance.now();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const cpu = (await cpuTimeOf(pid)) - cpuBefore;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuPerRequest: cpu / Math.max(1, result.requests.total),
    wallSeconds: (performance.now() - started) / 1000,
    cpuSeconds: cpu / 1e6,
  };
}

/** The run with the median throughput; failures of any run are summed into it. */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const median = sorted[Math.floor(sorted.length / 2)] as Run;
  return {
    ...median,
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

/** A valid one-page PDF of about `bytes` bytes: its content stream is mostly whitespace. */
async function writeLargePdf(path: string, bytes: number): Promise<void> {
  const file = await open(path, 'w');
  let offset = 0;
  const offsets: number[] = [];
  const write = async (text: string) => {
    const buffer = Buffer.from(text, 'latin1');
    await file.write(buffer);
    offset += buffer.length;
  };
  await write('%PDF-1.7\n');
  offsets[1] = offset;
  await write('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n');
  offsets[2] = offset;
  await write('2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n');
  offsets[3] = offset;
  await write('3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n');
  const streamLength = bytes - 600;
  offsets[4] = offset;
  await write(`4 0 obj\n<< /Length ${streamLength} >>\nstream\n`);
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  for (let left = streamLength; left > 0; left -= chunk.length) {
    await file.write(chunk.subarray(0, Math.min(chunk.length, left)));
  }
  offset += streamLength;
  await write('\nendstream\nendobj\n');
  const xref = offset;
  const entries = offsets.slice(1).map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  await write(`xref\n0 5\n0000000000 65535 f \n${entries}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  await file.close();
}

function rssOf(pid: number): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then((text) => Number(/VmRSS:\s+(\d+) kB/.exec(text)?.[1] ?? 0) * 1024);
}

async function uploadFile(port: number, token: string, path: string): Promise<{ status: number; body: string }> {
  const boundary = `----bench${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = (await stat(path)).size;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/documents/upload',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + size + tail.length,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (data: Buffer) => (body += data.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(path);
    stream.pipe(req, { end: false });
    stream.on('end', () => req.end(tail));
  });
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

/** The built server on a SQLite database of its own, seeded with one user and their documents. */
async function startSeededServer(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'marginalia-bench-'));
  // BENCH_CPU_PROFILE=<dir> writes a V8 CPU profile of the server there, to find where time goes.
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  // The same Node flags as `npm start` (see package.json); BENCH_NODE_FLAGS overrides them.
  const extra = (process.env.BENCH_NODE_FLAGS ?? '--max-semi-space-size=2').split(' ').filter(Boolean);
  const server = startProcess([...profile, ...extra, join(here, '..', 'dist', 'main.js')], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    JWT_SECRET: 'benchmark-secret-that-is-long-enough-0123456789',
    // autocannon stands in for a proxy in the login run, giving each sign-in its own client address.
    TRUST_PROXY_HOPS: '1',
    REDIS_URL: '',
    PUBLIC_DIR: join(dataDir, 'no-web-app'),
    ...env,
  });
  const port = await server.port;
  const base = `http://127.0.0.1:${port}`;
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email: 'bench@example.com', password: LOGIN_PASSWORD }),
  });
  const { token, user } = (await registered.json()) as { token: string; user: { id: string } };
  seed(dataDir, user.id);
  const headers = { Authorization: `Bearer ${token}` };
  const listUrl = `${base}/api/documents?page=1&limit=20`;
  const sample = await fetch(listUrl, { headers });
  const body = await sample.text();
  const parsed = JSON.parse(body) as { pagination: { total: number } };
  if (parsed.pagination.total !== DOCUMENTS) throw new Error(`expected ${DOCUMENTS} documents, got ${body.slice(0, 200)}`);
  return { server, dataDir, port, token, userId: user.id, listBody: body, listTarget: { url: listUrl, headers, pid: server.child.pid as number } };
}

async function main() {
  const seeded = await startSeededServer();
  const { server, dataDir, port, token } = seeded;
  let uncached: Awaited<ReturnType<typeof startSeededServer>> | undefined;
  let bare: ReturnType<typeof startProcess> | undefined;
  try {
    // The same documents on a server that keeps no lists: what the list cache buys.
    uncached = await startSeededServer({ LIST_CACHE_MB: '0' });
    seedAccounts(dataDir, seeded.userId);
    const bodyFile = join(dataDir, 'list.json');
    await writeFile(bodyFile, seeded.listBody);

    bare = startProcess([join(here, 'bareKoa.ts'), bodyFile], {});
    const barePort = await bare.port;

    console.log(
      `host-server bench: SQLite, ${DOCUMENTS.toLocaleString('en')} documents, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S} s, medians`,
    );
    const { listTarget } = seeded;
    const uncachedTarget = uncached.listTarget;
    const bareTarget = { url: `http://127.0.0.1:${barePort}/`, headers: {}, pid: bare.child.pid as number };
    // Warm-ups, then rounds alternating between the servers: a slow moment of the machine lands on
    // every side rather than on one whole measurement.
    for (const target of [listTarget, uncachedTarget, bareTarget]) await autocannon({ ...target, connections: CONNECTIONS, duration: 2 });
    const listRuns: Run[] = [];
    const uncachedRuns: Run[] = [];
    const bareRuns: Run[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      listRuns.push(await cannon(listTarget.url, listTarget.headers, listTarget.pid));
      uncachedRuns.push(await cannon(uncachedTarget.url, uncachedTarget.headers, uncachedTarget.pid));
      bareRuns.push(await cannon(bareTarget.url, bareTarget.headers, bareTarget.pid));
    }
    const list = medianRun(listRuns);
    const listUncached = medianRun(uncachedRuns);
    const baseline = medianRun(bareRuns);
    await stop(bare.child);
    await stop(uncached.server.child);
    const ratio = list.rps / baseline.rps;
    const describe = (run: Run) =>
      `${run.rps.toFixed(0).padStart(6)} req/s  p99 ${run.p99} ms  CPU ${run.cpuPerRequest.toFixed(0)} µs/request, ${run.cpuSeconds.toFixed(1)} s in ${run.wallSeconds.toFixed(1)} s wall`;
    console.log(`  GET /api/documents (page 1 of 500)  ${describe(list)}  (non-2xx ${list.non2xx}, errors ${list.errors})`);
    console.log(`  the same, LIST_CACHE_MB=0           ${describe(listUncached)}  (non-2xx ${listUncached.non2xx}, errors ${listUncached.errors})`);
    console.log(`  bare Koa, same JSON                 ${describe(baseline)}`);
    console.log(`  throughput ratio ${ratio.toFixed(2)} (target >= 0.50)  ${verdict(ratio >= 0.5 && list.non2xx === 0)}`);
    console.log(
      `  the list cache buys ${(list.rps / listUncached.rps).toFixed(2)}x the throughput and ${(listUncached.cpuPerRequest / list.cpuPerRequest).toFixed(2)}x less CPU a request (a report, no target)`,
    );

    const login = await loginRun(port, server.child.pid as number);
    console.log(
      `  POST /api/auth/login, ${LOGIN_CONNECTIONS} connections  ${(login.signedIn / login.wallSeconds).toFixed(1).padStart(6)} sign-ins/s  (${login.signedIn} signed in, ${login.refused} answered 429, ${login.other} other)`,
    );
    console.log(
      `    p99 ${login.p99} ms, slowest ${login.max} ms (target < 5000 ms)  ${verdict(login.max < 5000 && login.other === 0)}  wall ${login.wallSeconds.toFixed(1)} s, server CPU ${login.cpuSeconds.toFixed(1)} s`,
    );

    const pdfPath = join(dataDir, 'large.pdf');
    await writeLargePdf(pdfPath, UPLOAD_BYTES);
    // A small upload first, so loading the upload code and starting a PDF worker is not counted.
    const warmPath = join(dataDir, 'warm.pdf');
    await writeLargePdf(warmPath, 64 * 1024);
    const warm = await uploadFile(port, token, warmPath);
    if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
    const pid = server.child.pid as number;
    const before = await rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => {
      void rssOf(pid).then((rss) => (peak = Math.max(peak, rss)));
    }, 10);
    const started = Date.now();
    const uploaded = await uploadFile(port, token, pdfPath);
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    const growth = (peak - before) / (1024 * 1024);
    const size = ((await stat(pdfPath)).size / (1024 * 1024)).toFixed(1);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const settled = ((await rssOf(pid)) - before) / (1024 * 1024);
    console.log(
      `  ${size} MB PDF upload: HTTP ${uploaded.status} in ${seconds.toFixed(1)} s, peak RSS growth ${growth.toFixed(1)} MB (target < 50 MB)  ${verdict(uploaded.status === 201 && growth < 50)}`,
    );
    console.log(`    RSS 3 s later: ${settled >= 0 ? '+' : ''}${settled.toFixed(1)} MB over the level before the upload`);
  } finally {
    if (bare) await stop(bare.child);
    if (uncached) {
      await stop(uncached.server.child);
      await rm(uncached.dataDir, { recursive: true, force: true });
    }
    await stop(server.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
