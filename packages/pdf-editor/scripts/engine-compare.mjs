#!/usr/bin/env node
// Compares candidate PDF engines over the shared corpus (issue 12, point 1): for every file, each
// engine opens it, adds one Square annotation to its first page and saves it. Counts, per engine,
// untyped crashes (an exception after the file was opened, a time-out or a dead process), refusals
// of files pdf.js opens, outputs `qpdf --check` rejects, and time and peak memory on the large
// files. Not part of `npm test`: run it by hand, once, on a quiet machine:
//   npx node packages/pdf-editor/scripts/engine-compare.mjs [--limit N] > engine-compare.txt
// Each engine runs in its own child process, one file at a time with a time limit; a child that
// hangs or dies is replaced. The large files run in a fresh child each so RSS is comparable.
import { execFile, fork } from 'node:child_process';
import console from 'node:console';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const SHARED = process.env.MARGINALIA_SHARED_PDFS ?? resolve(here, '../../../../shared/pdfs');
const TIME_LIMIT_MS = 30_000;
const ENGINES = ['@libpdf/core', '@cantoo/pdf-lib', 'pdf-lib'];
/** Passwords of the corpus's user-password files, as their sources publish them. */
const PASSWORDS = { 'libreoffice-writer-password.pdf': 'openpassword' };

// ---------------------------------------------------------------------------------------------
// Child side: `engine-compare.mjs --child <engine>` answers { file, out } messages.

const RECT = { x: 50, y: 50, width: 120, height: 60 };
/** 'open' until the engine's load() returned, then 'edit': an error in 'open' is a refusal. */
const state = { phase: 'open' };

async function annotateWithPdfLib(lib, bytes, password) {
  const { PDFDocument, PDFName, PDFArray } = lib;
  const doc = await PDFDocument.load(bytes, password === undefined ? { updateMetadata: false } : { updateMetadata: false, password });
  const opened = performance.now();
  state.phase = 'edit';
  if (doc.getPageCount() === 0) return { refused: 'no pages', opened };
  const page = doc.getPage(0);
  const annotation = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Square',
      Rect: [RECT.x, RECT.y, RECT.x + RECT.width, RECT.y + RECT.height],
      C: [1, 0, 0],
      Border: [0, 0, 2],
    }),
  );
  const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (annots) annots.push(annotation);
  else page.node.set(PDFName.of('Annots'), doc.context.obj([annotation]));
  return { bytes: await doc.save({ addDefaultPage: false }), opened, incremental: false };
}

async function annotateWithLibpdf(lib, bytes, password) {
  const { PDF, rgb } = lib;
  const doc = await PDF.load(bytes, password === undefined ? {} : { credentials: password });
  const opened = performance.now();
  state.phase = 'edit';
  if (doc.isEncrypted && !doc.isAuthenticated) return { refused: 'needs a password', opened };
  if (doc.getPageCount() === 0) return { refused: 'no pages', opened };
  doc.getPage(0).addSquareAnnotation({ rect: RECT, color: rgb(1, 0, 0), borderWidth: 2 });
  const incremental = doc.canSaveIncrementally() === null;
  return { bytes: await doc.save({ incremental }), opened, incremental };
}

async function pdfjsOpens(lib, bytes, password) {
  const task = lib.getDocument({ data: bytes, password, verbosity: 0, isEvalSupported: false });
  try {
    const doc = await task.promise;
    const pages = doc.numPages;
    if (pages > 0) await doc.getPage(1);
    return { pages };
  } finally {
    await task.destroy();
  }
}

async function runChild(engine) {
  const modules = {
    pdfjs: 'pdfjs-dist/legacy/build/pdf.mjs',
    '@libpdf/core': '@libpdf/core',
    '@cantoo/pdf-lib': '@cantoo/pdf-lib',
    'pdf-lib': 'pdf-lib',
  };
  const lib = await import(modules[engine]);
  process.send({ ready: true });
  process.on('message', async ({ file, out, password }) => {
    const bytes = new Uint8Array(readFileSync(file));
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    try {
      if (engine === 'pdfjs') {
        process.send({ ok: true, ...(await pdfjsOpens(lib, bytes, password)) });
        return;
      }
      state.phase = 'open';
      const result =
        engine === '@libpdf/core' ? await annotateWithLibpdf(lib, bytes, password) : await annotateWithPdfLib(lib, bytes, password);
      if (result.refused) {
        process.send({ ok: false, phase: 'open', error: result.refused });
        return;
      }
      writeFileSync(out, result.bytes);
      process.send({
        ok: true,
        ms: performance.now() - started,
        openMs: result.opened - started,
        incremental: result.incremental,
        rssGrowth: process.resourceUsage().maxRSS * 1024 - rssBefore,
        outSize: result.bytes.length,
      });
    } catch (error) {
      // An error thrown by load() is a refusal; anything later is a crash of the engine.
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      process.send({ ok: false, phase: state.phase === 'open' ? 'open' : 'crash', error: message.slice(0, 300) });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Parent side.

class Worker {
  constructor(engine) {
    this.engine = engine;
  }

  async start() {
    this.child = fork(fileURLToPath(import.meta.url), ['--child', this.engine], {
      execArgv: ['--max-old-space-size=2048', '--stack-size=2000'],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    await new Promise((resolve, reject) => {
      this.child.once('message', resolve);
      this.child.once('exit', () => reject(new Error(`${this.engine} child exited at start`)));
    });
  }

  stop() {
    this.child?.kill('SIGKILL');
    this.child = undefined;
  }

  async run(file, out, password) {
    if (!this.child) await this.start();
    const child = this.child;
    const answer = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false, phase: 'crash', error: `time-out after ${TIME_LIMIT_MS} ms` }), TIME_LIMIT_MS);
      const onExit = (code, signal) => resolve({ ok: false, phase: 'crash', error: `process died (${signal ?? code})` });
      child.once('exit', onExit);
      child.once('message', (message) => {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve(message);
      });
      child.send({ file, out, password });
    });
    if (answer.phase === 'crash') this.stop();
    return answer;
  }
}

const exec = promisify(execFile);

async function qpdfExit(path, password) {
  try {
    await exec('qpdf', [...(password === undefined ? [] : [`--password=${password}`]), '--check', path], { maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
    return 0;
  } catch (error) {
    return typeof error.code === 'number' ? error.code : 2;
  }
}

async function syntheticFile(dir, pages) {
  const { makeSyntheticPdf } = await import(join(SHARED, 'make-synthetic.mjs'));
  const path = join(dir, `synthetic-${pages}.pdf`);
  writeFileSync(path, makeSyntheticPdf(pages));
  return path;
}

async function main() {
  const limitArg = process.argv.indexOf('--limit');
  const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : Infinity;
  const dir = mkdtempSync(join(tmpdir(), 'engine-compare-'));
  const corpus = join(SHARED, 'pdfjs-corpus');
  const named = readdirSync(SHARED).filter((name) => name.endsWith('.pdf')).map((name) => join(SHARED, name));
  const files = [...named, ...readdirSync(corpus).filter((name) => name.endsWith('.pdf')).sort().map((name) => join(corpus, name))].slice(0, limit);

  const pdfjs = new Worker('pdfjs');
  const workers = ENGINES.map((engine) => new Worker(engine));
  const totals = Object.fromEntries(ENGINES.map((engine) => [engine, { ok: 0, crashes: [], refusals: [], qpdfRejects: [], incremental: 0 }]));
  let pdfjsOpened = 0;
  for (const [index, file] of files.entries()) {
    const name = file.slice(SHARED.length + 1);
    const password = PASSWORDS[name];
    const verdict = await pdfjs.run(file, '', password);
    const opens = verdict.ok && verdict.pages > 0;
    if (opens) pdfjsOpened++;
    const line = [`${index + 1}/${files.length} ${name} pdfjs=${opens ? 'opens' : 'refuses'}`];
    for (const worker of workers) {
      const out = join(dir, 'out.pdf');
      rmSync(out, { force: true });
      const result = await worker.run(file, out, password);
      const total = totals[worker.engine];
      if (result.ok) {
        const exit = await qpdfExit(out, password);
        if (exit === 2) total.qpdfRejects.push(name);
        else total.ok++;
        if (result.incremental) total.incremental++;
        line.push(`${worker.engine}=${exit === 2 ? 'qpdf-reject' : 'ok'}`);
      } else if (result.phase === 'open') {
        if (opens) total.refusals.push(`${name}: ${result.error}`);
        line.push(`${worker.engine}=refused(${result.error.slice(0, 80)})`);
      } else {
        if (opens) total.crashes.push(`${name}: ${result.error}`);
        line.push(`${worker.engine}=CRASH(${result.error.slice(0, 80)})`);
      }
    }
    console.log(line.join(' '));
  }
  pdfjs.stop();
  for (const worker of workers) worker.stop();

  // Large files: a fresh child per run so peak RSS is the run's own.
  const large = [join(SHARED, 'freeculture.pdf'), await syntheticFile(dir, 2000)];
  const timings = [];
  for (const file of large) {
    for (const engine of ENGINES) {
      const worker = new Worker(engine);
      const result = await worker.run(file, join(dir, 'large.pdf'));
      worker.stop();
      timings.push({ file: file.split('/').pop(), engine, ...result });
    }
  }

  console.log(`\nfiles: ${files.length}, pdf.js opens ${pdfjsOpened}`);
  console.log('| engine | ok | untyped crashes (pdf.js opens) | refusals of files pdf.js opens | outputs qpdf rejects | incremental saves |');
  console.log('|---|---|---|---|---|---|');
  for (const engine of ENGINES) {
    const t = totals[engine];
    console.log(`| ${engine} | ${t.ok} | ${t.crashes.length} | ${t.refusals.length} | ${t.qpdfRejects.length} | ${t.incremental} |`);
  }
  console.log('\n| file | engine | open + annotate + save (ms) | open (ms) | peak RSS growth (MB) | output size | incremental |');
  console.log('|---|---|---|---|---|---|---|');
  for (const t of timings) {
    const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);
    console.log(t.ok
      ? `| ${t.file} | ${t.engine} | ${t.ms.toFixed(0)} | ${t.openMs.toFixed(0)} | ${mb(t.rssGrowth)} | ${t.outSize} | ${t.incremental} |`
      : `| ${t.file} | ${t.engine} | failed: ${t.error} | | | | |`);
  }
  for (const engine of ENGINES) {
    const t = totals[engine];
    console.log(`\n## ${engine}\ncrashes:\n${t.crashes.map((c) => `  ${c}`).join('\n')}\nrefusals:\n${t.refusals.map((c) => `  ${c}`).join('\n')}\nqpdf rejects:\n${t.qpdfRejects.map((c) => `  ${c}`).join('\n')}`);
  }
  rmSync(dir, { recursive: true, force: true });
}

if (process.argv[2] === '--child') await runChild(process.argv[3]);
else await main();
