// Builds the site if needed and starts one host-server (SQLite) for all journeys; journeys that also
// run on PostgreSQL start a server of their own for it (see databases.ts).
import type { TestProject } from 'vitest/node';
import { ensureBuilt, hasSharedPdfs, SHARED_PDFS, startServer, SERVER_MAIN, type JourneyServer, type RunningServer } from './harness';
import { existsSync } from 'node:fs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    server: JourneyServer;
  }
}

let server: RunningServer | null = null;

export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`host-server is not built (${SERVER_MAIN}); run "npm run build" at the repository root first.`);
  }
  ensureBuilt();
  if (!hasSharedPdfs) console.log(`${SHARED_PDFS} is absent: the journeys that need a real PDF from it are skipped (they say so in their names).`);
  if (!process.env.DATABASE_URL) console.log('DATABASE_URL is unset: the PostgreSQL journeys are skipped (SQLite only).');
  server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  project.provide('server', { url: server.url, dataDir: server.dataDir, database: server.database });
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
