// Time limits and encoding of request bodies, for every route. A body that sends nothing for
// `bodyIdleTimeoutMs`, arrives slower than `bodyMinRate` over a window, or is still arriving after
// its deadline (`bodyDeadline`: a base plus its declared size at a rate), is answered 408 by
// whichever reader is waiting for it (`readWithin`) and its connection is closed, so no client can
// hold a socket and a file open by trickling bytes. A body the route refused without reading it is
// read and discarded under the same rules before the answer leaves, so the answer reaches the
// client instead of a connection reset. File uploads (multipart bodies) being received at once are
// bounded per client address and in all. Compressed bodies are refused: browsers never send them,
// and an unchecked decoder is a decompression bomb waiting to happen.
import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { AppConfig } from './config';
import { HttpError, toHttpError, tooManyRequests } from './errors';

type BodyLimits = Pick<
  AppConfig['limits'],
  | 'bodyIdleTimeoutMs'
  | 'bodyDeadline'
  | 'bodyMinRate'
  | 'maxUploadBytes'
  | 'annotationsJsonBytes'
  | 'uploadsPerAddress'
  | 'uploadsInProgress'
>;

const TRY_AGAIN_MS = 10_000;
/** Boundaries, part headers and small fields of a multipart body, beside its file and annotations. */
const MULTIPART_FRAMING = 1024 * 1024;

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

const seconds = (ms: number) => Math.round(ms / 1000);

/**
 * The rules a body must keep while it arrives: no silence longer than `bodyIdleTimeoutMs`, at least
 * `bodyMinRate` in every window, all of it by the deadline. A broken rule goes to `onBroken`, once.
 */
function watchBody(
  req: IncomingMessage,
  limits: BodyLimits,
  deadlineMs: number,
  onBroken: (error: HttpError) => void,
): { stop(): void } {
  let stopped = false;
  const broken = (message: string) => {
    if (stopped) return;
    stop();
    onBroken(new HttpError(408, message));
  };
  // Socket inactivity: Node's own idle timer, re-armed by every byte received.
  req.setTimeout(limits.bodyIdleTimeoutMs, () =>
    broken(`The request body stalled: nothing arrived for ${seconds(limits.bodyIdleTimeoutMs)} s`),
  );
  const deadline = setTimeout(
    () => broken(`The request body took longer than ${seconds(deadlineMs)} s to arrive`),
    deadlineMs,
  );
  // A byte every few seconds is never idle and, for a large declared size, never late: the rate is
  // what tells such a body apart (nginx's client_body_timeout, Apache's mod_reqtimeout MinRate).
  const { bytesPerSecond, windowMs } = limits.bodyMinRate;
  const socket = req.socket;
  let windowStart = socket.bytesRead;
  const rate = setInterval(() => {
    const received = socket.bytesRead - windowStart;
    windowStart = socket.bytesRead;
    // Bytes received but not yet taken by the server (a parser paused for a slow disk, a route not
    // reading yet) mean the server is the one behind: that window is not held against the client.
    if (req.readableLength > 0) return;
    if (received < (bytesPerSecond * windowMs) / 1000) {
      broken(
        `The request body arrived too slowly: under ${bytesPerSecond} bytes a second over ${seconds(windowMs)} s`,
      );
    }
  }, windowMs);
  function stop() {
    stopped = true;
    clearTimeout(deadline);
    clearInterval(rate);
    req.setTimeout(0);
  }
  return { stop };
}

function guardBody(limits: BodyLimits, uploads: UploadSlots): Middleware {
  // The largest body any route accepts (a page save: the PDF, its annotations, the form around them).
  const largestBody = limits.maxUploadBytes + limits.annotationsJsonBytes + MULTIPART_FRAMING;
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
        // The server is full: this body is not worth receiving, even to discard it.
        ctx.set('Connection', 'close');
        throw error;
      }
    }
    const length = Number(ctx.get('Content-Length'));
    const declared = length || limits.maxUploadBytes;
    const deadlineMs = limits.bodyDeadline.baseMs + (declared / limits.bodyDeadline.bytesPerSecond) * 1000;
    let fail: (error: HttpError) => void = () => {};
    const expired = new Promise<never>((_, reject) => {
      fail = reject;
    });
    // Nobody may be waiting for the body (a refused request); the rejection is then just dropped.
    expired.catch(() => {});
    expiries.set(req, expired);
    let brokeRules = false;
    let stopDiscarding: (() => void) | undefined;
    const watch = watchBody(req, limits, deadlineMs, (error) => {
      brokeRules = true;
      fail(error);
      stopDiscarding?.();
    });
    // The body is in (or its connection gone): the answer may take its time (an export) without the
    // socket being cut for idling meanwhile, and the upload no longer counts as being received.
    const done = () => {
      watch.stop();
      releaseSlot?.();
    };
    req.once('end', done);
    req.once('close', done);
    let tooLarge = false;
    try {
      await next();
    } catch (error) {
      tooLarge = toHttpError(error)?.status === 413;
      throw error;
    } finally {
      // Refused before its body was read (401, a daily limit's 429): answering and closing at once
      // would reset the connection while the client is still sending, and a reset can reach the
      // client before the answer, which it then never sees (EPIPE, ECONNRESET). So the rest is
      // read and discarded first, under the same rules and holding the same upload place, and the
      // answer leaves once the body is in. A body too large for its route (413) or for any route,
      // or one that breaks the rules meanwhile, is answered at once instead, and its connection
      // closed: reading it all would be the very thing refused.
      if (!req.complete && !brokeRules && !tooLarge && length > 0 && length <= largestBody) {
        await discardRest(req, (stop) => (stopDiscarding = stop));
      }
      if (req.complete) done();
      else closeAfterAnswer(ctx, done);
    }
  };
}

/** Reads and drops what is left of `req`; settles at its end, when it closes, or when stopped. */
function discardRest(req: IncomingMessage, onStart: (stop: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      req.pause();
      resolve();
    };
    onStart(finish);
    req.once('end', finish);
    req.once('close', finish);
    // A parser that gave up may still listen; what arrives now is nobody's.
    req.removeAllListeners('data');
    req.resume();
  });
}

/** Closes the connection once the answer is out, without reading the rest of the body. */
function closeAfterAnswer(ctx: Context, done: () => void): void {
  done();
  ctx.set('Connection', 'close');
  // Node forgets a request once its answer is out: tell a parser still reading it (and holding a
  // file open) that nothing more will come.
  ctx.res.once('close', () => ctx.req.destroy());
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
