import 'fake-indexeddb/auto';
import type { Annotation } from '@marginalia/pdf-editor/core';
import { describe, expect, it } from 'vitest';
import { deleteDraft, draftDiffers, DRAFT_TTL_MS, readDraft, restoreQuestion, saveDraft, type DocumentDraft } from './draftStore';

// Drafts read as tab A while tab A alone is open, unless a test says otherwise.
const asTabA = { openTabs: new Set(['tab-a']) };

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
    tabId: 'tab-a',
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
    const mine = await readDraft('user-1', 'doc-1', 'tab-a', asTabA);
    expect(mine?.annotations).toEqual([rectangle]);
    expect(mine?.baseVersion).toBe(3);
    expect(mine?.saveRequested).toBe(true);
    expect(Array.from(mine?.pdf ?? [])).toEqual(Array.from(pdf));
    expect((await readDraft('user-2', 'doc-1', 'tab-a', asTabA))?.annotations).toEqual([]);
    expect(await readDraft('user-1', 'doc-2', 'tab-a', asTabA)).toBeNull();
  });

  it('must replace the previous draft of the same document and delete it on request', async () => {
    await saveDraft(draft({ documentId: 'doc-3', baseVersion: 1 }));
    await saveDraft(draft({ documentId: 'doc-3', baseVersion: 2, annotations: [] }));
    expect((await readDraft('user-1', 'doc-3', 'tab-a', asTabA))?.baseVersion).toBe(2);
    await deleteDraft('user-1', 'doc-3', 'tab-a');
    expect(await readDraft('user-1', 'doc-3', 'tab-a', asTabA)).toBeNull();
  });

  it('must drop a draft older than its time to live', async () => {
    const savedAt = Date.parse('2026-01-01T00:00:00Z');
    await saveDraft(draft({ documentId: 'doc-4', savedAt }));
    expect(await readDraft('user-1', 'doc-4', 'tab-a', { ...asTabA, now: savedAt + DRAFT_TTL_MS })).not.toBeNull();
    expect(await readDraft('user-1', 'doc-4', 'tab-a', { ...asTabA, now: savedAt + DRAFT_TTL_MS + 1 })).toBeNull();
    expect(await readDraft('user-1', 'doc-4', 'tab-a', { ...asTabA, now: savedAt })).toBeNull();
  });
});

describe('drafts per tab', () => {
  it('must keep two open tabs\' drafts of one document apart: neither sees nor deletes the other\'s', async () => {
    const bothOpen = { openTabs: new Set(['tab-a', 'tab-b']) };
    await saveDraft(draft({ documentId: 'doc-5', tabId: 'tab-a', baseVersion: 1 }));
    await saveDraft(draft({ documentId: 'doc-5', tabId: 'tab-b', baseVersion: 2, annotations: [] }));
    expect((await readDraft('user-1', 'doc-5', 'tab-a', bothOpen))?.baseVersion).toBe(1);
    await deleteDraft('user-1', 'doc-5', 'tab-a');
    // Tab A saved: it has no draft, and tab B's, its tab being open, is not offered to it.
    expect(await readDraft('user-1', 'doc-5', 'tab-a', bothOpen)).toBeNull();
    expect((await readDraft('user-1', 'doc-5', 'tab-b', bothOpen))?.baseVersion).toBe(2);
  });

  it('must offer the newest draft of a closed tab to the next tab, which takes it over', async () => {
    await saveDraft(draft({ documentId: 'doc-6', tabId: 'closed-1', baseVersion: 1, savedAt: 1_000 }));
    await saveDraft(draft({ documentId: 'doc-6', tabId: 'closed-2', baseVersion: 2, savedAt: 2_000 }));
    // Another document whose id starts with this one's stays out of it.
    await saveDraft(draft({ documentId: 'doc-60', tabId: 'closed-3', baseVersion: 9, savedAt: 3_000 }));
    const taken = await readDraft('user-1', 'doc-6', 'tab-c', { openTabs: new Set(['tab-c']), now: 5_000 });
    expect(taken).toMatchObject({ tabId: 'tab-c', baseVersion: 2, savedAt: 2_000 });
    // Now tab C's own: another new tab is offered the older one left, not this one again.
    expect((await readDraft('user-1', 'doc-6', 'tab-d', { openTabs: new Set(['tab-c', 'tab-d']), now: 5_000 }))?.baseVersion).toBe(1);
    expect((await readDraft('user-1', 'doc-6', 'tab-c', { openTabs: new Set(['tab-c', 'tab-d']), now: 5_000 }))?.baseVersion).toBe(2);
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
