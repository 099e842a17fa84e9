// Server configuration: read from environment variables once at start, validated with zod so a
// mistake stops the server with a message naming the variable, never half-way through a request.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import * as z from 'zod';
import { NO_PROXY, proxyList, type ProxyTrust } from './clientAddress';
import { PRODUCTION_SCRYPT, type ScryptParams } from './services/passwords';
import { DEFAULT_LIST_CACHE_BYTES } from './infrastructure/listCache';
import { DEFAULT_PDF_JOB_LIMITS, type PdfJobLimits } from './infrastructure/pdfWorker';
import { DEFAULT_GUEST_DRAFTS_BYTES, DEFAULT_STORAGE_LIMITS } from './services/storageLimits';
import type { S3Settings } from './infrastructure/s3FileStore';
import type { Plan } from './models';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * The language model that writes document summaries (POST /api/documents/:id/summary): an
 * OpenAI-compatible chat completions service. Off (undefined) by default: the app then
 * summarizes in the browser, offline.
 */
export interface SummarySettings {
  /** The service's base URL, to which `/chat/completions` is added, e.g. https://api.openai.com/v1. */
  apiUrl: string;
  /** Sent as `Authorization: Bearer`; a local server may need none. */
  apiKey?: string;
  model: string;
  /** How long a summary may take before the request fails (502). */
  timeoutMs: number;
}

export const DEFAULT_SUMMARY_TIMEOUT_MS = 60_000;

/** Everything `createApp` needs to know; tests build it with `testConfig`, `main.ts` from the environment. */
export interface AppConfig {
  dataDir: string;
  jwtSecret: Uint8Array;
  jwtIssuer: string;
  jwtAudience: string;
  tokenTtlSeconds: number;
  /** Exact origins allowed to call the API from a browser; empty means same-origin only. */
  corsOrigins: string[];
  /** Public address of the web app, used in e-mailed links and sign-in redirects. */
  appUrl: string;
  /** Google sign-in (any OpenID Connect provider), at /api/auth/google. */
  oidc?: OidcSettings;
  /** Microsoft Entra ID sign-in through the same OpenID Connect code, at /api/auth/microsoft. */
  microsoftOidc?: OidcSettings;
  /** Which reverse proxies may tell the client's address (X-Forwarded-For). */
  trustProxy: ProxyTrust;
  scrypt: ScryptParams;
  sofficePath: string;
  /** The summary service; undefined: none (the app summarizes offline). */
  summary?: SummarySettings;
  limits: {
    loginPerAccount: RateLimitRule;
    loginPerAddress: RateLimitRule;
    /** register, forgot-password and reset-password, per client address. */
    authPerAddress: RateLimitRule;
    /** Social sign-ins started (each records a flow), per client address. */
    signInStartsPerAddress: RateLimitRule;
    freeDailyUploads: number;
    maxUploadBytes: number;
    maxThumbnailBytes: number;
    jsonBytes: number;
    annotationsJsonBytes: number;
    /** A request body that sends nothing for this long is answered 408 and its connection closed. */
    bodyIdleTimeoutMs: number;
    /** Every request body must have arrived within `baseMs` plus its size at `bytesPerSecond`. */
    bodyDeadline: { baseMs: number; bytesPerSecond: number };
    /** A request body must bring at least `bytesPerSecond` in every `windowMs` (else 408, connection closed). */
    bodyMinRate: { bytesPerSecond: number; windowMs: number };
    /** File uploads receiving at once from one client address (429 beyond) and in all (503 beyond). */
    uploadsPerAddress: number;
    uploadsInProgress: number;
    /** Uploads refused as unreadable (415, 422), per account. */
    failedUploadsPerAccount: RateLimitRule;
    /** Memory, time and queue limits of PDF jobs (upload checks, conversions, exports). */
    pdfJobs: PdfJobLimits;
    /** Guest recovery links mailed, per e-mail address and per client address. */
    recoveryPerEmail: RateLimitRule;
    recoveryPerAddress: RateLimitRule;
    /** A guest's file, as the landing page takes it (spec: 10 MB). */
    maxGuestUploadBytes: number;
    /** Bytes of files an account may keep, by the plan that applies now (services/storage.ts). */
    storageBytes: Record<Plan, number>;
    /** Bytes all guests' recovery drafts may take together. */
    guestDraftsBytes: number;
    /** Memory for serialized document lists, per instance (infrastructure/listCache.ts); 0 keeps none. */
    listCacheBytes: number;
  };
}

export const DEFAULT_LIMITS: AppConfig['limits'] = {
  loginPerAccount: { max: 10, windowMs: 15 * 60_000 },
  loginPerAddress: { max: 30, windowMs: 15 * 60_000 },
  authPerAddress: { max: 20, windowMs: 15 * 60_000 },
  signInStartsPerAddress: { max: 30, windowMs: 15 * 60_000 },
  // Spec section 9: free plan, 3 PDFs per day; documents upload limit 100 MB.
  freeDailyUploads: 3,
  maxUploadBytes: 100 * 1024 * 1024,
  maxThumbnailBytes: 2 * 1024 * 1024,
  jsonBytes: 1024 * 1024,
  // Annotations carry images and signatures as data URLs.
  annotationsJsonBytes: 25 * 1024 * 1024,
  bodyIdleTimeoutMs: 30_000,
  // 100 MB at 50 KB/s: 35 minutes, enough for a slow but working link.
  bodyDeadline: { baseMs: 60_000, bytesPerSecond: 50 * 1024 },
  // nginx's client_body_timeout and Apache's MinRate in one: a byte every few seconds is cut after 20 s.
  bodyMinRate: { bytesPerSecond: 1024, windowMs: 20_000 },
  uploadsPerAddress: 24,
  uploadsInProgress: 64,
  failedUploadsPerAccount: { max: 20, windowMs: 15 * 60_000 },
  pdfJobs: DEFAULT_PDF_JOB_LIMITS,
  recoveryPerEmail: { max: 5, windowMs: 60 * 60_000 },
  recoveryPerAddress: { max: 20, windowMs: 60 * 60_000 },
  maxGuestUploadBytes: 10 * 1024 * 1024,
  storageBytes: DEFAULT_STORAGE_LIMITS,
  guestDraftsBytes: DEFAULT_GUEST_DRAFTS_BYTES,
  listCacheBytes: DEFAULT_LIST_CACHE_BYTES,
};

const byteCount = z
  .string()
  .trim()
  .regex(/^\d{1,16}$/, 'must be a whole number of bytes')
  .transform(Number)
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanText = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const originList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const origins = (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    for (const origin of origins) {
      let parsed: URL | undefined;
      try {
        parsed = new URL(origin);
      } catch {
        parsed = undefined;
      }
      if (!parsed || parsed.origin !== origin) {
        ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin like https://app.example.com` });
      }
    }
    return origins;
  });

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'must be a port number (0-65535)' })
      .int('must be a port number (0-65535)')
      .min(0, 'must be a port number (0-65535)')
      .max(65535, 'must be a port number (0-65535)')
      .default(3000),
    HOST: optionalText,
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset to use SQLite)')
        .optional(),
    ),
    DATABASE_SCHEMA: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL schema name')
        .optional(),
    ),
    JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    CORS_ORIGINS: originList,
    APP_URL: optionalText.pipe(z.url('must be an absolute URL such as https://marginalia.example.com').optional()),
    SMTP_URL: optionalText.pipe(z.url('must be a URL such as smtps://user:pass@smtp.example.com').optional()),
    MAIL_FROM: z.string().trim().min(3).default('Marginalia <no-reply@localhost>'),
    OIDC_ISSUER: optionalText.pipe(z.url('must be the provider URL, e.g. https://accounts.google.com').optional()),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_REDIRECT_URI: optionalText.pipe(z.url().optional()),
    MICROSOFT_OIDC_ISSUER: optionalText.pipe(
      z.url('must be the tenant\'s issuer, e.g. https://login.microsoftonline.com/{tenant-id}/v2.0').optional(),
    ),
    MICROSOFT_OIDC_CLIENT_ID: optionalText,
    MICROSOFT_OIDC_CLIENT_SECRET: optionalText,
    MICROSOFT_OIDC_REDIRECT_URI: optionalText.pipe(z.url().optional()),
    // `true` once meant every loopback and private address, so any client on such a network could
    // name its own address (and escape its rate limits): the proxies must now be named or counted.
    TRUST_PROXY: z
      .enum(['false', '0', ''], {
        error:
          'is no longer read as true: name your proxies in TRUSTED_PROXIES (e.g. 127.0.0.1 for one on this machine) or give their number in TRUST_PROXY_HOPS',
      })
      .optional(),
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const ranges = (value ?? '')
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
        try {
          proxyList(ranges);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
        }
        return ranges;
      }),
    TRUST_PROXY_HOPS: optionalText.pipe(
      z
        .string()
        .regex(/^[1-9]\d{0,2}$/, 'must be a whole number of proxies (1 or more)')
        .transform(Number)
        .optional(),
    ),
    BODY_MIN_RATE: optionalText.pipe(
      z.string().regex(/^\d{1,9}$/, 'must be a whole number of bytes a second (0 turns the check off)').transform(Number).optional(),
    ),
    BODY_MIN_RATE_WINDOW: optionalText.pipe(
      z.string().regex(/^[1-9]\d{0,3}$/, 'must be a whole number of seconds (1 or more)').transform(Number).optional(),
    ),
    REDIS_URL: optionalText.pipe(z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional()),
    PDF_JOB_SLOTS: optionalText.pipe(
      z.string().regex(/^\d{1,3}$/, 'must be a whole number of jobs (0: this instance runs none)').transform(Number).optional(),
    ),
    PDF_JOB_MAX_WAITING: optionalText.pipe(
      z.string().regex(/^[1-9]\d{0,5}$/, 'must be a whole number of jobs (1 or more)').transform(Number).optional(),
    ),
    PDF_JOB_MAX_WAITING_PER_USER: optionalText.pipe(
      z.string().regex(/^[1-9]\d{0,5}$/, 'must be a whole number of jobs (1 or more)').transform(Number).optional(),
    ),
    JOB_LEASE_SECONDS: optionalText.pipe(
      z.string().regex(/^[1-9]\d{0,4}$/, 'must be a whole number of seconds (1 or more)').transform(Number).optional(),
    ),
    LIST_CACHE_MB: optionalText.pipe(
      z.string().regex(/^\d{1,5}$/, 'must be a whole number of megabytes (0 keeps no lists)').transform(Number).optional(),
    ),
    SOFFICE_PATH: z.string().trim().min(1).default('soffice'),
    PUBLIC_DIR: optionalText,
    STORAGE_LIMIT_FREE: byteCount,
    STORAGE_LIMIT_PERSONAL: byteCount,
    STORAGE_LIMIT_TEAM: byteCount,
    GUEST_DRAFTS_STORAGE_LIMIT: byteCount,
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)')
        .optional(),
    ),
    S3_ENDPOINT: optionalText.pipe(
      z
        .url({ protocol: /^https?$/, error: 'must be the service URL, e.g. https://s3.example.com' })
        .optional(),
    ),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: booleanText,
    SUMMARY_API_URL: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: 'must be the base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1' }).optional(),
    ),
    SUMMARY_API_KEY: optionalText,
    SUMMARY_MODEL: optionalText,
    SUMMARY_TIMEOUT_SECONDS: optionalText.pipe(
      z.string().regex(/^[1-9]\d{0,2}$/, 'must be a whole number of seconds from 1 to 999').transform(Number).optional(),
    ),
  });

export type ServerEnv = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Validates the environment; throws a `ConfigError` listing every bad variable. */
const OIDC_VARIABLE_GROUPS = [
  ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
  ['MICROSOFT_OIDC_ISSUER', 'MICROSOFT_OIDC_CLIENT_ID', 'MICROSOFT_OIDC_CLIENT_SECRET'],
] as const;
const PROXY_VARIABLES = ['TRUSTED_PROXIES', 'TRUST_PROXY_HOPS'] as const;
const SUMMARY_VARIABLES = ['SUMMARY_API_URL', 'SUMMARY_API_KEY', 'SUMMARY_MODEL', 'SUMMARY_TIMEOUT_SECONDS'] as const;
const S3_VARIABLES = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;
const S3_KEY_PAIR = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The bucket files are kept in when S3_BUCKET is set; undefined keeps them under DATA_DIR/files. */
export function s3SettingsFromEnv(env: ServerEnv): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/** TRUSTED_PROXIES or TRUST_PROXY_HOPS: only proxies named or counted are believed. */
export function proxyTrustFromEnv(env: ServerEnv): ProxyTrust {
  if (env.TRUSTED_PROXIES.length > 0) return { kind: 'addresses', ranges: env.TRUSTED_PROXIES };
  if (env.TRUST_PROXY_HOPS) return { kind: 'hops', hops: env.TRUST_PROXY_HOPS };
  return NO_PROXY;
}

export function parseEnv(env: NodeJS.ProcessEnv): ServerEnv {
  const result = envSchema.safeParse(env);
  const lines = result.success
    ? []
    : result.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
  // Checked on the raw values so the message is complete even when other variables are wrong too.
  for (const group of OIDC_VARIABLE_GROUPS) {
    const set = group.filter((key) => env[key]?.trim());
    if (set.length === 0 || set.length === group.length) continue;
    for (const key of group) {
      if (!env[key]?.trim()) lines.push(`  ${key}: is required when OpenID Connect is configured`);
    }
  }
  // A summary service needs both where it is and which model to ask; a key alone would be ignored.
  const summarySet = SUMMARY_VARIABLES.filter((key) => env[key]?.trim());
  if (summarySet.length > 0 && !(env.SUMMARY_API_URL?.trim() && env.SUMMARY_MODEL?.trim())) {
    for (const key of ['SUMMARY_API_URL', 'SUMMARY_MODEL'] as const) {
      if (!env[key]?.trim()) lines.push(`  ${key}: is required when a summary service is configured (${summarySet.join(', ')} set)`);
    }
  }
  // Without S3_BUCKET the other S3 settings would be ignored and files kept on the local disk.
  if (!env.S3_BUCKET?.trim()) {
    for (const key of S3_VARIABLES) {
      const value = env[key]?.trim();
      if (value && value !== 'false' && value !== '0') lines.push(`  ${key}: S3_BUCKET is required when ${key} is set`);
    }
  }
  const s3Keys = S3_KEY_PAIR.filter((key) => env[key]?.trim());
  if (s3Keys.length === 1) {
    for (const key of S3_KEY_PAIR) {
      if (!env[key]?.trim()) lines.push(`  ${key}: is required with ${s3Keys[0]}`);
    }
  }
  // Without PostgreSQL and a bucket, jobs run only where they are queued (their files are on that
  // instance's disk): an instance that runs none would never finish them.
  if (env.PDF_JOB_SLOTS?.trim() === '0' && (!env.DATABASE_URL?.trim() || !env.S3_BUCKET?.trim())) {
    lines.push('  PDF_JOB_SLOTS: 0 needs DATABASE_URL (PostgreSQL) and S3_BUCKET, so that other instances can run the jobs');
  }
  const proxySettings = PROXY_VARIABLES.filter((key) => env[key]?.trim() && env[key]?.trim() !== 'false' && env[key]?.trim() !== '0');
  if (proxySettings.length > 1) {
    lines.push(`  ${proxySettings.join(', ')}: set only one of them (see README, Configuration)`);
  }
  if (result.success && lines.length === 0) return result.data;
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/**
 * The JWT secret: JWT_SECRET when given, otherwise one generated on first start and kept in
 * DATA_DIR/jwt-secret so tokens survive restarts.
 */
export async function loadJwtSecret(dataDir: string, fromEnv: string | undefined): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = join(dataDir, 'jwt-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 43) return new TextEncoder().encode(stored);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'w' });
  await chmod(file, 0o600);
  return new TextEncoder().encode(secret);
}

export async function configFromEnv(env: ServerEnv): Promise<AppConfig> {
  const dataDir = resolve(env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    dataDir,
    jwtSecret: await loadJwtSecret(dataDir, env.JWT_SECRET),
    jwtIssuer: 'marginalia',
    jwtAudience: 'marginalia-app',
    tokenTtlSeconds: 7 * 24 * 3600,
    corsOrigins: env.CORS_ORIGINS,
    appUrl,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            redirectUri: env.OIDC_REDIRECT_URI ?? `${appUrl}/api/auth/google/callback`,
          }
        : undefined,
    microsoftOidc:
      env.MICROSOFT_OIDC_ISSUER && env.MICROSOFT_OIDC_CLIENT_ID && env.MICROSOFT_OIDC_CLIENT_SECRET
        ? {
            issuer: env.MICROSOFT_OIDC_ISSUER,
            clientId: env.MICROSOFT_OIDC_CLIENT_ID,
            clientSecret: env.MICROSOFT_OIDC_CLIENT_SECRET,
            redirectUri: env.MICROSOFT_OIDC_REDIRECT_URI ?? `${appUrl}/api/auth/microsoft/callback`,
          }
        : undefined,
    trustProxy: proxyTrustFromEnv(env),
    scrypt: PRODUCTION_SCRYPT,
    sofficePath: env.SOFFICE_PATH,
    summary:
      env.SUMMARY_API_URL && env.SUMMARY_MODEL
        ? {
            apiUrl: env.SUMMARY_API_URL.replace(/\/+$/, ''),
            apiKey: env.SUMMARY_API_KEY,
            model: env.SUMMARY_MODEL,
            timeoutMs: (env.SUMMARY_TIMEOUT_SECONDS ?? DEFAULT_SUMMARY_TIMEOUT_MS / 1000) * 1000,
          }
        : undefined,
    limits: {
      ...DEFAULT_LIMITS,
      storageBytes: {
        free: env.STORAGE_LIMIT_FREE ?? DEFAULT_STORAGE_LIMITS.free,
        personal: env.STORAGE_LIMIT_PERSONAL ?? DEFAULT_STORAGE_LIMITS.personal,
        team: env.STORAGE_LIMIT_TEAM ?? DEFAULT_STORAGE_LIMITS.team,
      },
      guestDraftsBytes: env.GUEST_DRAFTS_STORAGE_LIMIT ?? DEFAULT_GUEST_DRAFTS_BYTES,
      listCacheBytes: env.LIST_CACHE_MB === undefined ? DEFAULT_LIMITS.listCacheBytes : env.LIST_CACHE_MB * 1024 * 1024,
      pdfJobs: {
        ...DEFAULT_PDF_JOB_LIMITS,
        slots: env.PDF_JOB_SLOTS ?? DEFAULT_PDF_JOB_LIMITS.slots,
        maxWaiting: env.PDF_JOB_MAX_WAITING ?? DEFAULT_PDF_JOB_LIMITS.maxWaiting,
        maxWaitingPerUser: env.PDF_JOB_MAX_WAITING_PER_USER ?? DEFAULT_PDF_JOB_LIMITS.maxWaitingPerUser,
        leaseMs: (env.JOB_LEASE_SECONDS ?? DEFAULT_PDF_JOB_LIMITS.leaseMs / 1000) * 1000,
      },
      bodyMinRate: {
        bytesPerSecond: env.BODY_MIN_RATE ?? DEFAULT_LIMITS.bodyMinRate.bytesPerSecond,
        windowMs: (env.BODY_MIN_RATE_WINDOW ?? DEFAULT_LIMITS.bodyMinRate.windowMs / 1000) * 1000,
      },
    },
  };
}
