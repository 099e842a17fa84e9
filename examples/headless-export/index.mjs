#!/usr/bin/env node
// Burns annotations from a JSON file into a PDF, in Node, with nothing but the SDK's framework-free
// entry point: a third party's batch job, server-side export or CI step.
//
//   node index.mjs input.pdf annotations.json out.pdf [--native] [--watermark]
//
// annotations.json holds a list of annotations (or `{ "version": 1, "annotations": [...] }` as
// `serializeAnnotations` writes it). Each one needs only `type` and `page`; missing fields get the
// editor's defaults, then the whole list is validated, naming the index and field of any problem.
/* global console, process */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  ANNOTATION_TYPES,
  AnnotationValidationError,
  PdfEmptyError,
  PdfEncryptedError,
  PdfInvalidError,
  exportPdf,
  normalizeAnnotation,
  parseAnnotations,
} from '@marginalia/pdf-editor/core';

const USAGE = 'Usage: node index.mjs input.pdf annotations.json out.pdf [--native] [--watermark]';

/** @param {unknown} item */
function isAnnotationInput(item) {
  if (!item || typeof item !== 'object') return false;
  const { type, page } = /** @type {{ type?: unknown, page?: unknown }} */ (item);
  return typeof page === 'number' && ANNOTATION_TYPES.some((known) => known === type);
}

/**
 * Fills defaults into every well-formed item and leaves the rest for `parseAnnotations` to report.
 * @param {string} json
 */
export function readAnnotations(json) {
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(json);
  } catch {
    // parseAnnotations reports the JSON syntax error with its position.
    return parseAnnotations(json);
  }
  const items = Array.isArray(value)
    ? value
    : value && typeof value === 'object' && 'annotations' in value
      ? value.annotations
      : value;
  if (!Array.isArray(items)) return parseAnnotations(value);
  const completed = items.map((item) =>
    isAnnotationInput(item)
      ? normalizeAnnotation(/** @type {import('@marginalia/pdf-editor/core').AnnotationInput} */ (item))
      : item,
  );
  return parseAnnotations(completed);
}

/** @param {string[]} argv */
export async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { native: { type: 'boolean', default: false }, watermark: { type: 'boolean', default: false } },
  });
  const [input, annotationsPath, output] = positionals;
  if (!input || !annotationsPath || !output || positionals.length > 3) {
    console.error(USAGE);
    return 2;
  }
  try {
    const annotations = readAnnotations(await readFile(annotationsPath, 'utf8'));
    const mode = values.native ? 'native' : 'flatten';
    const warnings = /** @type {string[]} */ ([]);
    const bytes = await exportPdf(await readFile(input), annotations, {
      mode,
      watermark: values.watermark,
      onWarning: (message) => warnings.push(message),
    });
    await writeFile(output, bytes);
    for (const warning of warnings) console.warn(`warning: ${warning}`);
    const pages = new Set(annotations.map((annotation) => annotation.page)).size;
    console.log(
      `Wrote ${output}: ${annotations.length} annotation(s) on ${pages} page(s), ${mode}${values.watermark ? ', watermarked' : ''}.`,
    );
    return 0;
  } catch (error) {
    const known = [AnnotationValidationError, PdfEncryptedError, PdfInvalidError, PdfEmptyError];
    if (known.some((type) => error instanceof type)) {
      console.error(`error: ${/** @type {Error} */ (error).message}`);
      return 1;
    }
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') {
      console.error(`error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
