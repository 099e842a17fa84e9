// Shapes of the API's answers (spec sections 3 and 7, plus the host-server's annotation and share calls).
import type { Annotation } from '@marginalia/pdf-editor/core';

export type Plan = 'free' | 'personal' | 'team';

export interface User {
  id: string;
  name: string;
  email: string;
  plan: Plan;
  dailyUsage: number;
  storageUsed: number;
  createdAt: string;
}

export interface AuthResponse {
  token: string;
  user: User;
}

export type DocumentStatus = 'READY' | 'PROCESSING' | 'FAILED';

export interface DocumentSummary {
  id: string;
  name: string;
  originalName: string;
  /** The server may send a number or a numeric string. */
  size: number | string;
  status: DocumentStatus;
  createdAt: string;
  thumbnailUrl?: string | null;
}

export interface DocumentListResponse {
  documents: DocumentSummary[];
  pagination: { total: number; pages: number; page?: number; limit?: number };
}

export interface UploadResponse {
  document: { id: string } & Partial<DocumentSummary>;
}

export interface AnnotationsResponse {
  annotations: Annotation[];
  version: number;
}

export interface ShareResponse {
  share: { id: string; token: string; url?: string };
}

export interface SharedDocumentResponse {
  document: Pick<DocumentSummary, 'id' | 'name' | 'size' | 'status' | 'createdAt'>;
  annotations: unknown;
  version: number;
  fileUrl: string;
}
