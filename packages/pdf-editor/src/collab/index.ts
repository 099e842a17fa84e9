// Public API of @marginalia/pdf-editor/collab: the annotations of a document as a shared Yjs
// document (yjs is an optional peer dependency, needed only by hosts that import this entry).
export { readAnnotations, SHARED_DOCUMENT_VERSION, writeAnnotations } from './sharedDocument';
// What its functions' types name, defined by the core, and the schemas the annotation type is
// inferred from (already loaded with this entry, which checks annotations with them).
export type { Annotation, CustomAnnotation, CustomType, Point } from '../core/index';
export { annotationSchema, customAnnotationSchema, pointSchema } from '../core/internal';
