// An AbortSignal that fires when the client of a request goes away before its answer is sent, so
// expensive work queued for it (a password hash) can be dropped instead of done for nobody.
import type { Context } from 'koa';

export function requestSignal(ctx: Context): AbortSignal {
  const controller = new AbortController();
  const { res } = ctx;
  if (res.socket?.destroyed) controller.abort();
  else {
    // 'close' also follows a complete answer; only one that was not finished means the client left.
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
  }
  return controller.signal;
}
