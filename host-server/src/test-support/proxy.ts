// nginx from Debian in front of several instances of the server, configured as docs/deployment.md's
// "Reverse proxy" section (without TLS): on a free loopback port, its configuration, logs and
// temporary files in a folder of its own, in the foreground as a child of the test (never the
// machine's nginx service). Each answer carries the instance that served it in X-Upstream, so a
// test can tell instances apart through the proxy.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
// With its extension: bench/proxy.bench.ts runs this file under Node's type stripping too.
import { freePort, toolPath } from './privateServices.ts';

/** The proxy configuration docs/deployment.md shows, with the folder and ports filled in. */
export function nginxConfiguration({ folder, port, upstreams }: { folder: string; port: number; upstreams: number[] }): string {
  return `
worker_processes 1;
daemon off;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 512; }
http {
  access_log ${folder}/access.log;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  # The largest body the server accepts (a page save); it enforces its own limits within that.
  client_max_body_size 126m;
  upstream marginalia {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=3 fail_timeout=10s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_request_buffering off;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_connect_timeout 5s;
    proxy_read_timeout 300s;
    # Collaborators' WebSockets (docs/deployment.md): the upgrade passed on, kept open while idle.
    location = /api/collab {
      proxy_pass http://marginalia;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      proxy_read_timeout 1h;
    }
    # Annotation saves whole before they are sent, so one cut off by a dying instance can go to the next.
    location ~ ^/api/documents/[^/]+/annotations$ {
      proxy_request_buffering on;
      client_body_buffer_size 1m;
      proxy_pass http://marginalia;
      add_header X-Upstream $upstream_addr always;
    }
    location / {
      proxy_pass http://marginalia;
      # The test's own addition: which instance answered.
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** Debian's nginx: on PATH, or in /usr/sbin, which a user's PATH may leave out. */
export function nginxPath(): string | undefined {
  return toolPath('nginx') ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined);
}

export interface Proxy {
  base: string;
  /** nginx's master process (its worker is its child). */
  pid: number;
  /** What nginx has logged as errors so far (failed upstream connections among them). */
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

export async function startNginx(upstreams: number[]): Promise<Proxy> {
  const nginx = nginxPath();
  if (!nginx) throw new Error('nginx not found');
  const folder = await mkdtemp(join(tmpdir(), 'marginalia-nginx-'));
  // nginx's workers run as `nobody` when it is started as root: they write the temporary files.
  await chmod(folder, 0o777);
  const port = await freePort();
  await writeFile(join(folder, 'nginx.conf'), nginxConfiguration({ folder, port, upstreams }));
  const child: ChildProcess = spawn(nginx, ['-p', folder, '-c', join(folder, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
    try {
      await fetch(`${base}/api/health/live`);
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await delay(100);
    }
  }
  return {
    base,
    pid: child.pid as number,
    errorLog: () => readFile(join(folder, 'error.log'), 'utf8').catch(() => ''),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}
