// Public API of @marginalia/pdf-editor/collab: an editor object bound to a shared Yjs document,
// and the document's layout (yjs is an optional peer dependency, needed only with this entry).
export { connectCollaboration } from './connectCollaboration';
export type { Collaboration, CollaborationOptions, CollaborationSyncStatus, CollaborativeEditor } from './connectCollaboration';
export { readAnnotations, SHARED_DOCUMENT_VERSION, writeAnnotations, writePdfRevision } from './sharedDocument';
// What their types name, defined by the core, and the schemas the annotation type is inferred
// from (already loaded with this entry, which checks annotations with them).
export type { Annotation, CustomAnnotation, CustomType, HistoryChangeReason, Point } from '../core/index';
export { annotationSchema, AnnotationValidationError, customAnnotationSchema, pointSchema } from '../core/internal';
// Presence over a Yjs awareness: who is here, where they look, point and what they selected.
export { connectPresence, PRESENCE_COLORS } from './presence';
export type { Presence, PresenceAwareness, PresenceEditor, PresenceEditorState, PresenceOptions, PresenceUser } from './presence';
export type { PagePoint, Peer } from '../editor/index';
