// Shapes of the API's answers (spec sections 3 and 7, plus the annotation, share, revision and
// recovery calls), as the server sends them and the app reads them.
import type { Annotation } from '@marginalia/pdf-editor/core';

export type Plan = 'free' | 'personal' | 'team';

export interface User {
  id: string;
  name: string;
  email: string;
  /** Whether the owner followed the verification link mailed to `email`. */
  emailVerified: boolean;
  /** The plan that applies now, as the server works it out (a running Personal trial's is `personal`, a Team trial's `team`). */
  plan: Plan;
  /** When the account's one free trial of the Personal plan ends or ended; null if it never started one. */
  trialEndsAt: string | null;
  /** Whether the Personal trial is running now. */
  trialActive: boolean;
  /** When the account's one trial of the Team plan ends or ended; null if it never started one. */
  teamTrialEndsAt: string | null;
  /** Whether the Team trial is running now. */
  teamTrialActive: boolean;
  /** Uploads made today (UTC). */
  dailyUsage: number;
  /** Uploads allowed per UTC day, or null when unlimited. */
  dailyLimit: number | null;
  /** Bytes of the account's files (uploads and the PDFs its page saves keep, each file counted once). */
  storageUsed: number;
  /** Bytes `storageUsed` may reach on the plan that applies now. */
  storageLimit: number;
  createdAt: string;
}

/** Social sign-in providers the server may offer (GET /api/auth/providers lists the configured ones). */
export type SignInProvider = 'google' | 'microsoft';

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
  mimeType: string;
  status: DocumentStatus;
  /** Why a conversion failed (`FAILED`), else null. */
  failureReason: string | null;
  /** The version of the stored annotations, the base of the next save. */
  annotationsVersion: number;
  /** Signed, so an <img> can load it without the bearer token; absent until a thumbnail exists. */
  thumbnailUrl?: string | null;
  createdAt: string;
  updatedAt: string;
  /** What the signed-in user may do with it: it is theirs, or it was shared with them to edit or to view. */
  access: DocumentAccess;
  /** People invited to it (members and pending invitations), as its owner sees it; 0 for anyone else. */
  collaborators: number;
  /** Who owns it, for a document shared with the signed-in user; absent on their own documents. */
  owner?: { name: string; email: string };
}

export type DocumentAccess = 'owner' | 'editor' | 'viewer';

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
  /** The values the user gave the PDF's form fields; absent when none were saved. */
  formValues?: Record<string, string | boolean | string[] | null>;
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

/** PUT /content and a restore answer: the document, its annotations and version, and the revision made. */
export interface ContentSaveResponse {
  document: DocumentSummary;
  annotations: Annotation[];
  version: number;
  revision: RevisionSummary | null;
}

export interface RevisionSummary {
  id: string;
  documentId: string;
  /** 1, 2, 3... in the order the document's revisions were made. */
  number: number;
  createdAt: string;
  author: { id: string | null; name: string };
  pageCount: number;
  annotationCount: number;
  /** Bytes of the revision's PDF. */
  size: number;
  label: string | null;
  /** The revision this one brought back, when it records a restore. */
  restoredFromId: string | null;
}

export interface RevisionListResponse {
  revisions: RevisionSummary[];
}

export interface RevisionResponse {
  revision: RevisionSummary;
  annotations: Annotation[];
}

export interface RecoveryCreated {
  id: string;
  expiresAt: string;
}

export interface RecoveryRecord {
  fileName: string;
  annotations: Annotation[];
  editCount: number;
  timeSpent: number;
  expiresAt: string;
  fileUrl: string;
}

/**
 * Someone the owner invited to a document (`/api/documents/{id}/collaborators`): a member with an
 * account (`active`), or an invitation waiting for an account with that address to be created or to
 * verify it (`invited`).
 */
export interface DocumentCollaborator {
  /** The account's id for a member, the invitation's for a pending one: the `{collaboratorId}` of PATCH and DELETE. */
  id: string;
  /** The member's account; null while the invitation is pending. */
  userId: string | null;
  /** The account's name; null while the invitation is pending. */
  name: string | null;
  email: string;
  role: 'editor' | 'viewer';
  status: 'active' | 'invited';
  createdAt: string;
}

export interface CollaboratorResponse {
  collaborator: DocumentCollaborator;
}

export interface CollaboratorListResponse {
  collaborators: DocumentCollaborator[];
}
