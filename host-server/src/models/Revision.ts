// A saved version of a document: its PDF (by storage key, shared with the document or other
// revisions when the pages did not change) and a copy of its annotations.
import type { JSONSchema } from 'objection';
import { BaseModel } from './BaseModel';

export class Revision extends BaseModel {
  static override tableName = 'revisions';
  static override timestampColumns = ['createdAt'];

  declare id: string;
  declare documentId: string;
  declare number: number;
  declare authorId: string | null;
  declare authorName: string;
  declare pdfKey: string;
  declare pageCount: number;
  declare annotationCount: number;
  declare size: number;
  declare label: string | null;
  /** The revision this one brought back, when it records a restore. */
  declare restoredFromId: string | null;
  declare annotations: string;
  declare createdAt: string;

  static override jsonSchema: JSONSchema = {
    type: 'object',
    required: [
      'id',
      'documentId',
      'number',
      'authorName',
      'pdfKey',
      'pageCount',
      'annotationCount',
      'size',
      'annotations',
    ],
    properties: {
      id: { type: 'string', minLength: 36, maxLength: 36 },
      documentId: { type: 'string', minLength: 36, maxLength: 36 },
      number: { type: 'integer', minimum: 1 },
      authorId: { type: ['string', 'null'] },
      authorName: { type: 'string', maxLength: 100 },
      pdfKey: { type: 'string', maxLength: 100 },
      pageCount: { type: 'integer', minimum: 0 },
      annotationCount: { type: 'integer', minimum: 0 },
      size: { type: 'integer', minimum: 0 },
      label: { type: ['string', 'null'], maxLength: 100 },
      restoredFromId: { type: ['string', 'null'] },
      annotations: { type: 'string' },
      createdAt: { type: 'string' },
    },
  };
}
