#!/usr/bin/env node
// Burns annotations from a JSON file into a PDF, in Node, with nothing but the SDK's framework-free
// entry point: a third party's batch job, server-side export or CI step.
//
//   node index.mjs input.pdf annotations.json out.pdf [--native] [--watermark] [--password pw]
//
// annotations.json holds a list of annotations (or `{ "version": 1, "annotations": [...] }` as
// `serializeAnnotations` writes it). Each one needs only `type` and `page`: `parseAnnotations`
// fills the editor's defaults and names the index and field of any wrong value.
/* global console, process */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  AnnotationExportError,
  AnnotationValidationError,
  InvalidInputError,
  PdfEmptyError,
  PdfEncryptedError,
  PdfInvalidError,
  exportPdf,
  parseAnnotations,
} from '@marginalia/pdf-editor/core';

const USAGE = 'Usage: node index.mjs input.pdf annotations.json out.pdf [--native] [--watermark] [--password pw]';

/** @param {string[]} argv */
export async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      native: { type: 'boolean', default: false },
      watermark: { type: 'boolean', default: false },
      password: { type: 'string' },
    },
  });
  const [input, annotationsPath, output] = positionals;
  if (!input || !annotationsPath || !output || positionals.length > 3) {
    console.error(USAGE);
    return 2;
  }
  try {
    const annotations = parseAnnotations(await readFile(annotationsPath, 'utf8'));
    const mode = values.native ? 'native' : 'flatten';
    const warnings = /** @type {string[]} */ ([]);
    const bytes = await exportPdf(await readFile(input), annotations, {
      mode,
      watermark: values.watermark,
      password: values.password,
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
        // PdfPasswordError is a PdfEncryptedError: a missing or wrong --password.
    const known = [
      AnnotationValidationError,
      AnnotationExportError,
      InvalidInputError,
      PdfEncryptedError,
      PdfInvalidError,
      PdfEmptyError,
    ];
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
