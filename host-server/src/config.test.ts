import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv, ConfigError, loadJwtSecret, parseEnv, s3SettingsFromEnv } from './config';
import { hashPassword, parsePasswordHash, PRODUCTION_SCRYPT, verifyPassword } from './services/passwords';

const folders: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'marginalia-config-'));
  folders.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('environment', () => {
  it('has working defaults: port 3000, ./data, SQLite, no CORS origins', async () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.CORS_ORIGINS).toEqual([]);
  });

  it('names every bad variable in one message', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://localhost/db',
        JWT_SECRET: 'short',
        CORS_ORIGINS: 'https://ok.example.com, not a url, https://x.example.com/path',
        OIDC_ISSUER: 'https://accounts.google.com',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT:');
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(message).toContain('JWT_SECRET: must be at least 32 characters');
    expect(message).toContain('"not a url" is not an origin');
    expect(message).toContain('"https://x.example.com/path" is not an origin');
    expect(message).toContain('OIDC_CLIENT_ID: is required when OpenID Connect is configured');
  });

  it('takes storage limits in bytes from STORAGE_LIMIT_* and GUEST_DRAFTS_STORAGE_LIMIT, else 1, 10 and 100 GB', async () => {
    const defaults = await configFromEnv(parseEnv({ DATA_DIR: await tempDir() }));
    expect(defaults.limits.storageBytes).toEqual({ free: 1024 ** 3, personal: 10 * 1024 ** 3, team: 100 * 1024 ** 3 });
    expect(defaults.limits.guestDraftsBytes).toBe(5 * 1024 ** 3);
    const config = await configFromEnv(
      parseEnv({
        DATA_DIR: await tempDir(),
        STORAGE_LIMIT_FREE: '5000',
        STORAGE_LIMIT_TEAM: '9000000',
        GUEST_DRAFTS_STORAGE_LIMIT: '12345',
      }),
    );
    expect(config.limits.storageBytes).toEqual({ free: 5000, personal: 10 * 1024 ** 3, team: 9_000_000 });
    expect(config.limits.guestDraftsBytes).toBe(12345);
    expect(() => parseEnv({ STORAGE_LIMIT_PERSONAL: '10GB' })).toThrow('STORAGE_LIMIT_PERSONAL: must be a whole number of bytes');
  });

  it('keeps 32 MB of document lists per instance unless LIST_CACHE_MB says otherwise; 0 keeps none', async () => {
    expect((await configFromEnv(parseEnv({ DATA_DIR: await tempDir() }))).limits.listCacheBytes).toBe(32 * 1024 * 1024);
    expect((await configFromEnv(parseEnv({ DATA_DIR: await tempDir(), LIST_CACHE_MB: '0' }))).limits.listCacheBytes).toBe(0);
    expect((await configFromEnv(parseEnv({ DATA_DIR: await tempDir(), LIST_CACHE_MB: '8' }))).limits.listCacheBytes).toBe(8 * 1024 * 1024);
    expect(() => parseEnv({ LIST_CACHE_MB: '8MB' })).toThrow('LIST_CACHE_MB: must be a whole number of megabytes');
  });

  it('has no summary service unless SUMMARY_API_URL and SUMMARY_MODEL are set, and refuses half a configuration', async () => {
    expect((await configFromEnv(parseEnv({ DATA_DIR: await tempDir() }))).summary).toBeUndefined();
    const config = await configFromEnv(
      parseEnv({ DATA_DIR: await tempDir(), SUMMARY_API_URL: 'http://127.0.0.1:11434/v1/', SUMMARY_MODEL: 'llama3.2', SUMMARY_API_KEY: 'sk-1' }),
    );
    expect(config.summary).toEqual({ apiUrl: 'http://127.0.0.1:11434/v1', apiKey: 'sk-1', model: 'llama3.2', timeoutMs: 60_000 });
    expect(() => parseEnv({ SUMMARY_API_KEY: 'sk-1' })).toThrow(/SUMMARY_API_URL: is required[\s\S]*SUMMARY_MODEL: is required/);
    expect(() => parseEnv({ SUMMARY_API_URL: 'ftp://models.example.com', SUMMARY_MODEL: 'm' })).toThrow('SUMMARY_API_URL: must be the base URL');
    expect(() => parseEnv({ SUMMARY_API_URL: 'https://models.example.com', SUMMARY_MODEL: 'm', SUMMARY_TIMEOUT_SECONDS: '0' })).toThrow(
      'SUMMARY_TIMEOUT_SECONDS: must be a whole number of seconds',
    );
  });

  it('configures Microsoft sign-in from its own three variables, all or none, beside Google', async () => {
    const dataDir = await tempDir();
    const config = await configFromEnv(
      parseEnv({
        DATA_DIR: dataDir,
        APP_URL: 'https://pdf.example.com',
        MICROSOFT_OIDC_ISSUER: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
        MICROSOFT_OIDC_CLIENT_ID: 'ms-client',
        MICROSOFT_OIDC_CLIENT_SECRET: 'ms-secret',
      }),
    );
    expect(config.oidc).toBeUndefined();
    expect(config.microsoftOidc).toEqual({
      issuer: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
      clientId: 'ms-client',
      clientSecret: 'ms-secret',
      redirectUri: 'https://pdf.example.com/api/auth/microsoft/callback',
    });
    expect(() => parseEnv({ MICROSOFT_OIDC_CLIENT_ID: 'ms-client' })).toThrow(
      /MICROSOFT_OIDC_ISSUER: is required when OpenID Connect is configured[\s\S]*MICROSOFT_OIDC_CLIENT_SECRET: is required/,
    );
  });

  it('reads the minimum request body rate and its window, 1 KB/s over 20 s by default', async () => {
    const dataDir = await tempDir();
    expect((await configFromEnv(parseEnv({ DATA_DIR: dataDir }))).limits.bodyMinRate).toEqual({
      bytesPerSecond: 1024,
      windowMs: 20_000,
    });
    const set = await configFromEnv(parseEnv({ DATA_DIR: dataDir, BODY_MIN_RATE: '4096', BODY_MIN_RATE_WINDOW: '5' }));
    expect(set.limits.bodyMinRate).toEqual({ bytesPerSecond: 4096, windowMs: 5000 });
    expect(() => parseEnv({ BODY_MIN_RATE: '1kb', BODY_MIN_RATE_WINDOW: '0' })).toThrow(
      /BODY_MIN_RATE: must be a whole number of bytes a second[\s\S]*BODY_MIN_RATE_WINDOW: must be a whole number of seconds/,
    );
  });

  it('reads the PDF job slots, queue bounds and lease, and refuses an instance running no jobs without PostgreSQL', async () => {
    const dataDir = await tempDir();
    const defaults = (await configFromEnv(parseEnv({ DATA_DIR: dataDir }))).limits.pdfJobs;
    expect(defaults).toMatchObject({ slots: 2, maxWaiting: 100, maxWaitingPerUser: 20, leaseMs: 30_000 });
    const set = await configFromEnv(
      parseEnv({
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://db.internal/marginalia',
        S3_BUCKET: 'marginalia-files',
        PDF_JOB_SLOTS: '0',
        PDF_JOB_MAX_WAITING: '500',
        PDF_JOB_MAX_WAITING_PER_USER: '60',
        JOB_LEASE_SECONDS: '10',
      }),
    );
    expect(set.limits.pdfJobs).toMatchObject({ slots: 0, maxWaiting: 500, maxWaitingPerUser: 60, leaseMs: 10_000 });
    expect(() => parseEnv({ PDF_JOB_SLOTS: '0' })).toThrow(/PDF_JOB_SLOTS: 0 needs DATABASE_URL \(PostgreSQL\) and S3_BUCKET/);
    expect(() => parseEnv({ PDF_JOB_SLOTS: '0', DATABASE_URL: 'postgres://db.internal/marginalia' })).toThrow(/PDF_JOB_SLOTS/);
    expect(() => parseEnv({ PDF_JOB_MAX_WAITING_PER_USER: '0', JOB_LEASE_SECONDS: 'soon' })).toThrow(
      /PDF_JOB_MAX_WAITING_PER_USER: must be a whole number of jobs[\s\S]*JOB_LEASE_SECONDS: must be a whole number of seconds/,
    );
  });

  it('keeps files on the local disk unless S3_BUCKET is set, then reads the other S3_* settings', () => {
    expect(s3SettingsFromEnv(parseEnv({}))).toBeUndefined();
    expect(s3SettingsFromEnv(parseEnv({ S3_BUCKET: 'marginalia-files' }))).toEqual({
      bucket: 'marginalia-files',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      s3SettingsFromEnv(
        parseEnv({
          S3_BUCKET: 'marginalia-files',
          S3_ENDPOINT: 'https://minio.example.com:9000',
          S3_REGION: 'eu-central-1',
          S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
          S3_SECRET_ACCESS_KEY: 'secret-example',
          S3_FORCE_PATH_STYLE: 'true',
        }),
      ),
    ).toEqual({
      bucket: 'marginalia-files',
      endpoint: 'https://minio.example.com:9000',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example' },
      forcePathStyle: true,
    });
  });

  it('refuses S3 settings that would be ignored or half given, naming each variable', () => {
    const messageOf = (env: NodeJS.ProcessEnv) => {
      try {
        parseEnv(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('expected a ConfigError');
    };
    const withoutBucket = messageOf({ S3_ENDPOINT: 'https://minio.example.com', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' });
    expect(withoutBucket).toContain('S3_ENDPOINT: S3_BUCKET is required when S3_ENDPOINT is set');
    expect(withoutBucket).toContain('S3_ACCESS_KEY_ID: S3_BUCKET is required when S3_ACCESS_KEY_ID is set');
    expect(withoutBucket).toContain('S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID');
    const bad = messageOf({ S3_BUCKET: 'Not_A_Bucket', S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'yes' });
    expect(bad).toContain('S3_BUCKET: must be a bucket name');
    expect(bad).toContain('S3_ENDPOINT: must be the service URL');
    expect(bad).toContain('S3_FORCE_PATH_STYLE:');
    expect(() => parseEnv({ S3_FORCE_PATH_STYLE: 'false' })).not.toThrow();
  });

  it('accepts postgres URLs and origin lists', () => {
    const env = parseEnv({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      CORS_ORIGINS: 'https://a.example.com,http://localhost:5173',
    });
    expect(env.CORS_ORIGINS).toEqual(['https://a.example.com', 'http://localhost:5173']);
  });
});

describe('JWT secret', () => {
  it('is generated once, kept in DATA_DIR with owner-only permissions, and reused', async () => {
    const dir = await tempDir();
    const first = await loadJwtSecret(dir, undefined);
    const second = await loadJwtSecret(dir, undefined);
    expect(Buffer.from(first).toString()).toBe(Buffer.from(second).toString());
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect((await readFile(join(dir, 'jwt-secret'), 'utf8')).trim()).toBe(Buffer.from(first).toString());
    expect((await stat(join(dir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
  });

  it('comes from JWT_SECRET when set', async () => {
    const dir = await tempDir();
    const secret = await loadJwtSecret(dir, 'x'.repeat(40));
    expect(Buffer.from(secret).toString()).toBe('x'.repeat(40));
  });
});

describe('password hashing', () => {
  it('production configuration uses OWASP scrypt parameters N=2^17, r=8, p=1', async () => {
    const config = await configFromEnv(parseEnv({ DATA_DIR: await tempDir() }));
    expect(config.scrypt).toEqual({ log2N: 17, r: 8, p: 1 });
    expect(PRODUCTION_SCRYPT).toEqual({ log2N: 17, r: 8, p: 1 });
  });

  it('salts each hash, verifies the right password only, and records its parameters', async () => {
    const [one, two] = await Promise.all([hashPassword('Same-passw0rd'), hashPassword('Same-passw0rd')]);
    expect(one).not.toBe(two);
    expect(parsePasswordHash(one)?.params).toEqual({ log2N: 17, r: 8, p: 1 });
    expect(parsePasswordHash(one)?.salt.length).toBe(16);
    expect(await verifyPassword('Same-passw0rd', one)).toBe(true);
    expect(await verifyPassword('Same-passw0rd!', one)).toBe(false);
    expect(await verifyPassword('Same-passw0rd', 'scrypt$17$8$1$garbage')).toBe(false);
  });
});
