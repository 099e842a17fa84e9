// The corpus check (issue 12, point 4): every file of ../shared/pdfs/pdfjs-corpus that pdf.js opens
// must import, and export in both modes into output qpdf accepts without errors, with the same
// page count and (native) every annotation in it; files no reader opens must get a typed error.
// Each file runs in a child process (corpusWorker.mjs) with a time limit, on a bundle of the core
// as it is in src/ now, so the check measures whatever import and export currently do.
import { fork, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SHARED_PDFS } from './sharedPdfs';

export const CORPUS_DIR = join(SHARED_PDFS, 'pdfjs-corpus');

/** What happened to one file. */
export type CorpusOutcome =
  /** Imported and exported in both modes, outputs valid, pages and annotations all there. */
  | 'ok'
  /** The core refused it with one of its typed errors. */
  | 'refused'
  /** Something untyped was thrown, the time limit passed, or the process died. */
  | 'crash'
  /** An output qpdf rejects, with another page count, or (native) missing an annotation. */
  | 'invalid';

export interface CorpusResult {
  file: string;
  outcome: CorpusOutcome;
  /** Annotations the file's pages list, and how many the import's own parser read (objectPreload.ts). */
  annotations?: number;
  preloaded?: number;
  /** Pages pdf.js sees in the input; undefined when pdf.js does not open it. */
  pdfjsPages?: number;
  detail?: string;
  ms: number;
}

export interface CorpusSummary {
  results: CorpusResult[];
  counts: Record<CorpusOutcome, number>;
  /** Files pdf.js opens that did not come out ok: the failures the issue forbids. */
  failures: CorpusResult[];
}

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Bundles src/core (with the checks corpusCore.ts adds) into a scratch folder, with the fonts where the bundle looks for them. */
async function bundleCore(): Promise<{ dir: string; bundle: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'marginalia-corpus-core-'));
  const bundle = join(dir, 'bundle', 'core.mjs');
  await build({
    entryPoints: [join(packageRoot, 'src/test-support/corpusCore.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'error',
    // CommonJS dependencies inside an ES module bundle need a require of their own.
    banner: { js: "import { createRequire as __corpusRequire } from 'node:module'; const require = __corpusRequire(import.meta.url);" },
  });
  // src/fonts.ts finds the fonts at '../fonts/' from the module, as in the published package.
  mkdirSync(join(dir, 'fonts'));
  for (const font of readdirSync(join(packageRoot, 'fonts')).filter((name) => name.endsWith('.ttf'))) {
    copyFileSync(join(packageRoot, 'fonts', font), join(dir, 'fonts', font));
  }
  return { dir, bundle };
}

class Worker {
  private child: ChildProcess | undefined;

  constructor(
    private readonly bundle: string,
    private readonly pdfjs: string,
  ) {}

  private async start(): Promise<ChildProcess> {
    const child = fork(join(packageRoot, 'src/test-support/corpusWorker.mjs'), [this.bundle, this.pdfjs], {
      execArgv: ['--max-old-space-size=1536'],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    await new Promise<void>((resolveStart, reject) => {
      child.once('message', () => resolveStart());
      child.once('exit', (code) => reject(new Error(`corpus worker exited while starting (${code})`)));
    });
    return child;
  }

  async run(file: string, timeLimitMs: number, password?: string): Promise<Omit<CorpusResult, 'file' | 'ms'>> {
    this.child ??= await this.start();
    const child = this.child;
    const answer = await new Promise<Omit<CorpusResult, 'file' | 'ms'>>((done) => {
      const finish = (result: Omit<CorpusResult, 'file' | 'ms'>) => {
        clearTimeout(timer);
        child.off('exit', onExit);
        child.off('message', onMessage);
        done(result);
      };
      const timer = setTimeout(() => finish({ outcome: 'crash', detail: `no answer within ${timeLimitMs} ms` }), timeLimitMs);
      const onExit = (code: number | null, signal: string | null) =>
        finish({ outcome: 'crash', detail: `the process died (${signal ?? code})` });
      const onMessage = (message: Omit<CorpusResult, 'file' | 'ms'>) => finish(message);
      child.once('exit', onExit);
      child.once('message', onMessage);
      child.send({ file, password });
    });
    if (answer.outcome === 'crash') this.stop();
    return answer;
  }

  stop(): void {
    this.child?.kill('SIGKILL');
    this.child = undefined;
  }
}

export interface CorpusOptions {
  /** File names inside pdfjs-corpus/ (default: all of them, sorted). */
  files?: readonly string[];
  /** Child processes working at once. Default 2 (the CI machine's cores). */
  concurrency?: number;
  /**
   * Per file: import, both exports and every check. Default 5 minutes: a guard against hangs, not
   * a speed check (bug1978317.pdf's 32,768 annotations took 45 s on a loaded two-core machine).
   */
  timeLimitMs?: number;
  /** Called after each file, e.g. to print progress. */
  onResult?: (result: CorpusResult, done: number, total: number) => void;
}

/** Every file of the corpus (sorted names). */
export function corpusFiles(): string[] {
  return readdirSync(CORPUS_DIR)
    .filter((name) => name.toLowerCase().endsWith('.pdf'))
    .sort();
}

/** Runs the check over the files, `concurrency` at a time, and counts the outcomes. */
export async function runCorpus(options: CorpusOptions = {}): Promise<CorpusSummary> {
  const files = [...(options.files ?? corpusFiles())];
  const { dir, bundle } = await bundleCore();
  const pdfjs = createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs');
  const workers = Array.from({ length: options.concurrency ?? 2 }, () => new Worker(bundle, pdfjs));
  const results: CorpusResult[] = [];
  let next = 0;
  try {
    await Promise.all(
      workers.map(async (worker) => {
        while (next < files.length) {
          const file = files[next++] as string;
          const started = performance.now();
          const answer = await worker.run(join(CORPUS_DIR, file), options.timeLimitMs ?? 300_000);
          const result = { file, ...answer, ms: Math.round(performance.now() - started) };
          results.push(result);
          options.onResult?.(result, results.length, files.length);
        }
      }),
    );
  } finally {
    for (const worker of workers) worker.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  results.sort((a, b) => a.file.localeCompare(b.file));
  const counts: Record<CorpusOutcome, number> = { ok: 0, refused: 0, crash: 0, invalid: 0 };
  for (const { outcome } of results) counts[outcome]++;
  const failures = results.filter((result) => result.pdfjsPages !== undefined && result.outcome !== 'ok');
  return { results, counts, failures };
}

/** The total of a count over the results. */
export const sum = (results: readonly CorpusResult[], key: 'annotations' | 'preloaded'): number => results.reduce((total, result) => total + (result[key] ?? 0), 0);

/** The summary as printed by the corpus tests. */
export function formatSummary(summary: CorpusSummary): string {
  const { results, counts, failures } = summary;
  const opened = results.filter((result) => result.pdfjsPages !== undefined).length;
  const refusedUnreadable = results.filter((result) => result.pdfjsPages === undefined && result.outcome === 'refused').length;
  return [
    `corpus: ${results.length} files, pdf.js opens ${opened}`,
    `  ok ${counts.ok} / typed refusal ${counts.refused} / crash ${counts.crash} / invalid ${counts.invalid}`,
    `  files pdf.js does not open that got a typed refusal: ${refusedUnreadable} of ${results.length - opened}`,
    `  ok although qpdf rejects the output, as it rejects the input: ${results.filter((r) => r.outcome === 'ok' && r.detail).map((r) => r.file).join(', ') || 'none'}`,
    `  annotations read by the import's own parser: ${sum(results, 'preloaded')} of ${sum(results, 'annotations')}`,
    `  files pdf.js opens that failed: ${failures.length}`,
    ...failures.map((failure) => `    ${failure.file}: ${failure.outcome}: ${failure.detail ?? ''}`),
  ].join('\n');
}
