// Preloaded (node --import) into a journey's own host-server so the journey can move the server's
// clock: the harness sends `{ advanceClockMs }` over the IPC channel and waits for
// `{ clockMovedMs }`. Every clock reading of the server (`new Date()`, `Date.now()`: the trial's end,
// token expiry, usage days) goes through the shifted Date; nothing in the server knows about it.
const RealDate = Date;
let offsetMs = 0;

class MovableDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + offsetMs);
    else super(...(args as [number, number]));
  }

  static override now(): number {
    return RealDate.now() + offsetMs;
  }
}

globalThis.Date = MovableDate as DateConstructor;

process.on('message', (message: unknown) => {
  if (typeof message !== 'object' || message === null || !('advanceClockMs' in message)) return;
  offsetMs += Number(message.advanceClockMs);
  process.send?.({ clockMovedMs: offsetMs });
});
// The channel must not keep the server alive once it has been asked to stop.
process.channel?.unref();
