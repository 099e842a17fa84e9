// The app factory: a Koa application over the given configuration, database, file store and
// mailer. It opens no port; `main.ts` listens, and tests drive `app.callback()` with supertest.
import { join } from 'node:path';
import cors from '@koa/cors';
import type { Knex } from 'knex';
import Koa from 'koa';
import { apiSecurityHeaders } from './apiHeaders';
import { clientAddressMiddleware } from './clientAddress';
import { requestBodies } from './requestBodies';
import type { AppConfig } from './config';
import type { JobNotifier, ServerContext } from './context';
import { databaseClient } from './db';
import { errorMiddleware } from './errors';
import { consoleLogger, type Logger } from './logger';
import { bindModels } from './models';
import { buildApiRouter } from './routes';
import { refuseNulInUrl } from './routes/validation';
import type { FileStore } from './infrastructure/fileStore';
import type { Mailer } from './infrastructure/mailer';
import { PdfJobQueue } from './infrastructure/pdfJobQueue';
import { S3FileStore } from './infrastructure/s3FileStore';
import { ChildPdfWorker, type PdfWorker } from './infrastructure/pdfWorker';
import { ListCache } from './infrastructure/listCache';
import { createRateLimiter, MEMORY_STORE, type RateLimitStore } from './infrastructure/rateLimit';
import { readinessCheck } from './infrastructure/readiness';
import { FailureStreak } from './infrastructure/retryLoop';
import { knexSessionReader, type SessionReader } from './infrastructure/sessions';
import { createCollaborationServer } from './infrastructure/collaborationServer';
import {
  checkSharedDocument,
  closeSharedDocument,
  collaboratorAccess,
  loadSharedDocument,
  sharedDocuments,
  storeSharedDocument,
} from './services/collaboration';
import { createTokenService } from './services/tokens';

/** How long collaborators' changes may wait before they are stored, and the longest a stream of them defers it. */
const COLLABORATION_STORE_DEBOUNCE_MS = 2000;
const COLLABORATION_STORE_MAX_DEBOUNCE_MS = 10_000;

export interface AppDependencies {
  config: AppConfig;
  knex: Knex;
  /** Read connections (see `openReader`); defaults to `knex`. */
  reader?: Knex;
  /** The per-request account lookup (see `openSessionReader`); defaults to one through `reader`. */
  sessions?: SessionReader;
  fileStore: FileStore;
  mailer: Mailer;
  logger?: Logger;
  pdfWorker?: PdfWorker;
  /** Where rate-limit counters live (Redis when REDIS_URL is set); in memory by default. */
  rateLimitStore?: RateLimitStore;
  /** Told about new conversion jobs; `main.ts` passes the running job runner. */
  jobs?: JobNotifier;
  /** Redis for the collaborators of one document on several instances (REDIS_URL), and the prefix of its keys and channels. */
  collaborationRedis?: { url: string; prefix: string };
  now?: () => Date;
}

export interface App {
  koa: Koa;
  server: ServerContext;
  /** Replaces the job notifier (the runner needs the server context before it exists). */
  setJobs(jobs: JobNotifier): void;
  callback(): ReturnType<Koa['callback']>;
}

export function createApp(dependencies: AppDependencies): App {
  const { config } = dependencies;
  const now = dependencies.now ?? (() => new Date());
  const logger = dependencies.logger ?? consoleLogger;
  let jobs: JobNotifier = dependencies.jobs ?? { notify: () => {} };

  const reader = dependencies.reader ?? dependencies.knex;
  const client = databaseClient(dependencies.knex);
  const tmpDir = join(config.dataDir, 'tmp');
  const localWorker = () => new ChildPdfWorker(config.limits.pdfJobs);
  // With PostgreSQL and a bucket every instance shares one queue of PDF jobs (infrastructure/pdfJobQueue.ts):
  // any instance can run any job, whose input and output are in the bucket. Otherwise files are on
  // one instance's disk, so that instance alone can run their jobs, and a job is no more durable
  // than the request waiting for it: the instance queues them in memory (infrastructure/fairQueue.ts).
  // (A queue in the database without a bucket left a crashed instance's jobs pending for ever, their
  // input files stray in the store, counted against their owner's bound.)
  const pdfWorker =
    dependencies.pdfWorker ??
    (client === 'postgres' && dependencies.fileStore instanceof S3FileStore
      ? new PdfJobQueue({
          knex: dependencies.knex,
          fileStore: dependencies.fileStore,
          tmpDir,
          logger,
          local: localWorker(),
          limits: config.limits.pdfJobs,
        })
      : localWorker());
  const rateLimitStore = dependencies.rateLimitStore ?? MEMORY_STORE;
  const limiter = (name: keyof ServerContext['limiters']) => createRateLimiter(name, config.limits[name], rateLimitStore);
  // The hooks reach the server context built just below; they first run when a collaborator connects.
  const shared = sharedDocuments();
  const collaboration = createCollaborationServer({
    logger,
    // A collaborator's message may carry what a PUT of the annotations may: the same bound.
    maxMessageBytes: config.limits.annotationsJsonBytes,
    storeDebounceMs: COLLABORATION_STORE_DEBOUNCE_MS,
    storeMaxDebounceMs: COLLABORATION_STORE_MAX_DEBOUNCE_MS,
    redis: dependencies.collaborationRedis,
    hooks: {
      authenticate: (credential, documentId) => collaboratorAccess(server, credential, documentId),
      load: (documentId, doc) => loadSharedDocument(server, shared, documentId, doc),
      changed: (documentId, doc) => checkSharedDocument(server, shared, documentId, doc),
      store: (documentId, doc) => storeSharedDocument(server, shared, documentId, doc),
      unloaded: (documentId) => closeSharedDocument(shared, documentId),
    },
  });
  const server: ServerContext = {
    config,
    collaboration,
    knex: dependencies.knex,
    reader,
    client,
    models: bindModels(dependencies.knex),
    fileStore: dependencies.fileStore,
    mailer: dependencies.mailer,
    logger,
    pdfWorker,
    jobs: { notify: () => jobs.notify() },
    tokens: createTokenService({
      secret: config.jwtSecret,
      issuer: config.jwtIssuer,
      audience: config.jwtAudience,
      ttlSeconds: config.tokenTtlSeconds,
      now,
    }),
    sessions: dependencies.sessions ?? knexSessionReader(reader),
    listCache: new ListCache({ maxBytes: config.limits.listCacheBytes }),
    limiters: {
      loginPerAccount: limiter('loginPerAccount'),
      loginPerAddress: limiter('loginPerAddress'),
      authPerAddress: limiter('authPerAddress'),
      signInStartsPerAddress: limiter('signInStartsPerAddress'),
      failedUploadsPerAccount: limiter('failedUploadsPerAccount'),
      recoveryPerEmail: limiter('recoveryPerEmail'),
      recoveryPerAddress: limiter('recoveryPerAddress'),
    },
    readiness: readinessCheck(reader, rateLimitStore, dependencies.fileStore),
    tmpDir,
    now,
  };

  // Requests that failed because the database was away log the outage once; the first query that
  // works again ends it.
  const databaseOutage = new FailureStreak(logger, {
    failed: 'database unavailable; answering 503 until it is back',
    recovered: 'database available again',
  });
  dependencies.knex.on('query-response', () => databaseOutage.succeeded());
  // The bucket's outage, logged once by the store that sees every failure and every answer.
  if (dependencies.fileStore instanceof S3FileStore) {
    dependencies.fileStore.observe(
      new FailureStreak(logger, {
        failed: 'file storage unavailable; answering 503 until it is back',
        recovered: 'file storage available again',
      }),
    );
  }

  // With a trusted proxy, Koa believes its X-Forwarded-Proto/Host; the client address is ours to work out.
  const koa = new Koa({ proxy: config.trustProxy.kind !== 'none' });
  // Errors are logged by the error middleware; Koa's own printer would log expected 4xx too.
  koa.silent = true;
  const allowed = new Set(config.corsOrigins);
  const router = buildApiRouter(server);

  koa.use(errorMiddleware(logger, databaseOutage));
  if (config.trustProxy.kind !== 'none') koa.use(clientAddressMiddleware(config.trustProxy));
  koa.use(requestBodies(config.limits));
  koa.use(refuseNulInUrl());
  // The web app's own policy is set where it is served (static.ts).
  koa.use(apiSecurityHeaders());
  koa.use(
    cors({
      // The configured origin, or no CORS header at all: never the request's Origin echoed back.
      origin: (ctx) => {
        const origin = ctx.get('Origin');
        return allowed.has(origin) ? origin : '';
      },
      credentials: true,
      allowHeaders: ['Authorization', 'Content-Type'],
      exposeHeaders: ['Content-Disposition', 'Retry-After'],
      maxAge: 600,
    }),
  );
  koa.use(router.routes());
  koa.use(router.allowedMethods());

  return {
    koa,
    server,
    setJobs(next) {
      jobs = next;
    },
    callback: () => koa.callback(),
  };
}
