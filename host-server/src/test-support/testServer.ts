// A real server for tests: a fresh DATA_DIR with its SQLite file, or (project "postgres") a schema
// of its own in the PostgreSQL at DATABASE_URL, dropped afterwards so parallel runs never collide.
// Nothing is mocked: requests go through `app.callback()` with supertest, files land on disk.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import request from 'supertest';
import { createApp, type App } from '../app';
import { NO_PROXY } from '../clientAddress';
import { DEFAULT_LIMITS, type AppConfig } from '../config';
import { migrate, openDatabase, openReader, openSessionReader } from '../db';
import { type Logger, silentLogger } from '../logger';
import type { Plan, User } from '../models';
import { isoNow } from '../models/BaseModel';
import { ConversionRunner } from '../services/conversions';
import { type FileStore, LocalFileStore } from '../infrastructure/fileStore';
import { OutboxMailer } from '../infrastructure/mailer';
import type { PdfWorker } from '../infrastructure/pdfWorker';
import { recoverFiles } from '../infrastructure/maintenance';
import { hashPassword, PRODUCTION_SCRYPT } from '../services/passwords';
import type { RateLimitStore } from '../infrastructure/rateLimit';
import { makePdf } from './fixtures';

export const TEST_DATABASE = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** The password of users made by `createUser` (hashed once per test worker, at production cost). */
export const TEST_PASSWORD = 'Margin4lia-test';
let testPasswordHash: Promise<string> | undefined;

export interface TestServer {
  app: App;
  http: ReturnType<typeof request>;
  dataDir: string;
  knex: Knex;
  runner: ConversionRunner;
  outbox: OutboxMailer;
  createUser(options?: { plan?: Plan; email?: string; name?: string; emailVerified?: boolean }): Promise<{ user: User; token: string }>;
  /** Uploads a generated PDF of `pages` pages as the token's user (expecting 201); resolves with the document id. */
  uploadPdf(token: string, options?: { pages?: number; name?: string }): Promise<string>;
  /** Keys of the files in the store (DATA_DIR/files or the bucket) and names of the entries in DATA_DIR/tmp. */
  storedFiles(): Promise<string[]>;
  temporaryFiles(): Promise<string[]>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  config?: Partial<AppConfig>;
  now?: () => Date;
  /** Where rate-limit counters live (see test-support/redis.ts); in memory by default. */
  rateLimitStore?: RateLimitStore;
  /** Redis between instances for documents edited together (see test-support/redis.ts). */
  collaborationRedis?: { url: string; prefix: string };
  /** Reuse a data folder (and database schema) to simulate a restart. */
  dataDir?: string;
  schema?: string;
  /** Where file bodies go (an `S3FileStore`, see test-support/s3.ts); DATA_DIR/files by default. */
  fileStore?: FileStore;
  /** The folder of another test server's SQLite file, to share its database (PostgreSQL: pass `schema`). */
  databaseDir?: string;
  /** A PostgreSQL of the test's own (its `public` schema) instead of the project's database. */
  databaseUrl?: string;
  logger?: Logger;
  pdfWorker?: PdfWorker;
}

export function testConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    dataDir,
    jwtSecret: randomBytes(32),
    jwtIssuer: 'marginalia',
    jwtAudience: 'marginalia-app',
    tokenTtlSeconds: 3600,
    corsOrigins: ['https://app.example.com'],
    appUrl: 'http://app.test',
    trustProxy: NO_PROXY,
    scrypt: PRODUCTION_SCRYPT,
    sofficePath: 'soffice',
    limits: DEFAULT_LIMITS,
    ...overrides,
  };
}

/** The PostgreSQL schema a test server uses, created on demand. */
async function createSchema(): Promise<string> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL });
  try {
    await admin.raw('create schema ??', [schema]);
  } finally {
    await admin.destroy();
  }
  return schema;
}

export async function dropSchema(schema: string): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL });
  try {
    await admin.raw('drop schema if exists ?? cascade', [schema]);
  } finally {
    await admin.destroy();
  }
}

/** Opens (and migrates) the test database for `dataDir`; PostgreSQL gets a fresh schema unless given one. */
export async function openTestDatabase(dataDir: string, schema?: string): Promise<{ knex: Knex; schema?: string }> {
  if (TEST_DATABASE !== 'postgres') {
    const knex = openDatabase({ dataDir });
    await migrate(knex);
    return { knex };
  }
  const name = schema ?? (await createSchema());
  const knex = openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL, schema: name });
  await migrate(knex);
  return { knex, schema: name };
}

export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer & { schema?: string }> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'marginalia-test-')));
  const databaseDir = options.databaseDir ?? dataDir;
  const { knex, schema } = options.databaseUrl
    ? { knex: openDatabase({ dataDir, databaseUrl: options.databaseUrl, logger: options.logger }), schema: undefined }
    : await openTestDatabase(databaseDir, options.schema);
  if (options.databaseUrl) await migrate(knex);
  const config = testConfig(dataDir, options.config);
  const fileStore = options.fileStore ?? (await new LocalFileStore(join(dataDir, 'files')).init());
  await recoverFiles(knex, fileStore, join(dataDir, 'tmp'), silentLogger);
  const outbox = new OutboxMailer(join(dataDir, 'outbox'), 'Marginalia <no-reply@test>', silentLogger);
  const reader = openReader({ dataDir: databaseDir }, knex);
  const sessions = openSessionReader({ dataDir: databaseDir }, reader);
  const app = createApp({
    config,
    knex,
    reader,
    sessions,
    fileStore,
    mailer: outbox,
    logger: options.logger ?? silentLogger,
    pdfWorker: options.pdfWorker,
    now: options.now,
    rateLimitStore: options.rateLimitStore,
    collaborationRedis: options.collaborationRedis,
  });
  const runner = new ConversionRunner(app.server);
  app.setJobs(runner);

  const list = async (dir: string) => {
    try {
      return await readdir(dir);
    } catch {
      return [];
    }
  };

  const http = request(app.callback());

  return {
    app,
    http,
    dataDir,
    knex,
    schema,
    runner,
    outbox,
    async createUser(userOptions = {}) {
      testPasswordHash ??= hashPassword(TEST_PASSWORD);
      const now = isoNow();
      const user = await app.server.models.User.query().insertAndFetch({
        id: randomUUID(),
        name: userOptions.name ?? 'Test User',
        email: userOptions.email ?? `user-${randomUUID()}@example.com`,
        passwordHash: await testPasswordHash,
        plan: userOptions.plan ?? 'free',
        dailyUsage: 0,
        usageDay: null,
        sessionEpoch: 0,
        documentCount: 0,
        oidcSubject: null,
        emailVerifiedAt: userOptions.emailVerified ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      return { user, token: await app.server.tokens.issue(user) };
    },
    async uploadPdf(token, { pages = 1, name = 'test.pdf' } = {}) {
      const response = await http
        .post('/api/documents/upload')
        .set('Authorization', `Bearer ${token}`)
        .attach('file', await makePdf(pages), name)
        .expect(201);
      return response.body.document.id as string;
    },
    async storedFiles() {
      const keys: string[] = [];
      for await (const object of fileStore.list()) keys.push(object.key);
      return keys;
    },
    temporaryFiles: async () => (await list(join(dataDir, 'tmp'))).filter((name) => name !== 'intents'),
    async close() {
      try {
        await app.server.collaboration.close();
        await runner.stop();
        app.server.pdfWorker.close();
        sessions.close();
        if (reader !== knex) await reader.destroy();
        await knex.destroy();
      } finally {
        // Even when a test broke the connections on purpose, leave no schema or folder behind.
        if (schema && !options.schema) await dropSchema(schema);
        if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** Makes supertest collect a response body as bytes (PDFs, images), whatever its content type. */
export function binary<T extends ReturnType<TestServer['http']['get']>>(pending: T): T {
  return pending.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  }) as T;
}
