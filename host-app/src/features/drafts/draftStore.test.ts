import 'fake-indexeddb/auto';
import type { Annotation } from '@marginalia/pdf-editor/core';
import { describe, expect, it } from 'vitest';
import { deleteDraft, draftDiffers, DRAFT_TTL_MS, readDraft, restoreQuestion, saveDraft, type DocumentDraft } from './draftStore';

const rectangle = {
  id: 'a1',
  type: 'rectangle',
  page: 1,
  rect: { x: 10, y: 20, width: 30, height: 40 },
} as unknown as Annotation;

function draft(overrides: Partial<DocumentDraft> = {}): DocumentDraft {
  return {
    accountId: 'user-1',
    documentId: 'doc-1',
    fileName: 'report.pdf',
    annotations: [rectangle],
    pdf: null,
    baseVersion: 3,
    saveRequested: false,
    savedAt: Date.now(),
    ...overrides,
  };
}

describe('draft store', () => {
  it('must keep a draft per account and document, with the edited PDF bytes', async () => {
    const pdf = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 55]);
    await saveDraft(draft({ pdf, saveRequested: true }));
    await saveDraft(draft({ accountId: 'user-2', annotations: [] }));
    const mine = await readDraft('user-1', 'doc-1');
    expect(mine?.annotations).toEqual([rectangle]);
    expect(mine?.baseVersion).toBe(3);
    expect(mine?.saveRequested).toBe(true);
    expect(Array.from(mine?.pdf ?? [])).toEqual(Array.from(pdf));
    expect((await readDraft('user-2', 'doc-1'))?.annotations).toEqual([]);
    expect(await readDraft('user-1', 'doc-2')).toBeNull();
  });

  it('must replace the previous draft of the same document and delete it on request', async () => {
    await saveDraft(draft({ documentId: 'doc-3', baseVersion: 1 }));
    await saveDraft(draft({ documentId: 'doc-3', baseVersion: 2, annotations: [] }));
    expect((await readDraft('user-1', 'doc-3'))?.baseVersion).toBe(2);
    await deleteDraft('user-1', 'doc-3');
    expect(await readDraft('user-1', 'doc-3')).toBeNull();
  });

  it('must drop a draft older than its time to live', async () => {
    const savedAt = Date.parse('2026-01-01T00:00:00Z');
    await saveDraft(draft({ documentId: 'doc-4', savedAt }));
    expect(await readDraft('user-1', 'doc-4', savedAt + DRAFT_TTL_MS)).not.toBeNull();
    expect(await readDraft('user-1', 'doc-4', savedAt + DRAFT_TTL_MS + 1)).toBeNull();
    expect(await readDraft('user-1', 'doc-4', savedAt)).toBeNull();
  });
});

describe('draft helpers', () => {
  it('must tell a draft that only repeats the server from one with changes', () => {
    expect(draftDiffers(draft(), { annotations: [rectangle] })).toBe(false);
    expect(draftDiffers(draft(), { annotations: [] })).toBe(true);
    expect(draftDiffers(draft({ pdf: new Uint8Array([1]) }), { annotations: [rectangle] })).toBe(true);
  });

  it('must ask with the time the draft was kept', () => {
    const savedAt = Date.parse('2026-03-01T09:30:00Z');
    expect(restoreQuestion(savedAt)).toBe(`Restore unsaved changes from ${new Date(savedAt).toLocaleString()}?`);
  });
});
