// A 10 MB PDF downloaded through the built server (dist/main.js), its file on the local disk or in
// an S3-compatible bucket (s3rver on loopback, the test server: a lower bound on what a remote
// store costs, without its network). Two servers, same file, downloads interleaved; prints the
// median and the spread of the runs for each, the servers' CPU time per download beside it, and
// the ratio against its target (S3 at most 1.5x the local disk, issue 25).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import S3rver from 's3rver';

const here = dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_ROUNDS ?? 9);
const FILE_BYTES = 10 * 1000 * 1000;

function startServer(env: Record<string, string>): { child: ChildProcess; base: Promise<string> } {
  const child = spawn(process.execPath, [join(here, '..', 'dist', 'main.js')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', REDIS_URL: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const base = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"http:\/\/localhost:(\d+)"/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return { child, base };
}

async function uploadAs(base: string, pdf: Uint8Array): Promise<{ token: string; id: string }> {
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: `bench-${randomBytes(4).toString('hex')}@example.com`, password: 'Bench-passw0rd' }),
  });
  const { token } = (await registered.json()) as { token: string };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'large.pdf');
  const uploaded = await fetch(`${base}/api/documents/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const { document } = (await uploaded.json()) as { document: { id: string } };
  return { token, id: document.id };
}

/** CPU time (user + system) the process has used so far, in milliseconds. */
async function cpuTimeOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function timeDownload(base: string, target: { token: string; id: string }, size: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/documents/${target.id}/download`, { headers: { Authorization: `Bearer ${target.token}` } });
  const bytes = await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (bytes.byteLength !== size) throw new Error(`downloaded ${bytes.byteLength} bytes, expected ${size}`);
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const work = await mkdtemp(join(tmpdir(), 'marginalia-storage-bench-'));
const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(work, 's3'), configureBuckets: [{ name: 'bench' }] });
const { port } = await s3.run();
const local = startServer({ DATA_DIR: join(work, 'local') });
const remote = startServer({
  DATA_DIR: join(work, 'remote'),
  S3_BUCKET: 'bench',
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
});
try {
  const document = await PDFDocument.create();
  document.addPage();
  await document.attach(randomBytes(FILE_BYTES), 'payload.bin', { mimeType: 'application/octet-stream' });
  const pdf = await document.save();
  const bases = { local: await local.base, s3: await remote.base };
  const targets = { local: await uploadAs(bases.local, pdf), s3: await uploadAs(bases.s3, pdf) };
  const times: Record<'local' | 's3', number[]> = { local: [], s3: [] };
  const cpu: Record<'local' | 's3', number[]> = { local: [], s3: [] };
  const pids = { local: local.child.pid as number, s3: remote.child.pid as number };
  // One warm-up each, then alternating, so neither side always goes first.
  await timeDownload(bases.local, targets.local, pdf.length);
  await timeDownload(bases.s3, targets.s3, pdf.length);
  for (let run = 0; run < RUNS; run += 1) {
    const order: Array<'local' | 's3'> = run % 2 === 0 ? ['local', 's3'] : ['s3', 'local'];
    for (const side of order) {
      const before = await cpuTimeOf(pids[side]);
      times[side].push(await timeDownload(bases[side], targets[side], pdf.length));
      cpu[side].push((await cpuTimeOf(pids[side])) - before);
    }
  }
  console.log(
    `download of a ${(pdf.length / 1e6).toFixed(1)} MB PDF, ${RUNS} interleaved runs (ms; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}):`,
  );
  for (const side of ['local', 's3'] as const) {
    const sorted = [...times[side]].sort((a, b) => a - b);
    console.log(
      `  ${side.padEnd(5)} median ${median(sorted).toFixed(1)}  min ${sorted[0]?.toFixed(1)}  max ${sorted.at(-1)?.toFixed(1)}  server CPU ${median(cpu[side]).toFixed(0)}`,
    );
  }
  const ratio = median(times.s3) / median(times.local);
  console.log(`  S3 / local disk: ${ratio.toFixed(2)}x in wall time (target at most 1.5x): ${ratio <= 1.5 ? 'PASS' : 'FAIL'}`);
} finally {
  for (const server of [local.child, remote.child]) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await s3.close();
  await rm(work, { recursive: true, force: true });
}
