// Builds the site if needed and starts one host-server for all journeys.
import type { TestProject } from 'vitest/node';
import { ensureBuilt, startServer, SERVER_MAIN, type RunningServer } from './harness';
import { existsSync } from 'node:fs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let server: RunningServer | null = null;

export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`host-server is not built (${SERVER_MAIN}); run "npm run build" at the repository root first.`);
  }
  ensureBuilt();
  server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
