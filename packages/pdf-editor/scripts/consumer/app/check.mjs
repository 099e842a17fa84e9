/* global console */
// Node ESM: ./core works without a DOM, and an error class is one class whatever the entry point.
import * as core from '@marginalia/pdf-editor/core';
import * as editor from '@marginalia/pdf-editor';

const storage = editor.memoryStorage();
const error = await storage.save('doc', [], 7).catch((caught) => caught);
const problems = [];
if (!(error instanceof core.StorageConflictError)) problems.push('StorageConflictError from "." is not the one of "./core"');
if (editor.StorageConflictError !== core.StorageConflictError) problems.push('"." and "./core" export two StorageConflictError classes');
const bad = (() => {
  try {
    core.normalizeAnnotation({ type: 'hexagon', page: 1 });
  } catch (caught) {
    return caught;
  }
})();
if (!(bad instanceof core.AnnotationValidationError)) problems.push(`unknown type: ${bad}`);
const [note] = core.parseAnnotations([{ type: 'text', page: 1, position: { x: 10, y: 20 }, content: 'hi' }]);
if (!note.id || note.fontSize !== 16) problems.push('parseAnnotations did not complete a partial annotation');
console.log(JSON.stringify({ problems, dom: typeof window !== 'undefined' || typeof document !== 'undefined' }));
