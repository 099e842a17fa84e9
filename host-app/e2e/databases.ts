// The databases the server-involved journeys run on: SQLite always, PostgreSQL too when DATABASE_URL
// is set (CI sets it; globalSetup says when it is not). Journeys on SQLite use the run's shared
// server; a block on PostgreSQL starts a server of its own, in a schema of its own, dropped afterwards.
import { afterAll, beforeAll, inject } from 'vitest';
import { startServer, type Database, type JourneyServer, type RunningServer } from './harness';

export const databases: Database[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * The server for the journeys of the calling describe block on `database`. On PostgreSQL it is filled
 * in by the block's beforeAll, so read its fields inside hooks and tests, not while collecting.
 */
export function journeyServer(database: Database): JourneyServer {
  const server: JourneyServer = { ...inject('server') };
  if (database === 'sqlite') return server;
  let own: RunningServer | undefined;
  beforeAll(async () => {
    own = await startServer({ database });
    Object.assign(server, { url: own.url, dataDir: own.dataDir, database: own.database, schema: own.schema });
  });
  afterAll(async () => own?.stop());
  return server;
}
