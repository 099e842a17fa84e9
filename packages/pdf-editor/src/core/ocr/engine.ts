// The recogniser: tesseract.js (Apache-2.0; WebAssembly Tesseract with its LSTM models), loaded
// only when text is recognised. Nothing is fetched from a CDN, which is what tesseract.js does by
// default for its worker, its core and its language data: in Node the worker and the core come
// from the installed tesseract.js and tesseract.js-core, and each language's data from the
// installed package `@tesseract.js-data/<language>`; in a browser from the URLs the host serves
// them at (`OcrAssets`). Each language is looked for before the worker starts, so a missing one is
// a typed error naming it, and tesseract.js is always given where its data is (it never falls back
// to its CDN) and caches nothing (to disk in Node, to IndexedDB in browsers).
import { InvalidInputError, OcrLanguageError } from '../errors';
import type { ImageLike } from 'tesseract.js';
import type { RecognisedLine } from './textLayer';

/**
 * Where a browser finds the recogniser's files, which the host serves (see docs/ocr.md). In Node
 * they are found in the installed packages and this is not needed.
 */
export interface OcrAssets {
  /** URL of tesseract.js's worker script, `tesseract.js/dist/worker.min.js`. */
  workerPath: string;
  /** URL of the folder holding tesseract.js-core's `tesseract-core*.wasm.js` files (the worker picks the one the browser runs best). */
  corePath: string;
  /** URL of a folder holding `<language>.traineddata.gz` for each language, from `@tesseract.js-data/<language>/4.0.0_best_int/`. */
  langPath: string;
}

export interface OcrWorker {
  /** The lines of text tesseract finds in the PNG or JPEG `image`, read at `dpi`. */
  recognize(image: Uint8Array, dpi: number): Promise<RecognisedLine[]>;
  terminate(): Promise<void>;
}

/** The LSTM models only ("best_int"): what @tesseract.js-data ships for tesseract.js's default engine mode. */
const MODELS_FOLDER = '4.0.0_best_int';
const LSTM_ONLY = 1;

const isNode = (): boolean => typeof process !== 'undefined' && typeof process.versions?.node === 'string';

// Hidden from browser bundlers, which must not try to bundle Node's modules for this branch.
const nodeModule = <T>(specifier: string): Promise<T> => import(/* webpackIgnore: true */ /* @vite-ignore */ specifier) as Promise<T>;

/** Languages ready for the worker: the folder (path or URL) holding each `<language>.traineddata.gz`. */
export interface PreparedLanguages {
  codes: string[];
  langPath: string;
  /** Removes what preparing them wrote. */
  dispose(): Promise<void>;
}

/**
 * In Node: each language's installed package. tesseract.js takes one folder for all languages
 * (its objects that carry a language's bytes are initialised by their bytes' text, not their
 * code, in 7.0), so several languages are linked side by side into a temporary folder.
 */
async function installedLanguages(codes: string[]): Promise<PreparedLanguages> {
  const [{ createRequire }, fs, { dirname, join }, { tmpdir }] = await Promise.all([
    nodeModule<typeof import('node:module')>('node:module'),
    nodeModule<typeof import('node:fs/promises')>('node:fs/promises'),
    nodeModule<typeof import('node:path')>('node:path'),
    nodeModule<typeof import('node:os')>('node:os'),
  ]);
  const require = createRequire(import.meta.url);
  const files = await Promise.all(
    codes.map(async (code) => {
      let folder: string;
      try {
        folder = join(dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), MODELS_FOLDER);
      } catch {
        throw new OcrLanguageError(code, `install the package @tesseract.js-data/${code}`);
      }
      const file = join(folder, `${code}.traineddata.gz`);
      try {
        await fs.access(file);
      } catch {
        throw new OcrLanguageError(code, `its package has no ${MODELS_FOLDER}/${code}.traineddata.gz`);
      }
      return { code, folder, file };
    }),
  );
  const [first] = files;
  if (first && files.every(({ folder }) => folder === first.folder)) return { codes, langPath: first.folder, dispose: async () => undefined };
  const folder = await fs.mkdtemp(join(tmpdir(), 'marginalia-ocr-'));
  await Promise.all(files.map(({ code, file }) => fs.symlink(file, join(folder, `${code}.traineddata.gz`)).catch(() => fs.copyFile(file, join(folder, `${code}.traineddata.gz`)))));
  return { codes, langPath: folder, dispose: () => fs.rm(folder, { recursive: true, force: true }) };
}

/** In a browser: the host serves every language under `langPath`; each is asked for once, so a missing one is named. */
async function servedLanguages(codes: string[], langPath: string): Promise<PreparedLanguages> {
  const folder = langPath.replace(/\/$/, '');
  await Promise.all(
    codes.map(async (code) => {
      const url = `${folder}/${code}.traineddata.gz`;
      let response: Response;
      try {
        response = await fetch(url, { method: 'HEAD' });
      } catch (error) {
        throw new OcrLanguageError(code, `${url} could not be fetched (${error instanceof Error ? error.message : String(error)})`);
      }
      if (!response.ok) throw new OcrLanguageError(code, `${url} answered ${response.status}`);
    }),
  );
  return { codes, langPath: folder, dispose: async () => undefined };
}

/** Finds each language's data; a typed error names the first that cannot be had. */
export async function prepareLanguages(languages: readonly string[], assets: OcrAssets | undefined): Promise<PreparedLanguages> {
  if (assets) return servedLanguages([...languages], assets.langPath);
  if (!isNode()) {
    throw new InvalidInputError('options.assets', 'in a browser, give the URLs the recogniser’s worker, core and language files are served at');
  }
  return installedLanguages([...languages]);
}

interface TesseractBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface TesseractLine {
  bbox: TesseractBox;
  baseline: TesseractBox;
  words: { text: string; bbox: TesseractBox }[];
}

interface TesseractPage {
  blocks: { paragraphs: { lines: TesseractLine[] }[] }[] | null;
}

/** A tesseract.js worker for `languages` (their data already loaded). */
export async function startWorker(languages: PreparedLanguages, assets: OcrAssets | undefined): Promise<OcrWorker> {
  // A CommonJS package: its exports are the module's default export, in Node and in bundlers.
  const { createWorker } = (await import('tesseract.js')).default;
  const worker = await createWorker(languages.codes.join('+'), LSTM_ONLY, {
    ...(assets ? { workerPath: assets.workerPath, corePath: assets.corePath, workerBlobURL: false } : {}),
    langPath: languages.langPath,
    cacheMethod: 'none',
  });
  // tesseract.js throws from inside its own promises when a terminated worker is asked anything.
  let terminated = false;
  return {
    async recognize(image, dpi) {
      if (terminated) throw new Error('The recogniser has ended.');
      await worker.setParameters({ user_defined_dpi: String(Math.round(dpi)) });
      // tesseract.js reads PNG and JPEG bytes in Node and browsers alike; its types name only Buffer.
      const { data } = await worker.recognize(image as unknown as ImageLike, {}, { blocks: true, text: false });
      const page = data as unknown as TesseractPage;
      return (page.blocks ?? []).flatMap((block) =>
        block.paragraphs.flatMap((paragraph) =>
          paragraph.lines.map((line) => ({
            box: line.bbox,
            baseline: line.baseline,
            words: line.words.map((word) => ({ text: word.text, box: word.bbox })),
          })),
        ),
      );
    },
    async terminate() {
      if (terminated) return;
      terminated = true;
      // A worker that already failed may not end cleanly; it is gone either way.
      await worker.terminate().catch(() => undefined);
    },
  };
}
