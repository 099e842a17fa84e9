// Comment in PDF: the note icon (core/geometry/noteIcon.ts) drawn on a flattened page; written as a /Text note
// with the same icon as its appearance; /Text reads back as a comment.
import { drawComment } from '../../export/flatten/drawComment';
import { writeNote } from '../../export/native/note';
import { readNote } from '../../import/readNote';
import type { PdfKind } from '../pdfKind';
import type { CommentAnnotation } from './index';

export const commentPdf: PdfKind<CommentAnnotation> = { draw: drawComment, write: writeNote, reads: { Text: readNote } };
