// Server configuration: read from environment variables once at start, validated with zod so a
// mistake stops the server with a message naming the variable, never half-way through a request.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PRODUCTION_SCRYPT, type ScryptParams } from './services/passwords';

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
  oidc?: OidcSettings;
  trustProxy: boolean;
  scrypt: ScryptParams;
  sofficePath: string;
  limits: {
    loginPerAccount: RateLimitRule;
    loginPerAddress: RateLimitRule;
    /** register, forgot-password and reset-password, per client address. */
    authPerAddress: RateLimitRule;
    freeDailyUploads: number;
    maxUploadBytes: number;
    maxThumbnailBytes: number;
    jsonBytes: number;
    annotationsJsonBytes: number;
  };
}

export const DEFAULT_LIMITS: AppConfig['limits'] = {
  loginPerAccount: { max: 10, windowMs: 15 * 60_000 },
  loginPerAddress: { max: 30, windowMs: 15 * 60_000 },
  authPerAddress: { max: 20, windowMs: 15 * 60_000 },
  // Spec section 9: free plan, 3 PDFs per day; documents upload limit 100 MB.
  freeDailyUploads: 3,
  maxUploadBytes: 100 * 1024 * 1024,
  maxThumbnailBytes: 2 * 1024 * 1024,
  jsonBytes: 1024 * 1024,
  // Annotations carry images and signatures as data URLs.
  annotationsJsonBytes: 25 * 1024 * 1024,
};

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
    TRUST_PROXY: booleanText,
    SOFFICE_PATH: z.string().trim().min(1).default('soffice'),
    PUBLIC_DIR: optionalText,
  });

export type ServerEnv = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Validates the environment; throws a `ConfigError` listing every bad variable. */
const OIDC_VARIABLES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

export function parseEnv(env: NodeJS.ProcessEnv): ServerEnv {
  const result = envSchema.safeParse(env);
  const lines = result.success
    ? []
    : result.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
  // Checked on the raw values so the message is complete even when other variables are wrong too.
  const oidcSet = OIDC_VARIABLES.filter((key) => env[key]?.trim());
  if (oidcSet.length > 0 && oidcSet.length < OIDC_VARIABLES.length) {
    for (const key of OIDC_VARIABLES) {
      if (!oidcSet.includes(key)) lines.push(`  ${key}: is required when OpenID Connect is configured`);
    }
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
    trustProxy: env.TRUST_PROXY,
    scrypt: PRODUCTION_SCRYPT,
    sofficePath: env.SOFFICE_PATH,
    limits: DEFAULT_LIMITS,
  };
}
