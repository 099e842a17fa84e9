// Password hashing with node:crypto scrypt at OWASP's recommended cost, a per-user random salt and a
// constant-time comparison. The parameters are stored in each hash, so raising them later keeps
// older hashes verifiable.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { BoundedPool } from '../infrastructure/boundedPool';

export interface ScryptParams {
  /** CPU/memory cost as a power of two (N = 2^log2N). */
  log2N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: N=2^17, r=8, p=1. */
export const PRODUCTION_SCRYPT: ScryptParams = { log2N: 17, r: 8, p: 1 };

const KEY_LENGTH = 64;
const SALT_BYTES = 16;

// scrypt runs on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default), which file I/O shares: as
// many hashes at once as there are cores, leaving file I/O at least one thread. Each hash at N=2^17,
// r=8 holds 128 MiB, so this also bounds the memory a burst of sign-ins takes. A hash takes about
// 0.2 s of one core on an idle machine, much more on a busy one: a sign-in that, at the pace of the
// latest hashes, could not be hashed within 3 s of arriving is answered 429 (Retry-After) at once
// rather than left hanging, so every sign-in answers within a few seconds however many arrive; at
// most 8 wait per running hash. Requests whose client went away leave the queue unhashed.
const threadPoolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const HASH_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), threadPoolSize - 1));

/** The process-wide password hashing pool (the thread pool it bounds is process-wide too). */
export const passwordHashing = new BoundedPool({
  concurrency: HASH_CONCURRENCY,
  maxQueued: HASH_CONCURRENCY * 8,
  latencyBudgetMs: 3000,
});

/** `signal`: the request's; once it fires, a hash still waiting for its turn is never computed. */
export interface HashOptions {
  signal?: AbortSignal;
}

function derive(
  password: string,
  salt: Buffer,
  params: ScryptParams,
  keyLength: number,
  { signal }: HashOptions,
): Promise<Buffer> {
  const N = 2 ** params.log2N;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // Node's default maxmem (32 MiB) is below what N=2^17, r=8 needs; allow it plus headroom.
    maxmem: 128 * N * params.r * params.p + 16 * 1024 * 1024,
  };
  return passwordHashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
    signal,
  );
}

/** Returns `scrypt$<log2N>$<r>$<p>$<salt base64>$<hash base64>`. */
export async function hashPassword(
  password: string,
  params: ScryptParams = PRODUCTION_SCRYPT,
  options: HashOptions = {},
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, KEY_LENGTH, options);
  return ['scrypt', params.log2N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

export function parsePasswordHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [log2N, r, p] = parts.slice(1, 4).map(Number);
  if (!log2N || !r || !p || log2N > 22 || r > 32 || p > 4) return undefined;
  return {
    params: { log2N, r, p },
    salt: Buffer.from(parts[4] ?? '', 'base64'),
    key: Buffer.from(parts[5] ?? '', 'base64'),
  };
}

/** True when `password` matches `stored`; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string, options: HashOptions = {}): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length, options);
  return timingSafeEqual(key, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no account to check against, so response
 * times do not reveal which e-mail addresses are registered.
 */
export async function verifyAgainstNothing(password: string, params: ScryptParams, options: HashOptions = {}): Promise<false> {
  // A refused first attempt (busy pool) must not leave a rejected promise behind for good.
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'), params).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(password, await dummyHash, options);
  return false;
}
