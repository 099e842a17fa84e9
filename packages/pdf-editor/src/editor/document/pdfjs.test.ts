// pdf.js's worker starts while pdf.js itself still loads (both are large scripts on the way to the
// first page), and pdf.js falls back to starting its own when that early worker fails.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  class FakeWorker extends EventTarget {
    static made: FakeWorker[] = [];
    terminated = false;
    constructor(
      readonly url: string,
      readonly options: WorkerOptions,
    ) {
      super();
      FakeWorker.made.push(this);
    }
    terminate() {
      this.terminated = true;
    }
    /** What pdf.js's worker script posts once it has loaded. */
    answerReady() {
      this.dispatchEvent(new MessageEvent('message', { data: { sourceName: 'worker', targetName: 'main', action: 'ready' } }));
    }
  }
  let release: () => void = () => undefined;
  const pdfjsLoaded = new Promise<void>((resolve) => {
    release = resolve;
  });
  const PDFWorker = vi.fn(function PDFWorker(this: { port: unknown }) {
    this.port = 'its own';
  }) as unknown as { create: ReturnType<typeof vi.fn> } & ReturnType<typeof vi.fn>;
  PDFWorker.create = vi.fn((params: { port: unknown }) => ({ port: params.port }));
  return { FakeWorker, PDFWorker, GlobalWorkerOptions: { workerSrc: '', workerPort: null }, pdfjsLoaded, release: () => release() };
});

vi.mock('pdfjs-dist', async () => {
  await fake.pdfjsLoaded;
  return { GlobalWorkerOptions: fake.GlobalWorkerOptions, PDFWorker: fake.PDFWorker };
});
vi.mock('../../pdfjsWorker', () => ({ bundledPdfWorkerUrl: () => 'https://app.example/assets/pdf.worker.min.mjs' }));

describe("pdf.js's worker", () => {
  beforeEach(() => {
    vi.resetModules();
    fake.FakeWorker.made.length = 0;
    fake.GlobalWorkerOptions.workerSrc = '';
    vi.stubGlobal('Worker', fake.FakeWorker);
    vi.stubGlobal('location', new URL('https://app.example/editor'));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('must start before pdf.js has loaded, and be the worker pdf.js uses', async () => {
    const { startPdfWorker } = await import('./pdfjs');
    const started = startPdfWorker();
    // pdf.js is still loading (its import is held back), yet its worker script is already asked for.
    expect(fake.FakeWorker.made.map((worker) => [worker.url, worker.options.type])).toEqual([['https://app.example/assets/pdf.worker.min.mjs', 'module']]);
    const [early] = fake.FakeWorker.made;
    early?.answerReady();
    fake.release();
    const worker = await started;
    expect(worker.port).toBe(early);
    expect(early?.terminated).toBe(false);
    // Every document of the page shares it.
    await expect(startPdfWorker()).resolves.toBe(worker);
  });

  it("must leave the start to pdf.js, with its fallbacks, when the early worker fails to load", async () => {
    const { startPdfWorker } = await import('./pdfjs');
    const started = startPdfWorker();
    const [early] = fake.FakeWorker.made;
    early?.dispatchEvent(new Event('error'));
    fake.release();
    const worker = await started;
    expect(early?.terminated).toBe(true);
    expect(worker.port).toBe('its own');
  });
});
