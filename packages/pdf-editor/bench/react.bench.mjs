// Browser benchmark of the React editor's viewer against pdf.js's own viewer (PDFViewer from
// pdfjs-dist/web, the same version) in one headless Chromium (playwright-core, /usr/bin/chromium),
// on three files: a 2,000-page synthetic one, freeculture.pdf (352 pages) and tracemonkey.pdf (14).
// Interleaved rounds (editor and bare alternate, their order flipping each round), medians; CPU is
// the CPU time of every Chromium process (the page's renderer with pdf.js's worker, GPU, network),
// printed beside wall time; the load average is printed before and after. Targets, each with its
// verdict:
//  1. first page painted: CPU <= 1.1x bare;
//  2. scrolling 200 pages (the whole file when shorter) in wheel steps of one page at a fixed pace,
//     until the page in view is drawn and the browser is idle: CPU <= 1.5x bare;
//  3. memory (proportional set size of the renderer processes, after garbage collection) after
//     those 200 pages: <= 1.3x bare;
//  4. jump to page 2,000 (the last page when fewer) until it is drawn, right after that scroll and
//     in a fresh viewer: <= 2x bare in wall time (CPU printed beside);
//  5. p95 main-thread work per frame while dragging a shape on a page holding 2,000 annotations
//     (< 16.7 ms);
//  6. the SDK's own min+gzip size (scripts/size-budget.ts);
//  7. find (issue 28), in a fresh viewer with page 1 in view, through pdf.js's own find controller
//     (PDFFindController, as its find bar drives it) and the editor's find: the first match shown
//     and the full count, wall and CPU, with the counts side by side (no target given: printed).
// Run: npm run bench:browser -w @marginalia/pdf-editor. MARGINALIA_BENCH_ROUNDS overrides the 15
// rounds (for a quick look), MARGINALIA_BENCH_FILES=tracemonkey (names or parts, comma-separated)
// keeps only those files, MARGINALIA_BENCH_FIRST_PAINT=1 measures only the first paint (no scroll,
// memory, jumps or drag), MARGINALIA_BENCH_PROFILE=<dir> writes there, from an unminified build, a
// trace of each viewer's first paint of each file (one extra opening before the measured rounds:
// main-thread tasks, layouts with what invalidated them, CPU samples) and a CPU profile of the
// first scroll (open both in Chrome DevTools' Performance panel). MARGINALIA_BENCH_FIND=1 measures
// only find.
/* global process, console, window, document, performance, requestAnimationFrame, MessageChannel, setTimeout */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildPage, launchChromium, median, percentile, serveSite } from './browserSite.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const sharedPdfs = process.env.MARGINALIA_SHARED_PDFS ?? resolve(root, '../../../shared/pdfs');
// Alternating rounds: single runs of the same code range over ±25% on a shared two-core machine.
const RUNS = Number(process.env.MARGINALIA_BENCH_ROUNDS ?? 15);
const PROFILE_DIR = process.env.MARGINALIA_BENCH_PROFILE;
const SCROLL_PAGES = 200;
const JUMP_PAGE = 2000;
// One wheel step per page every 40 ms (25 pages a second, a brisk flick through a manual): 8 s
// for 200 pages, then the wait until drawn and idle. A round of both viewers on the three files
// takes about two minutes on the shared two-core machine, so 15 rounds about half an hour; the
// 200 pages are kept whole rather than cut to save time.
const STEP_MS = 40;
const VIEWPORT = { width: 1280, height: 900 };
const ALL_FILES = [
  { name: 'synthetic', path: '/synthetic.pdf', count: JUMP_PAGE, query: 'synthetic page' },
  { name: 'freeculture.pdf', path: '/freeculture.pdf', source: 'freeculture.pdf', count: 352, query: 'the' },
  { name: 'tracemonkey.pdf', path: '/tracemonkey.pdf', source: 'tracemonkey.pdf', count: 14, query: 'trace' },
];
const only = process.env.MARGINALIA_BENCH_FILES?.split(',');
const FILES = only ? ALL_FILES.filter((file) => only.some((part) => file.name.includes(part))) : ALL_FILES;
const FIRST_PAINT_ONLY = process.env.MARGINALIA_BENCH_FIRST_PAINT === '1';
const FIND_ONLY = process.env.MARGINALIA_BENCH_FIND === '1';

const missing = ['make-synthetic.mjs', 'freeculture.pdf', 'tracemonkey.pdf'].filter((file) => !existsSync(join(sharedPdfs, file)));
if (!existsSync('/usr/bin/chromium') || missing.length > 0) {
  console.log(`bench:browser skipped: needs /usr/bin/chromium and ${sharedPdfs} with make-synthetic.mjs, freeculture.pdf and tracemonkey.pdf (missing: ${[...(existsSync('/usr/bin/chromium') ? [] : ['/usr/bin/chromium']), ...missing].join(', ')})`);
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), 'marginalia-bench-'));
const { makeSyntheticPdf } = await import(pathToFileURL(join(sharedPdfs, 'make-synthetic.mjs')).href);
const served = new Map(FILES.some((file) => file.name === 'synthetic') || !FIRST_PAINT_ONLY ? [['/synthetic.pdf', await makeSyntheticPdf(JUMP_PAGE)]] : []);
for (const file of FILES) if (file.source) served.set(file.path, readFileSync(join(sharedPdfs, file.source)));
// Each viewer is built as an app of its own, as a host ships it: built together, the bundler
// splits the editor's first-paint code into a dozen shared chunks, each one more request.
// Readable names in the CPU profiles; the measured runs use the minified build a host ships.
for (const viewer of ['editor', 'bare']) await buildPage(root, join(work, 'site'), viewer, { emptyOutDir: viewer === 'editor', minify: !PROFILE_DIR });

const site = await serveSite(join(work, 'site'), served);
const { base } = site;
const browser = await launchChromium();

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// CPU time beside wall time (the machine is shared): every Chromium process's CPU seconds (the
// page's renderer, pdf.js's worker in it, the GPU and network processes), as the browser reports them.
const browserSession = await browser.newBrowserCDPSession();
async function processes() {
  return (await browserSession.send('SystemInfo.getProcessInfo')).processInfo;
}
async function cpuByProcess() {
  return new Map((await processes()).map((process) => [process.id, process.cpuTime]));
}
/** CPU milliseconds spent since `before`, by the processes alive now (a new one counts whole). */
async function cpuSince(before) {
  let seconds = 0;
  for (const [id, cpuTime] of await cpuByProcess()) seconds += cpuTime - (before.get(id) ?? 0);
  return seconds * 1000;
}
/** Waits until the browser is idle: under 10% of a core over 250 ms (at most 10 s). */
async function settle() {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const before = await cpuByProcess();
    await sleep(250);
    if ((await cpuSince(before)) < 25) return;
  }
}
/** Proportional set size of the renderer processes (only the open page's: pages are closed after use). */
async function rendererMemory() {
  let kb = 0;
  for (const process of await processes()) {
    if (process.type !== 'renderer') continue;
    const rollup = readFileSync(`/proc/${process.id}/smaps_rollup`, 'utf8');
    kb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
  }
  return kb * 1024;
}

async function open(viewer, file) {
  const page = await browser.newPage({ viewport: VIEWPORT });
  const before = await cpuByProcess();
  await page.goto(`${base}/${viewer}.html?file=${file.path}`);
  await page.waitForFunction(() => typeof window.firstPaint === 'number', undefined, { timeout: 60_000, polling: 20 });
  const cpu = await cpuSince(before);
  const time = await page.evaluate(() => window.firstPaint);
  return { page, time, cpu };
}

/** Shows `target` as a user typing its number would; wall and CPU milliseconds until it is drawn. */
async function jump(page, target) {
  const before = await cpuByProcess();
  const start = await page.evaluate((n) => {
    const at = performance.now();
    window.jumpTo(n);
    return at;
  }, target);
  await page.waitForFunction((n) => window.isDrawn(n), target, { timeout: 60_000, polling: 20 });
  const end = await page.evaluate(() => performance.now());
  return { time: end - start, cpu: await cpuSince(before) };
}

/** The page under the middle of the viewport. */
const pageInView = (page) =>
  page.evaluate(() => {
    const box = window.scroller.getBoundingClientRect();
    const element = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return Number(element?.closest('[data-page-number]')?.getAttribute('data-page-number') ?? 0);
  });

/** Scrolls `pages` of the file's `count` in wheel steps of one page each, STEP_MS apart, until drawn and idle. */
async function scroll(page, pages, count, profile) {
  // The step is the viewer's own page pitch (its column's height over the pages), so both viewers
  // pass the same number of pages whatever their gaps and borders.
  const box = await page.evaluate((count) => {
    const r = window.scroller.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, pitch: window.scroller.scrollHeight / count };
  }, count);
  const session = profile ? await page.context().newCDPSession(page) : undefined;
  if (session) {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 500 });
    await session.send('Profiler.start');
  }
  await page.mouse.move(box.x, box.y);
  await page.evaluate(() => {
    window.frameTimes = [];
    let last = performance.now();
    const tick = (now) => {
      window.frameTimes.push(now - last);
      last = now;
      if (window.frameTimes) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const before = await cpuByProcess();
  const start = Date.now();
  for (let i = 0; i < pages; i++) {
    const due = start + (i + 1) * STEP_MS;
    await page.mouse.wheel(0, box.pitch);
    await sleep(Math.max(0, due - Date.now()));
  }
  const reached = await pageInView(page);
  await page.waitForFunction((n) => window.isDrawn(n), reached, { timeout: 60_000, polling: 20 });
  await settle();
  const cpu = await cpuSince(before);
  const time = Date.now() - start;
  const frames = await page.evaluate(() => {
    const frames = window.frameTimes;
    window.frameTimes = undefined;
    return frames;
  });
  if (session) {
    const { profile: cpuProfile } = await session.send('Profiler.stop');
    writeFileSync(join(PROFILE_DIR, `${profile}.cpuprofile`), JSON.stringify(cpuProfile));
    await session.detach();
  }
  return { cpu, time, reached, frames };
}

async function memory(page) {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  await sleep(200);
  await session.send('HeapProfiler.collectGarbage');
  const heap = (await session.send('Runtime.getHeapUsage')).usedSize;
  await session.detach();
  return { rss: await rendererMemory(), heap };
}

// What a DevTools recording holds, plus why each layout and style recalculation was needed (pdf.js
// adding a page's fonts to the document lays out the whole page again, the editor's panels too).
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.invalidationTracking',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
];

/** Writes a trace of `viewer` opening `file` until page 1 is painted to PROFILE_DIR; measures nothing. */
async function traceFirstPaint(viewer, file) {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await browser.startTracing(page, { path: join(PROFILE_DIR, `${file.path.slice(1, -4)}-${viewer}-first-paint.json`), categories: TRACE_CATEGORIES });
  await page.goto(`${base}/${viewer}.html?file=${file.path}`);
  await page.waitForFunction(() => typeof window.firstPaint === 'number', undefined, { timeout: 60_000, polling: 20 });
  await browser.stopTracing();
  await page.close();
}

/** Searches `file`'s query in a fresh viewer with page 1 in view: first match and full count, wall and CPU. */
async function find(viewer, file) {
  const { page } = await open(viewer, file);
  await settle();
  const before = await cpuByProcess();
  const timing = await page.evaluate((query) => window.find(query), file.query);
  const cpu = await cpuSince(before);
  await page.close();
  return { first: timing.firstMatch - timing.start, all: timing.end - timing.start, cpu, count: timing.count };
}

/** One round of one viewer on one file: first paint, scroll, memory, jump after scroll; then a fresh jump, then find. */
async function round(viewer, file, profile) {
  if (FIND_ONLY) return { found: await find(viewer, file) };
  const first = await open(viewer, file);
  const { page } = first;
  if (FIRST_PAINT_ONLY) {
    await page.close();
    return { first };
  }
  const { count } = file;
  await settle();
  const scrolled = await scroll(page, Math.min(SCROLL_PAGES, count - 1), count, profile);
  const mem = await memory(page);
  const target = Math.min(JUMP_PAGE, count);
  const afterScroll = await jump(page, target);
  await page.close();
  const fresh = await open(viewer, file);
  await settle();
  const freshJump = await jump(fresh.page, target);
  await fresh.page.close();
  return { first, scrolled, mem, afterScroll, freshJump, target, found: await find(viewer, file) };
}

/** Dragging one rectangle among 2,000 on page 1: the frames' main-thread work and where the shape ended. */
async function dragAmongMany() {
  const drag = await browser.newPage({ viewport: VIEWPORT });
  await drag.goto(`${base}/editor.html?file=/synthetic.pdf&annotations=2000`);
  await drag.waitForFunction(() => typeof window.firstPaint === 'number', undefined, { timeout: 60_000 });
  await drag.waitForTimeout(1000);
  const box = await drag.locator('.mg-page[data-page-number="1"] .mg-overlay').boundingBox();
  const at = (x, y) => ({ x: box.x + x * 1.5, y: box.y + y * 1.5 });
  const start = at(25, 27);
  // Frame time = main-thread work to produce one frame: from the first pointer event handled in
  // the frame (Chromium dispatches them aligned to animation frames) or the frame's rAF callback,
  // to the end of that frame's style, layout and paint (a message posted from rAF runs right after
  // them). Headless Chromium paces frames at 60 Hz whatever the flags, so the interval between
  // frames only shows the display rate; the work inside a frame is what the editor controls.
  await drag.evaluate(() => {
    window.frames = [];
    window.frameStart = undefined;
    const channel = new MessageChannel();
    // The frame's start travels with its message: a second rAF may post before the first message
    // runs, and a start read from the shared variable then was already cleared (a NaN frame).
    channel.port1.onmessage = (event) => {
      window.frames.push(performance.now() - event.data);
    };
    window.addEventListener(
      'pointermove',
      () => {
        window.frameStart ??= performance.now();
      },
      { capture: true },
    );
    const tick = (now) => {
      channel.port2.postMessage(Math.min(window.frameStart ?? now, now));
      window.frameStart = undefined;
      if (window.recording) requestAnimationFrame(tick);
    };
    window.recording = true;
    requestAnimationFrame(tick);
  });
  await drag.mouse.move(start.x, start.y);
  await drag.mouse.down();
  for (let i = 1; i <= 120; i++) {
    await drag.mouse.move(start.x + i * 2, start.y + i);
  }
  await drag.mouse.up();
  const frames = await drag.evaluate(() => {
    window.recording = false;
    return window.frames.slice(2);
  });
  const moved = await drag.evaluate(() => window.editor.getAnnotations()[0].position.x);
  await drag.close();
  return { frames, moved };
}

const results = new Map();
const record = (key, value) => results.set(key, [...(results.get(key) ?? []), value]);
const loadBefore = loadavg();
const started = Date.now();
try {
  if (PROFILE_DIR) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    for (const file of FILES) for (const viewer of ['editor', 'bare']) await traceFirstPaint(viewer, file);
  }
  for (let run = 0; run < RUNS; run++) {
    for (const file of FILES) {
      const order = run % 2 === 0 ? ['editor', 'bare'] : ['bare', 'editor'];
      for (const viewer of order) {
        const profile = PROFILE_DIR && run === 0 ? `${file.path.slice(1, -4)}-${viewer}` : undefined;
        record(`${file.path} ${viewer}`, await round(viewer, file, profile));
      }
    }
  }

  const dragged = FIRST_PAINT_ONLY || FIND_ONLY ? undefined : await dragAmongMany();
  const size = dragged && execFileSync(process.execPath, [join(root, 'scripts/size-budget.ts')], { cwd: root, encoding: 'utf8' }).trim().split('\n').filter((line) => line.includes('min+gzip')).join('\n');

  const ms = (values) => `${median(values).toFixed(0)} ms`;
  const mb = (bytes) => `${(bytes / 1048576).toFixed(0)} MB`;
  const verdict = (ratio, limit) => `${ratio.toFixed(2)}x (target <= ${limit}x) ${ratio <= limit ? 'PASS' : 'FAIL'}`;
  const pick = (rounds, get) => rounds.map(get);
  console.log(`${RUNS} interleaved rounds in ${((Date.now() - started) / 60000).toFixed(1)} min; load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg().map((l) => l.toFixed(2)).join(' ')} (2 cores)`);
  for (const file of FILES) {
    const editor = results.get(`${file.path} editor`);
    const bare = results.get(`${file.path} bare`);
    const { count } = file;
    const { target } = editor[0];
    const pages = Math.min(SCROLL_PAGES, count - 1);
    const line = (label, get, limit, format = ms) => {
      const e = pick(editor, get);
      const b = pick(bare, get);
      return `  ${label}: editor ${format(e)}, bare ${format(b)} -> ${verdict(median(e) / median(b), limit)}`;
    };
    const info = (label, get, format = ms) => `  ${label}: editor ${format(pick(editor, get))}, bare ${format(pick(bare, get))} -> ${(median(pick(editor, get)) / median(pick(bare, get))).toFixed(2)}x`;
    const frameStats = (rounds) => {
      const all = rounds.flatMap((r) => r.scrolled.frames);
      return `${(all.filter((f) => f > 50).length / rounds.length).toFixed(0)} of ${(all.length / rounds.length).toFixed(0)} frames over 50 ms per scroll, p95 ${percentile(all, 0.95).toFixed(0)} ms`;
    };
    console.log(`${file.name} (${count} pages):`);
    if (!FIRST_PAINT_ONLY) {
      const counts = (rounds) => [...new Set(pick(rounds, (r) => r.found.count))].join('/');
      console.log(info(`find "${file.query}": first match shown, wall`, (r) => r.found.first));
      console.log(info(`find "${file.query}": every page searched, wall`, (r) => r.found.all));
      console.log(info(`find "${file.query}": every page searched, CPU`, (r) => r.found.cpu));
      console.log(`  find "${file.query}": matches counted: editor ${counts(editor)}, bare ${counts(bare)}`);
    }
    if (FIND_ONLY) continue;
    console.log(line('first paint CPU', (r) => r.first.cpu, 1.1));
    console.log(info('first paint wall', (r) => r.first.time));
    if (FIRST_PAINT_ONLY) continue;
    console.log(line(`scroll ${pages} pages CPU`, (r) => r.scrolled.cpu, 1.5));
    console.log(info(`scroll ${pages} pages wall (${STEP_MS} ms a step, until drawn and idle)`, (r) => r.scrolled.time));
    console.log(`  scroll frames: editor ${frameStats(editor)}; bare ${frameStats(bare)}; page reached: editor ${median(pick(editor, (r) => r.scrolled.reached))}, bare ${median(pick(bare, (r) => r.scrolled.reached))}`);
    console.log(line(`memory after ${pages} pages (renderer PSS)`, (r) => r.mem.rss, 1.3, (v) => mb(median(v))));
    console.log(info(`JS heap after ${pages} pages`, (r) => r.mem.heap, (v) => mb(median(v))));
    console.log(line(`jump to page ${target} after scrolling, wall`, (r) => r.afterScroll.time, 2));
    console.log(info(`jump to page ${target} after scrolling, CPU`, (r) => r.afterScroll.cpu));
    console.log(line(`jump to page ${target} fresh, wall`, (r) => r.freshJump.time, 2));
    console.log(info(`jump to page ${target} fresh, CPU`, (r) => r.freshJump.cpu));
  }
  if (dragged) {
    const { frames, moved } = dragged;
    console.log(`drag among 2,000 annotations: ${frames.length} frames, p95 frame time ${percentile(frames, 0.95).toFixed(1)} ms, median ${median(frames).toFixed(1)} ms, frames over 16.7 ms: ${frames.filter((f) => f > 16.7).length} (target p95 < 16.7 ms) ${percentile(frames, 0.95) < 16.7 ? 'PASS' : 'FAIL'}; shape moved to x=${moved.toFixed(0)}`);
    console.log(size);
  }
} finally {
  await browser.close();
  site.close();
  rmSync(work, { recursive: true, force: true });
}
