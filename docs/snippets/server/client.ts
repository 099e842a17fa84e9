// A minimal typed client for the reference server's REST API, with fetch.
import type { Annotation } from '@marginalia/pdf-editor/core';

const API = 'https://marginalia.example.com';

interface ApiDocument {
  id: string;
  name: string;
  originalName: string;
  size: number;
  mimeType: string;
  status: 'READY' | 'PROCESSING' | 'FAILED';
  failureReason: string | null;
  annotationsVersion: number;
  thumbnailUrl?: string;
  createdAt: string;
  updatedAt: string;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

async function call<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...init.headers },
  });
  const body = (await response.json()) as Record<string, unknown>;
  // Every error answers { message } (plus `errors` for validation, `version` for conflicts).
  if (!response.ok) throw new ApiError(response.status, String(body.message), body);
  return body as T;
}

// #region login
export async function login(email: string, password: string): Promise<string> {
  const response = await fetch(`${API}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { token?: string; message?: string };
  if (!response.ok || !body.token) throw new Error(body.message ?? `HTTP ${response.status}`);
  return body.token;
}
// #endregion

// #region upload
export async function upload(token: string, file: File): Promise<ApiDocument> {
  const form = new FormData();
  form.append('file', file);
  // No Content-Type header: fetch sets multipart/form-data with its boundary.
  const { document } = await call<{ document: ApiDocument }>('/api/documents/upload', token, {
    method: 'POST',
    body: form,
  });
  return document;
}
// #endregion

// #region annotations
export async function saveAnnotations(token: string, id: string, annotations: Annotation[], version: number) {
  try {
    return await call<{ annotations: Annotation[]; version: number }>(
      `/api/documents/${id}/annotations`,
      token,
      {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ annotations, version }),
      },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      // Saved elsewhere since `version`: reload, merge or ask the user, then save on the new version.
      console.warn(`Stored copy is at version ${String(error.body.version)}`);
    }
    throw error;
  }
}
// #endregion
