// The export and the import are drivers that know no kind: every kind's drawing, native writing and
// reading sit in its own module (kinds/<type>/pdf.ts), and the drivers reach them only through the
// registries (kinds/pdfRegistry.ts). So no source file of core/export or core/import may name a
// kind: not its type ('rectangle'), not a PDF subtype a kind reads (/Square), not a kind's module
// ('../kinds/freehand') nor its annotation type (FreehandAnnotation). Tests and their fixtures
// (`testing/`) may, as they exercise every kind.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { NATIVE_READERS } from './kinds/pdfRegistry';
import { KINDS } from './kinds/registry';

const CORE = dirname(fileURLToPath(import.meta.url));
const DRIVERS = ['export', 'import'].map((folder) => join(CORE, folder));

const KIND_TYPES = new Set(Object.keys(KINDS));
const KIND_SUBTYPES = new Set(Object.keys(NATIVE_READERS));
const KIND_ANNOTATION_TYPES = new Set([...KIND_TYPES].map((type) => `${type[0]?.toUpperCase()}${type.slice(1)}Annotation`));

function driverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : driverSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const isTypeLevel = (node: ts.Node): boolean => !!ts.findAncestor(node, ts.isTypeNode);

/**
 * Each place `source` names a kind, as "line: what". A PDF subtype counts where it is a value (what
 * a driver dispatches on); as a type it may be part of the PDF's own list of subtypes.
 */
function kindMentions(source: string, fileName = 'source.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      const { text } = node;
      const isModule = ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent) || ts.isImportTypeNode(node.parent.parent);
      if (isModule) {
        const segment = text.split('/').find((part) => KIND_TYPES.has(part));
        if (segment) report(node, `module of kind '${segment}' (${text})`);
      } else if (KIND_TYPES.has(text)) {
        report(node, `kind type '${text}'`);
      } else if (KIND_SUBTYPES.has(text) && !isTypeLevel(node)) {
        report(node, `subtype /${text}`);
      }
    } else if (ts.isIdentifier(node) && KIND_ANNOTATION_TYPES.has(node.text)) {
      report(node, `annotation type ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('core/export and core/import know no kind', () => {
  it('finds a kind named in code, whichever way it is named', () => {
    const source = [
      "import { strokeThrough } from '../kinds/freehand';",
      'import type { CircleAnnotation } from "../model/types";',
      "if (annotation.type === 'rectangle') draw();",
      "const parts = { subtype: 'Square' };",
      "type Subtype = 'Square' | 'Circle';",
      "const note = `text`; // 'highlight' in a comment is prose",
    ].join('\n');
    expect(kindMentions(source)).toEqual([
      "1: module of kind 'freehand' (../kinds/freehand)",
      '2: annotation type CircleAnnotation',
      "3: kind type 'rectangle'",
      '4: subtype /Square',
      "6: kind type 'text'",
    ]);
  });

  it('finds none in their source files', () => {
    const files = DRIVERS.flatMap(driverSources);
    expect(files.length).toBeGreaterThan(40);
    const mentions = files.flatMap((file) => kindMentions(readFileSync(file, 'utf8'), file).map((at) => `${relative(CORE, file)}:${at}`));
    expect(mentions).toEqual([]);
  });
});
