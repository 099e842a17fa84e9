// TEMP profiling helper (to be deleted).
/* global process, console, URL, window, document, performance, requestAnimationFrame */
import { createReadStream, existsSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
const root = resolve(fileURLToPath(import.meta.url), '../..');
const sharedPdfs = '/work/shared/pdfs';
const work = process.env.WORK ?? '/tmp/h_prof/work'; mkdirSync(work, { recursive: true });
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.pdf': 'application/pdf' };
if (process.env.BUILD !== '0') {
  const { makeSyntheticPdf } = await import(pathToFileURL(join(sharedPdfs, 'make-synthetic.mjs')).href);
  if (!existsSync(join(work, 'big.pdf'))) writeFileSync(join(work, 'big.pdf'), await makeSyntheticPdf(20));
  await build({ root: join(root, 'bench/pages'), logLevel: 'error', plugins: [react()], worker: { format: 'es' },
    build: { outDir: join(work, 'site'), emptyOutDir: true, minify: process.env.MINIFY !== '0', reportCompressedSize: false, chunkSizeWarningLimit: 10_000,
      rolldownOptions: { input: { editor: join(root, 'bench/pages/editor.html') } } } });
}
const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  const file = path === '/big.pdf' ? join(work, 'big.pdf') : normalize(join(work, 'site', path));
  if (!existsSync(file) || !statSync(file).isFile()) return void response.writeHead(404).end();
  response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-frame-rate-limit', '--disable-gpu-vsync', ...(process.env.RUNALL ? ['--run-all-compositor-stages-before-draw'] : [])] });
const pct = (v, p) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * p))];
try {
  for (let run = 0; run < Number(process.env.RUNS ?? 3); run++) {
    const drag = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await drag.goto(`${base}/editor.html?file=/big.pdf&annotations=${process.env.N ?? 2000}`);
    await drag.waitForFunction(() => typeof window.firstPaint === 'number', undefined, { timeout: 60_000 });
    await drag.waitForTimeout(1000);
    const session = await drag.context().newCDPSession(drag);
    const box = await drag.locator('.mg-page[data-page-number="1"] .mg-overlay').boundingBox();
    const start = { x: box.x + 25 * 1.5, y: box.y + 27 * 1.5 };
    if (process.env.PROFILE && run === 0) { await session.send('Profiler.enable'); await session.send('Profiler.setSamplingInterval', { interval: 100 }); await session.send('Profiler.start'); }
    await drag.evaluate(() => { window.frames = []; let last = performance.now(); const tick = (now) => { window.frames.push(now - last); last = now; if (window.recording) requestAnimationFrame(tick); }; window.recording = true; requestAnimationFrame(tick); });
    await session.send('Performance.enable');
    const metric = async () => Object.fromEntries((await session.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const m0 = await metric();
    const traced = process.env.TRACE && run === 0;
    const events = [];
    if (traced) { session.on('Tracing.dataCollected', (e) => events.push(...e.value)); await session.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'viz'] } }); }
    await drag.mouse.move(start.x, start.y); await drag.mouse.down();
    for (let i = 1; i <= 120; i++) await drag.mouse.move(start.x + i * 2, start.y + i);
    await drag.mouse.up();
    const m1 = await metric();
    if (traced) { const done = new Promise((r) => session.once('Tracing.tracingComplete', r)); await session.send('Tracing.end'); await done; writeFileSync('/tmp/h_prof/trace.json', JSON.stringify(events)); }
    const work = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'].map((k) => `${k.replace('Duration', '')} ${((m1[k] - m0[k]) * 1000 / 121).toFixed(2)}ms`).join(', ');
    const frames = await drag.evaluate(() => { window.recording = false; return window.frames.slice(2); });
    if (process.env.PROFILE && run === 0) { const { profile } = await session.send('Profiler.stop'); writeFileSync('/tmp/h_prof/drag.cpuprofile', JSON.stringify(profile)); }
    const idle = await drag.evaluate(() => new Promise((done) => { const f = []; let last = performance.now(); const tick = (now) => { f.push(now - last); last = now; if (f.length < 60) requestAnimationFrame(tick); else done(f); }; requestAnimationFrame(tick); }));
    const moved = await drag.evaluate(() => window.editor.getAnnotations()[0].position.x);
    const undo = await drag.evaluate(() => { window.editor.undo(); return window.editor.getAnnotations()[0].position.x; });
    console.log(`run ${run}: ${frames.length} frames p95 ${pct(frames, 0.95).toFixed(1)} median ${pct(frames, 0.5).toFixed(1)} max ${pct(frames, 1).toFixed(1)}; work/move ${work}; idle median ${pct(idle, 0.5).toFixed(1)}; moved x=${moved.toFixed(0)} undo->${undo.toFixed(0)}`);
    await drag.close();
  }
} finally { await browser.close(); server.close(); }
