// Time limits and encoding of request bodies, for every route. A body that sends nothing for
// `bodyIdleTimeoutMs`, or is still arriving after its deadline (`bodyDeadline`: a base plus its
// declared size at a minimum rate), is answered 408 by whichever reader is waiting for it (`readWithin`);
// and a connection whose body was not read to the end is closed after the answer, so no client can
// hold a socket and a file open by trickling bytes. File uploads (multipart bodies) being received
// at once are bounded per client address and in all. Compressed bodies are refused: browsers never
// send them, and an unchecked decoder is a decompression bomb waiting to happen.
import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { AppConfig } from './config';
import { HttpError, tooManyRequests } from './errors';

type BodyLimits = Pick<
  AppConfig['limits'],
  'bodyIdleTimeoutMs' | 'bodyDeadline' | 'maxUploadBytes' | 'uploadsPerAddress' | 'uploadsInProgress'
>;

const TRY_AGAIN_MS = 10_000;

/** File uploads being received, per client address and in all. */
class UploadSlots {
  readonly #limits: BodyLimits;
  readonly #byAddress = new Map<string, number>();
  #total = 0;

  constructor(limits: BodyLimits) {
    this.#limits = limits;
  }

  /** Takes a slot for `address`, or refuses: 429 for one address's share, 503 when all are taken. */
  take(address: string): () => void {
    const mine = this.#byAddress.get(address) ?? 0;
    if (mine >= this.#limits.uploadsPerAddress) {
      throw tooManyRequests(
        `Too many uploads at once from your address (at most ${this.#limits.uploadsPerAddress}). Please wait for one to finish.`,
        TRY_AGAIN_MS,
      );
    }
    if (this.#total >= this.#limits.uploadsInProgress) {
      throw new HttpError(503, 'The server is receiving too many uploads. Please try again in a moment.', {
        headers: { 'Retry-After': String(TRY_AGAIN_MS / 1000) },
      });
    }
    this.#byAddress.set(address, mine + 1);
    this.#total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total -= 1;
      const left = (this.#byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.#byAddress.set(address, left);
      else this.#byAddress.delete(address);
    };
  }
}

const expiries = new WeakMap<IncomingMessage, Promise<never>>();

function hasBody(req: IncomingMessage): boolean {
  const { headers } = req;
  return Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
}

/**
 * Guards every request body (see above). Requests without one, such as the document list, pass
 * straight through: no promise or timer of this middleware's is made for them.
 */
export function requestBodies(limits: BodyLimits): Middleware {
  const uploads = new UploadSlots(limits);
  const guard = guardBody(limits, uploads);
  return (ctx, next) => (hasBody(ctx.req) ? guard(ctx, next) : next());
}

function guardBody(limits: BodyLimits, uploads: UploadSlots): Middleware {
  return async (ctx, next) => {
    const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
    if (encoding !== '' && encoding !== 'identity') {
      ctx.set('Connection', 'close');
      throw new HttpError(415, 'Unsupported Content-Encoding: send the request body uncompressed');
    }
    const { req } = ctx;
    let releaseSlot: (() => void) | undefined;
    if (ctx.is('multipart/form-data')) {
      try {
        releaseSlot = uploads.take(ctx.ip);
      } catch (error) {
        ctx.set('Connection', 'close');
        throw error;
      }
    }
    const declared = Number(ctx.get('Content-Length')) || limits.maxUploadBytes;
    const deadlineMs = limits.bodyDeadline.baseMs + (declared / limits.bodyDeadline.bytesPerSecond) * 1000;
    let deadline: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      // Socket inactivity: Node's own idle timer, re-armed by every byte received.
      req.setTimeout(limits.bodyIdleTimeoutMs, () => {
        reject(
          new HttpError(
            408,
            `The request body stalled: nothing arrived for ${Math.round(limits.bodyIdleTimeoutMs / 1000)} s`,
          ),
        );
      });
      deadline = setTimeout(() => {
        reject(
          new HttpError(
            408,
            `The request body took longer than ${Math.round(deadlineMs / 1000)} s to arrive`,
          ),
        );
      }, deadlineMs);
    });
    // Nobody may be waiting for the body (a refused request); the rejection is then just dropped.
    expired.catch(() => {});
    expiries.set(req, expired);
    // Once the body is in, the answer may take its time (an export): the socket must not be cut
    // for being idle meanwhile.
    const disarm = () => {
      clearTimeout(deadline);
      req.setTimeout(0);
      releaseSlot?.();
    };
    req.once('end', disarm);
    try {
      await next();
    } finally {
      disarm();
      if (!req.complete) {
        ctx.set('Connection', 'close');
        // Node forgets a request once its answer is out: tell a parser still reading it (and holding
        // a file open) that nothing more will come.
        ctx.res.once('close', () => req.destroy());
      }
    }
  };
}

/** `reading` (a body parser), or the 408 of `requestBodies` when the body stalls or runs late. */
export async function readWithin<T>(ctx: Context, reading: Promise<T>): Promise<T> {
  const expired = expiries.get(ctx.req);
  if (!expired) return reading;
  try {
    return await Promise.race([reading, expired]);
  } catch (error) {
    if (error instanceof HttpError && error.status === 408) {
      // Stop reading what is left; the connection closes once the answer is out.
      ctx.req.pause();
      ctx.set('Connection', 'close');
      // The parser gives up when the connection closes; its own failure is not the answer.
      reading.catch(() => {});
    }
    throw error;
  }
}
