// A PostgreSQL cluster and a Redis of a test's own, on free loopback ports, which the test may stop
// and start again to play an outage. The machine's shared ones (5432, 6379) are never touched.
// PostgreSQL refuses to run as root: when the tests run as root, the cluster belongs to the
// `postgres` account (or `nobody` where there is none) and its tools run as that account.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/**
 * Where tools are looked for: PATH, then Debian's PostgreSQL folders (newest version first), since
 * the `postgresql` package puts `initdb` and `pg_ctl` there and not on PATH.
 */
function toolFolders(): string[] {
  const debian = '/usr/lib/postgresql';
  let versions: string[] = [];
  try {
    versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
  } catch {
    // No Debian PostgreSQL: PATH alone.
  }
  return [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...versions.map((version) => join(debian, version, 'bin'))];
}

/** The full path of the executable `name`, or undefined when there is none. */
export function toolPath(name: string): string | undefined {
  for (const folder of toolFolders()) {
    try {
      accessSync(join(folder, name), constants.X_OK);
      return join(folder, name);
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

/** The tools of `names` that are not to be found (see `toolPath`). */
export function missingTools(names: readonly string[]): string[] {
  return names.filter((name) => !toolPath(name));
}

interface Account {
  uid: number;
  gid: number;
}

/** Who runs PostgreSQL: this process's user, or when that is root, `postgres` or `nobody`. */
function postgresAccount(): Account | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entries = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'));
  const entry = entries.find((fields) => fields[0] === 'postgres') ?? entries.find((fields) => fields[0] === 'nobody');
  if (!entry) throw new Error('running as root, and neither a postgres nor a nobody account exists to run PostgreSQL');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

export interface PrivateService {
  /** postgres://… or redis://… */
  url: string;
  port: number;
  /** Stops the service (PostgreSQL: a "fast" shutdown, which ends every session). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it if running and deletes its files. */
  destroy(): Promise<void>;
}

/** A fresh cluster (`initdb`, trust authentication, superuser `postgres`) running on a free port. */
export async function startPrivatePostgres(): Promise<PrivateService> {
  const account = postgresAccount();
  const root = await mkdtemp(join(tmpdir(), 'marginalia-pg-'));
  if (account) await chown(root, account.uid, account.gid);
  const dataDir = join(root, 'data');
  const port = await freePort();
  const asOwner = (command: string, args: string[]) =>
    run(toolPath(command) ?? command, args, { ...account, cwd: root, timeout: 120_000 });
  let running = false;
  const start = async () => {
    // Listening on loopback only, its socket file in its own folder; no fsync: the test survives
    // restarts of PostgreSQL, not of the machine.
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c fsync=off`;
    await asOwner('pg_ctl', ['start', '-D', dataDir, '-l', join(root, 'server.log'), '-w', '-t', '120', '-o', options]);
    running = true;
  };
  const stop = async (mode: 'fast' | 'immediate') => {
    if (!running) return;
    await asOwner('pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '120']);
    running = false;
  };
  try {
    await asOwner('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    await start();
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => stop('fast'),
    start,
    async destroy() {
      try {
        await stop('immediate');
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    },
  };
}

export interface PrivateRedis extends PrivateService {
  /** Stops the process without closing its connections (SIGSTOP): it accepts commands and never answers. */
  freeze(): void;
  /** Lets a frozen process run again (SIGCONT). */
  thaw(): void;
}

/** A Redis without persistence on a free port. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      };
      started.stdout?.on('data', onData);
      started.stderr?.on('data', onData);
      started.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
      started.once('error', reject);
    });
  };
  const stop = async () => {
    const current = child;
    child = undefined;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    freeze: () => child?.kill('SIGSTOP'),
    thaw: () => child?.kill('SIGCONT'),
    async destroy() {
      child?.kill('SIGCONT');
      await stop();
    },
  };
}
