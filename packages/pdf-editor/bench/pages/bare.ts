// Baseline of the benchmark: the least one can do to show page 1 with pdf.js (fetch, open,
// render at the editor's zoom and pixel ratio).
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';

GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href;
const file = new URLSearchParams(location.search).get('file') ?? '';
const bytes = new Uint8Array(await (await fetch(file)).arrayBuffer());
const pdf = await getDocument({ data: bytes }).promise;
const page = await pdf.getPage(1);
const viewport = page.getViewport({ scale: 1.5 });
const canvas = document.getElementById('page') as HTMLCanvasElement;
const ratio = devicePixelRatio;
canvas.width = Math.floor(viewport.width * ratio);
canvas.height = Math.floor(viewport.height * ratio);
canvas.style.width = `${viewport.width}px`;
await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
(window as unknown as { firstPaint: number }).firstPaint = performance.now();
