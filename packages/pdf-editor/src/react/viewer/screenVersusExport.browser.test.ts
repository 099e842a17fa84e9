// Screen versus PDF: every kind is drawn by the on-screen overlay in Chromium and written by both
// exports, rendered by poppler's pdftoppm, and the painted area of each must match within 1 pt.
// This is what catches one formula drifting from the other (a note icon 24 pt on screen and 20 pt
// in the file, an underline below the line on screen and on it in the file).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PDFDocument, rgb } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPdf, normalizeAnnotation } from '../../core/index';
import { ANNOTATION_TYPES, type Annotation, type AnnotationInput, type Rect } from '../../core/index';
import { kindOf } from '../../core/internal';
import { pngDataUrl, solidPng } from '../../test-support/images';
import { renderPagePixels, type RenderedPage } from '../../test-support/pdfTools';
import { hasChromium, launchChromium } from '../e2e/harness';
import { AnnotationShape } from './AnnotationShape';

const PAGE = { width: 300, height: 160 };
/** Pixels per point of both rasters, so an edge is found to half a point. */
const SCALE = 4;
const TOLERANCE = 1;

interface Sample {
  name: string;
  annotation: AnnotationInput;
  /** Drawn on a black page, for what paints white (whiteout). */
  dark?: boolean;
}

const SAMPLES: Sample[] = [
  { name: 'rectangle', annotation: { type: 'rectangle', page: 1, position: { x: 40, y: 40 }, width: 120, height: 60, strokeWidth: 4, color: '#0000FF' } },
  { name: 'filled rectangle', annotation: { type: 'rectangle', page: 1, position: { x: 40, y: 40 }, width: 120, height: 60, strokeWidth: 0, fillStyle: 'solid', color: '#008000' } },
  { name: 'circle', annotation: { type: 'circle', page: 1, position: { x: 60, y: 30 }, radius: 40, strokeWidth: 3, color: '#FF00FF' } },
  { name: 'ellipse', annotation: { type: 'ellipse', page: 1, position: { x: 40, y: 30 }, width: 200, height: 90, strokeWidth: 3, color: '#008080' } },
  { name: 'arrow', annotation: { type: 'arrow', page: 1, position: { x: 40, y: 40 }, endPoint: { x: 200, y: 110 }, strokeWidth: 3, color: '#0000FF' } },
  { name: 'freehand', annotation: { type: 'freehand', page: 1, position: { x: 40, y: 50 }, points: [{ x: 40, y: 80 }, { x: 90, y: 50 }, { x: 140, y: 110 }, { x: 220, y: 70 }], strokeWidth: 4, color: '#FF8000' } },
  { name: 'polygon', annotation: { type: 'polygon', page: 1, position: { x: 40, y: 30 }, points: [{ x: 60, y: 30 }, { x: 240, y: 70 }, { x: 180, y: 130 }, { x: 40, y: 100 }], strokeWidth: 4, color: '#800000' } },
  { name: 'filled polygon', annotation: { type: 'polygon', page: 1, position: { x: 40, y: 30 }, points: [{ x: 60, y: 30 }, { x: 240, y: 70 }, { x: 40, y: 130 }], strokeWidth: 0, fillStyle: 'solid', color: '#008000' } },
  { name: 'polyline', annotation: { type: 'polyline', page: 1, position: { x: 40, y: 30 }, points: [{ x: 40, y: 130 }, { x: 100, y: 30 }, { x: 160, y: 120 }, { x: 250, y: 50 }], strokeWidth: 5, color: '#000080' } },
  { name: 'polyline with arrowhead and filled circle', annotation: { type: 'polyline', page: 1, position: { x: 40, y: 40 }, points: [{ x: 40, y: 120 }, { x: 120, y: 40 }, { x: 240, y: 40 }], strokeWidth: 3, color: '#000080', lineEndings: { start: 'Circle', end: 'OpenArrow' }, fillColor: '#00FF00' } },
  { name: 'highlight', annotation: { type: 'highlight', page: 1, position: { x: 40, y: 40 }, width: 150, height: 20 } },
  { name: 'snapped highlight', annotation: { type: 'highlight', page: 1, position: { x: 40, y: 40 }, width: 150, height: 44, rects: [{ x: 40, y: 40, width: 150, height: 18 }, { x: 40, y: 66, width: 90, height: 18 }] } },
  { name: 'strikethrough', annotation: { type: 'strikethrough', page: 1, position: { x: 40, y: 40 }, width: 150, height: 20, strokeWidth: 4, color: '#FF0000' } },
  { name: 'strikethrough thicker than its line', annotation: { type: 'strikethrough', page: 1, position: { x: 40, y: 40 }, width: 150, height: 8, strokeWidth: 12, color: '#FF0000' } },
  { name: 'underline', annotation: { type: 'underline', page: 1, position: { x: 40, y: 40 }, width: 150, height: 20, strokeWidth: 4, color: '#8000FF' } },
  { name: 'squiggly', annotation: { type: 'squiggly', page: 1, position: { x: 40, y: 40 }, width: 150, height: 24, strokeWidth: 2, color: '#FF0000' } },
  { name: 'snapped squiggly', annotation: { type: 'squiggly', page: 1, position: { x: 40, y: 40 }, width: 150, height: 44, rects: [{ x: 40, y: 40, width: 150, height: 18 }, { x: 40, y: 66, width: 90, height: 18 }], strokeWidth: 1, color: '#0000FF' } },
  { name: 'image', annotation: { type: 'image', page: 1, position: { x: 40, y: 40 }, width: 80, height: 50, imageData: pngDataUrl(solidPng(8, 5, { r: 0, g: 160, b: 160 })) } },
  { name: 'signature', annotation: { type: 'signature', page: 1, position: { x: 40, y: 40 }, width: 100, height: 40, imageData: pngDataUrl(solidPng(10, 4, { r: 128, g: 64, b: 0 })) } },
  { name: 'whiteout', annotation: { type: 'whiteout', page: 1, position: { x: 40, y: 40 }, width: 100, height: 30 }, dark: true },
  { name: 'comment', annotation: { type: 'comment', page: 1, position: { x: 40, y: 40 }, content: 'Check this' } },
  { name: 'caret', annotation: { type: 'caret', page: 1, position: { x: 40, y: 40 }, width: 30, height: 36, color: '#0000FF' } },
  { name: 'stamp', annotation: { type: 'stamp', page: 1, position: { x: 40, y: 40 }, width: 210, height: 40, preset: 'signed', label: 'SIGNED 2026-11-24' } },
  { name: 'text', annotation: { type: 'text', page: 1, position: { x: 40, y: 40 }, content: 'HHHH', fontSize: 24, color: '#000000' } },
  { name: 'three lines of text', annotation: { type: 'text', page: 1, position: { x: 40, y: 20 }, content: 'H\nH\nH', fontSize: 30, color: '#000000' } },
];

/** The painted area, in points: pixels that differ from the page's background. */
function paintedArea(width: number, height: number, differs: (x: number, y: number) => boolean): Rect | undefined {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!differs(x, y)) continue;
      left = Math.min(left, x);
      right = Math.max(right, x + 1);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y + 1);
    }
  }
  if (left === Infinity) return undefined;
  return { x: left / SCALE, y: top / SCALE, width: (right - left) / SCALE, height: (bottom - top) / SCALE };
}

/** A channel 64 levels or more away from the background: anti-aliased fringes below half cover do not count. */
const INK = 64;

/** Whether pixel x, y lies in `rect` (points), or anywhere without one. */
const inside = (rect: Rect | undefined, x: number, y: number) =>
  !rect || (x / SCALE >= rect.x && x / SCALE < rect.x + rect.width && y / SCALE >= rect.y && y / SCALE < rect.y + rect.height);

function pdfArea(image: RenderedPage, dark: boolean, within?: Rect): Rect | undefined {
  const background = dark ? 0 : 255;
  return paintedArea(image.width, image.height, (x, y) => {
    if (!inside(within, x, y)) return false;
    const { r, g, b } = image.getPixel(x, y);
    return Math.max(Math.abs(r - background), Math.abs(g - background), Math.abs(b - background)) >= INK;
  });
}

function screenMarkup(annotation: Annotation, dark: boolean): string {
  const shape = renderToStaticMarkup(createElement(AnnotationShape, { annotation }));
  const background = dark ? '#000000' : '#FFFFFF';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width * SCALE}" height="${PAGE.height * SCALE}" viewBox="0 0 ${PAGE.width} ${PAGE.height}">`
    + `<rect width="${PAGE.width}" height="${PAGE.height}" fill="${background}"/>${shape}</svg>`;
}

/** Chromium draws the overlay's SVG into a canvas; the painted area comes back in points. */
async function screenArea(page: Page, annotation: Annotation, dark: boolean, within?: Rect): Promise<Rect | undefined> {
  const { width, height, painted } = await page.evaluate(
    async ({ svg, background, ink }) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const marks: number[] = [];
      for (let i = 0; i < data.length; i += 4) {
        const away = Math.max(Math.abs((data[i] ?? 0) - background), Math.abs((data[i + 1] ?? 0) - background), Math.abs((data[i + 2] ?? 0) - background));
        if (away >= ink) marks.push(i / 4);
      }
      return { width: canvas.width, height: canvas.height, painted: marks };
    },
    { svg: screenMarkup(annotation, dark), background: dark ? 0 : 255, ink: INK },
  );
  const set = new Set(painted);
  return paintedArea(width, height, (x, y) => inside(within, x, y) && set.has(y * width + x));
}

async function blankDocument(samples: readonly Sample[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const sample of samples) {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    if (sample.dark) page.drawRectangle({ x: 0, y: 0, width: PAGE.width, height: PAGE.height, color: rgb(0, 0, 0) });
  }
  return doc.save();
}

const round = (rect: Rect | undefined) =>
  rect && { x: Math.round(rect.x * 4) / 4, y: Math.round(rect.y * 4) / 4, width: Math.round(rect.width * 4) / 4, height: Math.round(rect.height * 4) / 4 };

function expectWithinTolerance(actual: Rect | undefined, expected: Rect | undefined, label: string): void {
  expect(actual, `${label}: nothing painted`).toBeDefined();
  expect(expected, `${label}: nothing painted on screen`).toBeDefined();
  if (!actual || !expected) return;
  const edges = (r: Rect) => [r.x, r.y, r.x + r.width, r.y + r.height];
  const off = edges(actual).map((edge, i) => Math.abs(edge - (edges(expected)[i] ?? 0)));
  expect(Math.max(...off), `${label}: ${JSON.stringify(round(actual))} vs screen ${JSON.stringify(round(expected))}`).toBeLessThanOrEqual(TOLERANCE);
}

it('must hold a sample of every kind', () => {
  const sampled = new Set(SAMPLES.map((sample) => sample.annotation.type));
  expect(ANNOTATION_TYPES.filter((type) => !sampled.has(type)), 'kinds without a sample here').toEqual([]);
});

describe.skipIf(!hasChromium)('the screen and both exports paint every kind in the same place', () => {
  let browser: Browser;
  let page: Page;
  const annotations = SAMPLES.map((sample, index) => normalizeAnnotation({ ...sample.annotation, page: index + 1 }) as Annotation);
  const rendered: Record<'flatten' | 'native', RenderedPage[]> = { flatten: [], native: [] };

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage();
    const source = await blankDocument(SAMPLES);
    for (const mode of ['flatten', 'native'] as const) {
      const bytes = await exportPdf(source, annotations, { mode });
      for (let index = 0; index < SAMPLES.length; index++) rendered[mode].push(await renderPagePixels(bytes, index + 1, 72 * SCALE));
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each(SAMPLES.map((sample, index) => [sample.name, index] as const))('must paint %s where the screen shows it', async (name, index) => {
    const sample = SAMPLES[index] as Sample;
    const onScreen = await screenArea(page, annotations[index] as Annotation, sample.dark ?? false);
    for (const mode of ['flatten', 'native'] as const) {
      const painted = pdfArea(rendered[mode][index] as RenderedPage, sample.dark ?? false);
      expectWithinTolerance(painted, onScreen, `${name} (${mode})`);
      // Text lines sit inside the selection box (1.2 em a line): the editor's line height is the export's.
      const annotation = annotations[index] as Annotation;
      if (annotation.type === 'text' && painted) {
        const box = kindOf(annotation.type).bounds(annotation);
        expect(painted.y, `${name} (${mode}) top`).toBeGreaterThanOrEqual(box.y - TOLERANCE);
        expect(painted.y + painted.height, `${name} (${mode}) bottom`).toBeLessThanOrEqual(box.y + box.height + TOLERANCE);
      }
      // A stamp's word, inside its frame: set where the screen sets it and as wide (the layout's measure).
      if (annotation.type === 'stamp') {
        const inner = { x: annotation.position.x + 4, y: annotation.position.y + 4, width: annotation.width - 8, height: annotation.height - 8 };
        const word = pdfArea(rendered[mode][index] as RenderedPage, false, inner);
        expectWithinTolerance(word, await screenArea(page, annotation, false, inner), `${name} word (${mode})`);
      }
    }
  });
});
