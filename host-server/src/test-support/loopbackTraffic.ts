// Bounded loopback traffic against a running server, as a few users would send it: a request every
// `everyMs` (never more than `maxInFlight` at once), reads and writes in turn, each remembering
// what it got back. A write answered 2xx is "acknowledged": its id must be in the database later;
// a download answered 200 must hold the bytes uploaded.
// Beside it, the health endpoints are polled and their answers kept.

export type RequestKind = 'list' | 'share' | 'upload' | 'download' | 'login';

export interface Outcome {
  kind: RequestKind;
  /** The HTTP status, or what happened instead of an answer. */
  status: number | 'no answer' | 'timed out';
  retryAfter: string | null;
  /** How long the answer took. */
  ms: number;
  /** The id of what an acknowledged write created (a share or a document). */
  createdId?: string;
  /** A download answered 200 whose bytes are not the document's. */
  wrongBytes?: true;
  error?: string;
}

export interface HealthSample {
  live: number | 'no answer';
  ready: number | 'no answer';
  readyBody?: { status?: string; database?: string; redis?: string; storage?: string };
}

export interface TrafficTarget {
  base: string;
  token: string;
  email: string;
  password: string;
  /** A document of the user's, to create share links for. */
  documentId: string;
  /** A small PDF to upload; also the bytes of `documentId`. */
  pdf: Uint8Array;
}

/** No request may take longer than this: the server must answer (503 at worst) well within it. */
export const REQUEST_LIMIT_MS = 30_000;

const ORDER: RequestKind[] = ['list', 'share', 'upload', 'list', 'share', 'download', 'list', 'share', 'login'];

async function send(target: TrafficTarget, kind: RequestKind): Promise<Outcome> {
  const auth = { Authorization: `Bearer ${target.token}` };
  let request: { path: string; init: RequestInit };
  if (kind === 'list') request = { path: '/api/documents', init: { headers: auth } };
  else if (kind === 'share') {
    request = {
      path: `/api/documents/${target.documentId}/shares`,
      init: { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{}' },
    };
  } else if (kind === 'download') {
    request = { path: `/api/documents/${target.documentId}/download`, init: { headers: auth } };
  } else if (kind === 'upload') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(target.pdf)], { type: 'application/pdf' }), 'traffic.pdf');
    request = { path: '/api/documents/upload', init: { method: 'POST', headers: auth, body: form } };
  } else {
    request = {
      path: '/api/auth/login',
      init: {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: target.email, password: target.password }),
      },
    };
  }
  const started = Date.now();
  try {
    const response = await fetch(`${target.base}${request.path}`, { ...request.init, signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
    const answer = { kind, status: response.status, retryAfter: response.headers.get('Retry-After') };
    if (kind === 'download' && response.ok) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { ...answer, ms: Date.now() - started, ...(Buffer.compare(bytes, target.pdf) === 0 ? {} : { wrongBytes: true }) };
    }
    const body = (await response.json().catch(() => ({}))) as { share?: { id?: string }; document?: { id?: string } };
    const createdId = response.ok ? (body.share?.id ?? body.document?.id) : undefined;
    return { ...answer, ms: Date.now() - started, createdId };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { kind, status: timedOut ? 'timed out' : 'no answer', retryAfter: null, ms: Date.now() - started, error: `${String(error)} (${String((error as { cause?: unknown }).cause)})` };
  }
}

async function statusOf(url: string): Promise<{ status: number | 'no answer'; body?: HealthSample['readyBody'] }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
    return { status: response.status, body: (await response.json().catch(() => undefined)) as HealthSample['readyBody'] };
  } catch {
    return { status: 'no answer' };
  }
}

export class LoopbackTraffic {
  readonly outcomes: Outcome[] = [];
  readonly health: HealthSample[] = [];
  readonly #target: TrafficTarget;
  readonly #inFlight = new Set<Promise<void>>();
  #timers: NodeJS.Timeout[] = [];
  #sent = 0;

  constructor(target: TrafficTarget, options: { everyMs?: number; maxInFlight?: number; healthEveryMs?: number } = {}) {
    this.#target = target;
    const maxInFlight = options.maxInFlight ?? 6;
    this.#timers.push(
      setInterval(() => {
        if (this.#inFlight.size >= maxInFlight) return;
        const kind = ORDER[this.#sent % ORDER.length] as RequestKind;
        this.#sent += 1;
        this.#track(send(target, kind).then((outcome) => void this.outcomes.push(outcome)));
      }, options.everyMs ?? 300),
      setInterval(() => {
        if (this.#inFlight.size >= maxInFlight + 2) return;
        this.#track(this.#sampleHealth());
      }, options.healthEveryMs ?? 500),
    );
  }

  /** Writes answered 2xx so far, by what they created. */
  acknowledged(kind: 'share' | 'upload'): string[] {
    return this.outcomes.filter((outcome) => outcome.kind === kind && outcome.createdId).map((outcome) => outcome.createdId as string);
  }

  /** Stops sending and waits for every request still on its way. */
  async stop(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
  }

  #track(work: Promise<void>): void {
    const tracked = work.finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }

  async #sampleHealth(): Promise<void> {
    const [live, ready] = await Promise.all([
      statusOf(`${this.#target.base}/api/health/live`),
      statusOf(`${this.#target.base}/api/health/ready`),
    ]);
    this.health.push({ live: live.status, ready: ready.status, readyBody: ready.body });
  }
}
