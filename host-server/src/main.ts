// Server entry point: reads and checks the configuration, opens and migrates the database, settles
// files left by an unclean stop, resumes conversion jobs, deletes expired recovery drafts, serves
// the API (and the built web app when there is one) and shuts down cleanly on SIGTERM/SIGINT, and
// (exiting with code 1, after logging it) on a promise rejection nobody handled.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { ConfigError, configFromEnv, parseEnv, s3SettingsFromEnv } from './config';
import { databaseClient, migrate, openDatabase, openReader, openSessionReader } from './db';
import { consoleLogger, describeError } from './logger';
import { afterResponseSettled } from './services/accountMail';
import { ConversionRunner } from './services/conversions';
import { schedulePdfJobPurge } from './services/pdfJobPurge';
import { PdfJobQueue } from './infrastructure/pdfJobQueue';
import { type FileStore, LocalFileStore } from './infrastructure/fileStore';
import { OutboxMailer, SmtpMailer } from './infrastructure/mailer';
import { recoverFiles } from './infrastructure/maintenance';
import { scheduleReconciliation } from './services/reconcile';
import { schedulePurge } from './services/recovery';
import { S3FileStore } from './infrastructure/s3FileStore';
import { connectRedis, MEMORY_STORE, type RateLimitStore } from './infrastructure/rateLimit';
import { serveWebApp } from './static';

async function main(): Promise<void> {
  // Everything the server and its libraries create (the SQLite file and its WAL/SHM, stored and
  // temporary files, mail in the outbox, the PDF worker's output) is the server account's alone:
  // files 0600, folders 0700.
  process.umask(0o077);
  const env = parseEnv(process.env);
  const config = await configFromEnv(env);
  const logger = consoleLogger;
  const knex = openDatabase({ dataDir: config.dataDir, databaseUrl: env.DATABASE_URL, schema: env.DATABASE_SCHEMA });
  await migrate(knex);
  const reader = openReader({ dataDir: config.dataDir }, knex);
  const s3 = s3SettingsFromEnv(env);
  // With S3_BUCKET, file bodies live in the bucket only; DATA_DIR keeps temporary copies of jobs.
  const fileStore: FileStore = s3 ? new S3FileStore(s3) : await new LocalFileStore(join(config.dataDir, 'files')).init();
  if (fileStore instanceof S3FileStore) await fileStore.checkBucket();
  await recoverFiles(knex, fileStore, join(config.dataDir, 'tmp'), logger);
  const mailer = env.SMTP_URL
    ? new SmtpMailer(env.SMTP_URL, env.MAIL_FROM)
    : new OutboxMailer(join(config.dataDir, 'outbox'), env.MAIL_FROM, logger);

  const sessions = openSessionReader({ dataDir: config.dataDir }, reader);
  const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL, logger) : undefined;
  const rateLimitStore: RateLimitStore = redis ? { kind: 'redis', client: redis, keyPrefix: 'marginalia:limits' } : MEMORY_STORE;
  const app = createApp({ config, knex, reader, sessions, fileStore, mailer, logger, rateLimitStore, collaborationRedis: env.REDIS_URL ? { url: env.REDIS_URL, prefix: 'marginalia:collab' } : undefined });
  const runner = new ConversionRunner(app.server, { leaseMs: config.limits.pdfJobs.leaseMs });
  app.setJobs(runner);
  await runner.start();
  const { pdfWorker } = app.server;
  if (pdfWorker instanceof PdfJobQueue) pdfWorker.start();
  const stopJobPurge = pdfWorker instanceof PdfJobQueue ? schedulePdfJobPurge(app.server) : () => {};
  const stopPurge = schedulePurge(app.server);
  const stopReconciliation = scheduleReconciliation(app.server);

  // dist/main.js sits in host-server/dist; the web app builds to host-app/dist.
  const here = dirname(fileURLToPath(import.meta.url));
  const webApp = env.PUBLIC_DIR ? resolve(env.PUBLIC_DIR) : resolve(here, '../../host-app/dist');
  serveWebApp(app.koa, webApp);

  const server = app.koa.listen(env.PORT, env.HOST);
  // Collaborators' WebSockets share the API's port (/api/collab); any other upgrade is refused.
  server.on('upgrade', (request, socket, head) => {
    if (!app.server.collaboration.handleUpgrade(request, socket, head)) socket.destroy();
  });
  // Uploads of 100 MB over slow links take minutes; only idle connections are cut.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 65_000;
  server.on('listening', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    logger.info('Marginalia server listening', {
      url: `http://localhost:${port}`,
      database: databaseClient(knex) === 'postgres' ? 'postgresql' : `sqlite (${config.dataDir})`,
      webApp: existsSync(join(webApp, 'index.html')) ? webApp : 'not built',
      files: s3 ? `s3 (${s3.bucket})` : `local (${join(config.dataDir, 'files')})`,
      mail: env.SMTP_URL ? 'smtp' : `outbox (${join(config.dataDir, 'outbox')})`,
      googleSignIn: config.oidc ? 'configured' : 'not configured',
      rateLimits: redis ? 'redis' : 'memory',
    });
  });

  let closing = false;
  stopServer = async (reason: string, exitCode: number) => {
    if (closing) return;
    closing = true;
    logger.info('shutting down', { reason });
    try {
      server.close();
      server.closeIdleConnections();
      await app.server.collaboration.close();
      await runner.stop();
      stopPurge();
      stopJobPurge();
      stopReconciliation();
      // Mails promised in answers already sent (reset and verification links) still go out.
      await afterResponseSettled(app.server);
      app.server.pdfWorker.close();
      sessions.close();
      redis?.disconnect();
      if (reader !== knex) await reader.destroy();
      await knex.destroy();
      if (fileStore instanceof S3FileStore) fileStore.close();
    } catch (error) {
      logger.error('shutdown failed', describeError(error));
      exitCode = 1;
    } finally {
      process.exit(exitCode);
    }
  };
  process.on('SIGTERM', () => void stopServer?.('SIGTERM', 0));
  process.on('SIGINT', () => void stopServer?.('SIGINT', 0));
}

/** Set once the server is listening: stops it cleanly and exits with the given code. */
let stopServer: ((reason: string, exitCode: number) => Promise<void>) | undefined;
/** How long a shutdown after a programming error may take before the process exits regardless. */
const FATAL_SHUTDOWN_MS = 10_000;

// A rejection nobody handles is a programming error (every background loop handles its own
// failures, see infrastructure/retryLoop.ts): the work it belonged to was dropped, and a process that
// carried on could keep answering liveness checks with a loop silently stopped. So it is logged,
// with its stack, and the server shuts down as on SIGTERM (no new connections; the runner, mail and
// pools are closed, within FATAL_SHUTDOWN_MS) and exits with code 1, for the supervisor to restart it. An uncaught exception
// may have left state half-changed: logged, then the process exits at once.
process.on('unhandledRejection', (reason: unknown) => {
  consoleLogger.error('unhandled promise rejection; shutting down', describeError(reason));
  setTimeout(() => process.exit(1), FATAL_SHUTDOWN_MS).unref();
  if (stopServer) void stopServer('unhandled promise rejection', 1);
  else process.exit(1);
});
process.on('uncaughtException', (error: Error) => {
  consoleLogger.error('uncaught exception; exiting', describeError(error));
  process.exit(1);
});

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Marginalia server failed to start:', describeError(error));
  process.exit(1);
});
