// An uploaded file and the editor's saved work on it. `sourceKey` names the file as uploaded;
// `pdfKey` the PDF the editor opens (the same file for PDF uploads, the converted one otherwise).
import type { AnyQueryBuilder, JSONSchema, RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { User } from './User';

export const DOCUMENT_STATUSES = ['PROCESSING', 'READY', 'FAILED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Every column but the annotations text, which can be megabytes per row. */
export const SUMMARY_COLUMNS = [
  'id',
  'userId',
  'name',
  'originalName',
  'mimeType',
  'size',
  'status',
  'failureReason',
  'sourceKey',
  'pdfKey',
  'thumbnailKey',
  'thumbnailVersion',
  'annotationsVersion',
  'createdAt',
  'updatedAt',
];

export class Document extends BaseModel {
  static override tableName = 'documents';

  declare id: string;
  declare userId: string;
  declare name: string;
  declare originalName: string;
  declare mimeType: string;
  declare size: number;
  declare status: DocumentStatus;
  declare failureReason: string | null;
  declare sourceKey: string;
  declare pdfKey: string | null;
  declare thumbnailKey: string | null;
  declare thumbnailVersion: number;
  declare annotations: string | null;
  declare annotationsVersion: number;
  /** The values the user gave the PDF's form fields, as JSON; null when none were saved. */
  declare formValues: string | null;
  declare createdAt: string;
  declare updatedAt: string;

  static override jsonSchema: JSONSchema = {
    type: 'object',
    required: ['id', 'userId', 'name', 'originalName', 'mimeType', 'size', 'status', 'sourceKey'],
    properties: {
      id: { type: 'string', minLength: 36, maxLength: 36 },
      userId: { type: 'string', minLength: 36, maxLength: 36 },
      name: { type: 'string', minLength: 1, maxLength: 255 },
      originalName: { type: 'string', minLength: 1, maxLength: 255 },
      mimeType: { type: 'string', maxLength: 100 },
      size: { type: 'integer', minimum: 0 },
      status: { type: 'string', enum: [...DOCUMENT_STATUSES] },
      failureReason: { type: ['string', 'null'] },
      sourceKey: { type: 'string', maxLength: 100 },
      pdfKey: { type: ['string', 'null'], maxLength: 100 },
      thumbnailKey: { type: ['string', 'null'], maxLength: 100 },
      thumbnailVersion: { type: 'integer', minimum: 0 },
      annotations: { type: ['string', 'null'] },
      annotationsVersion: { type: 'integer', minimum: 0 },
      formValues: { type: ['string', 'null'] },
      createdAt: { type: 'string' },
      updatedAt: { type: 'string' },
    },
  };

  static override modifiers = {
    summary(query: AnyQueryBuilder) {
      query.select(SUMMARY_COLUMNS.map((column) => `documents.${column}`));
    },
  };

  static override relationMappings = (): RelationMappings => ({
    owner: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'documents.userId', to: 'users.id' },
    },
  });

  /** Every storage key this document holds, for deleting its files. */
  fileKeys(): string[] {
    return [...new Set([this.sourceKey, this.pdfKey, this.thumbnailKey].filter((key): key is string => !!key))];
  }
}
