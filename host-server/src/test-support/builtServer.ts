// The built server (dist/main.js) as a real child process, for tests that kill it, restart it or
// look at what it leaves on disk: started on a port of its own choosing, on a given DATA_DIR and
// (project "postgres") database schema.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_DATABASE } from './testServer';

export const BUILT_MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'main.js');

/** Fails with the command to run when dist/main.js has not been built. */
export function assertServerBuilt(): void {
  if (!existsSync(BUILT_MAIN))
    throw new Error('dist/main.js is missing: run `npm run build -w @marginalia/host-server` first');
}

export interface BuiltServerOptions {
  dataDir: string;
  /** The PostgreSQL schema, used when the tests run on PostgreSQL. */
  schema: string;
  jwtSecret: string;
  /** Variables to set or replace: S3_* settings, or a DATABASE_URL and REDIS_URL of the test's own. */
  env?: NodeJS.ProcessEnv;
}

/** The environment the built server starts with. */
export function builtServerEnv({ dataDir, schema, jwtSecret, env }: BuiltServerOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    DATABASE_URL: TEST_DATABASE === 'postgres' ? process.env.DATABASE_URL : '',
    DATABASE_SCHEMA: TEST_DATABASE === 'postgres' ? schema : '',
    // Rate limits in this process's memory: a shared Redis would carry counts over from other runs.
    REDIS_URL: '',
    PUBLIC_DIR: join(dataDir, 'no-web-app'),
    // Files on the local disk unless the test says otherwise, whatever the shell has set.
    S3_BUCKET: '',
    S3_ENDPOINT: '',
    S3_ACCESS_KEY_ID: '',
    S3_SECRET_ACCESS_KEY: '',
    S3_FORCE_PATH_STYLE: '',
    ...env,
  };
}

export interface BuiltServer {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Everything the process has written to stdout and stderr so far. */
  output(): string;
  /** Sends `signal` (unless the process has already exited) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Spawns dist/main.js and resolves once it logs the URL it listens on. */
export async function startBuiltServer(options: BuiltServerOptions): Promise<BuiltServer> {
  const child = spawn(process.execPath, [BUILT_MAIN], {
    env: builtServerEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"http:\/\/localhost:(\d+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  // A server that never said where it listens is not left running behind the failed test.
  const port = await listening.catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}
