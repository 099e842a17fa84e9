// The built server (dist/main.js) as deployed on several instances (docs/deployment.md): on one
// PostgreSQL (DATABASE_URL, a schema of the bench's own, dropped afterwards) and one bucket (s3rver on
// loopback), behind Debian's nginx with the configuration the deployment test uses
// (src/test-support/proxy.ts, as docs/deployment.md's). Three set-ups,
// each measured with autocannon in interleaved rounds: one instance asked directly, nginx in front
// of that one instance, and nginx in front of two. Two requests: the document list (a page of 20)
// and the download of a 1 MB PDF. Prints the medians of requests a second, p99 and the CPU time of
// every server and proxy process per request, and the two ratios the deployment docs quote: the
// proxy's own cost (one instance through nginx against direct) and what a second instance adds.
// Skipped, saying so, without DATABASE_URL or nginx.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import knexFactory from 'knex';
import { PDFDocument } from 'pdf-lib';
import S3rver from 's3rver';
import { nginxPath, type Proxy, startNginx } from '../src/test-support/proxy.ts';

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const CONNECTIONS = 20;
const DOWNLOAD_BYTES = 1_000_000;
const LISTED_DOCUMENTS = 25;
const databaseUrl = process.env.DATABASE_URL;

if (!databaseUrl?.startsWith('postgres') || !nginxPath()) {
  console.log(`proxy bench skipped: needs ${!nginxPath() ? 'nginx (Debian package nginx)' : 'DATABASE_URL on PostgreSQL'}`);
  process.exit(0);
}

/** CPU time (user + system) the process has used so far, in microseconds. */
async function cpuTimeOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** nginx's master and its worker: every process whose parent is the master, and the master. */
async function processTree(pid: number): Promise<number[]> {
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')).trim().split(/\s+/).filter(Boolean);
  return [pid, ...children.map(Number)];
}

function startServer(env: Record<string, string>): { child: ChildProcess; port: Promise<number> } {
  const child = spawn(process.execPath, [join(here, '..', 'dist', 'main.js')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', REDIS_URL: '', TRUSTED_PROXIES: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"http:\/\/localhost:(\d+)"/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return { child, port };
}

interface Run {
  rps: number;
  p99: number;
  failed: number;
  cpuPerRequestUs: number;
}

async function measure(port: number, path: string, token: string, pids: number[]): Promise<Run> {
  const before = await Promise.all(pids.map(cpuTimeOf));
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { Authorization: `Bearer ${token}` },
  });
  const after = await Promise.all(pids.map(cpuTimeOf));
  const cpu = after.reduce((sum, value, i) => sum + value - (before[i] ?? 0), 0);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    cpuPerRequestUs: cpu / Math.max(1, result.requests.total),
  };
}

const portOf = (proxy: Proxy) => Number(new URL(proxy.base).port);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const work = await mkdtemp(join(tmpdir(), 'marginalia-proxy-bench-'));
const schema = `bench_proxy_${randomBytes(4).toString('hex')}`;
const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(work, 's3'), configureBuckets: [{ name: 'bench' }] });
const { port: s3Port } = await s3.run();
const shared = {
  DATABASE_URL: databaseUrl,
  DATABASE_SCHEMA: schema,
  JWT_SECRET: randomBytes(32).toString('hex'),
  S3_BUCKET: 'bench',
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
};
const children: ChildProcess[] = [];
const proxies: Proxy[] = [];
try {
  const first = startServer({ ...shared, DATA_DIR: join(work, 'one') });
  children.push(first.child);
  const firstPort = await first.port;
  const second = startServer({ ...shared, DATA_DIR: join(work, 'two') });
  children.push(second.child);
  const secondPort = await second.port;
  const toOne = await startNginx([firstPort]);
  proxies.push(toOne);
  const toTwo = await startNginx([firstPort, secondPort]);
  proxies.push(toTwo);

  const base = `http://127.0.0.1:${firstPort}`;
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email, password: 'Bench-passw0rd' }),
  });
  const { token } = (await registered.json()) as { token: string };
  const database = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  await database.withSchema(schema).table('users').where('email', email).update({ plan: 'team' });
  await database.destroy();
  const pdf = await PDFDocument.create();
  pdf.addPage();
  await pdf.attach(randomBytes(DOWNLOAD_BYTES), 'payload.bin', { mimeType: 'application/octet-stream' });
  const bytes = await pdf.save();
  let downloadId = '';
  for (let i = 0; i < LISTED_DOCUMENTS; i++) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `document-${i}.pdf`);
    const uploaded = await fetch(`${base}/api/documents/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
    downloadId = ((await uploaded.json()) as { document: { id: string } }).document.id;
  }

  const serverPids = [first.child.pid, second.child.pid] as number[];
  const setups = {
    direct: { port: firstPort, pids: serverPids },
    'nginx, 1 instance': { port: portOf(toOne), pids: [...serverPids, ...(await processTree(toOne.pid))] },
    'nginx, 2 instances': { port: portOf(toTwo), pids: [...serverPids, ...(await processTree(toTwo.pid))] },
  };
  const requests = { list: '/api/documents?limit=20', download: `/api/documents/${downloadId}/download` };
  type Setup = keyof typeof setups;
  type Request = keyof typeof requests;
  const runs = new Map<string, Run[]>();
  const names = Object.keys(setups) as Setup[];
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with another set-up, so none always runs on a cooler machine.
    const order = names.map((_, i) => names[(i + round) % names.length] as Setup);
    for (const request of Object.keys(requests) as Request[]) {
      for (const setup of order) {
        const run = await measure(setups[setup].port, requests[request], token, setups[setup].pids);
        runs.set(`${setup}|${request}`, [...(runs.get(`${setup}|${request}`) ?? []), run]);
      }
    }
  }
  console.log(
    `Several instances (PostgreSQL, s3rver, nginx), ${CONNECTIONS} connections, ${DURATION_S} s per run, ${ROUNDS} interleaved rounds, medians; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const summary = (setup: Setup, request: Request) => {
    const list = runs.get(`${setup}|${request}`) ?? [];
    return {
      rps: median(list.map((run) => run.rps)),
      p99: median(list.map((run) => run.p99)),
      cpu: median(list.map((run) => run.cpuPerRequestUs)),
      failed: list.reduce((sum, run) => sum + run.failed, 0),
    };
  };
  for (const request of Object.keys(requests) as Request[]) {
    for (const setup of names) {
      const { rps, p99, cpu, failed } = summary(setup, request);
      console.log(
        `  ${request.padEnd(8)} ${setup.padEnd(18)} ${rps.toFixed(0).padStart(6)} req/s  p99 ${p99.toFixed(0).padStart(4)} ms  CPU ${(cpu / 1000).toFixed(2)} ms/request  failed ${failed}`,
      );
    }
    const direct = summary('direct', request);
    const one = summary('nginx, 1 instance', request);
    const two = summary('nginx, 2 instances', request);
    console.log(
      `  ${request}: the proxy's own cost ${(direct.rps / one.rps).toFixed(2)}x in wall time (throughput direct / through nginx), ${(one.cpu / direct.cpu).toFixed(2)}x in CPU per request; a second instance gives ${(two.rps / one.rps).toFixed(2)}x the throughput (on ${
availableParallelism()} cores shared by the load generator, nginx, PostgreSQL, s3rver and the instances)`,
    );
  }
} finally {
  await Promise.all(proxies.map((proxy) => proxy.stop()));
  for (const child of children.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await s3.close();
  const database = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  await database.raw('drop schema if exists ?? cascade', [schema]);
  await database.destroy();
  await rm(work, { recursive: true, force: true });
}
