// What route handlers and jobs share: configuration, database, stores and services, built once by
// `createApp`. Passing this object (rather than importing singletons) keeps apps independent, so
// tests can run several, on different databases, in one process.
import type { Knex } from 'knex';
import type { AppConfig } from './config';
import type { DatabaseClient } from './db';
import type { Logger } from './logger';
import type { Models, User } from './models';
import type { CollaborationServer } from './infrastructure/collaborationServer';
import type { FileStore } from './infrastructure/fileStore';
import type { ListCache } from './infrastructure/listCache';
import type { Mailer } from './infrastructure/mailer';
import type { PdfWorker } from './infrastructure/pdfWorker';
import type { RateLimiter } from './infrastructure/rateLimit';
import type { Readiness } from './infrastructure/readiness';
import type { SessionReader } from './infrastructure/sessions';
import type { TokenClaims, TokenService } from './services/tokens';

/** Told when a conversion job is queued, so it starts without waiting for the next poll. */
export interface JobNotifier {
  notify(): void;
}

export interface ServerContext {
  config: AppConfig;
  knex: Knex;
  /** For reads that need no transaction (the same pool as `knex` on PostgreSQL). */
  reader: Knex;
  client: DatabaseClient;
  models: Models;
  fileStore: FileStore;
  mailer: Mailer;
  logger: Logger;
  pdfWorker: PdfWorker;
  jobs: JobNotifier;
  tokens: TokenService;
  /** The account and revocation lookup of every authenticated request. */
  sessions: SessionReader;
  /** Documents edited together over `/api/collab` (services/collaboration.ts). */
  collaboration: CollaborationServer;
  /** Serialized document lists by user, version and page. */
  listCache: ListCache;
  /** Named after their rules in `config.limits`; counted in Redis when REDIS_URL is set. */
  limiters: {
    loginPerAccount: RateLimiter;
    loginPerAddress: RateLimiter;
    authPerAddress: RateLimiter;
    signInStartsPerAddress: RateLimiter;
    failedUploadsPerAccount: RateLimiter;
    recoveryPerEmail: RateLimiter;
    recoveryPerAddress: RateLimiter;
  };
  /** Whether the database and Redis answer now (`GET /api/health/ready`). */
  readiness(): Promise<Readiness>;
  /** Temporary folder for uploads in progress (DATA_DIR/tmp); emptied at start. */
  tmpDir: string;
  now(): Date;
}

/**
 * The members of the context a service or command uses, named one by one (`Deps<'knex' | 'models'>`):
 * its signature says what it touches, a test can hand it just that, and a route passes the whole
 * context, which has them all.
 */
export type Deps<K extends keyof ServerContext> = Pick<ServerContext, K>;

/** Koa state of an authenticated request. */
export interface AuthState {
  user: User;
  token: TokenClaims;
}
