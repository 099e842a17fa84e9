// A drag that creates an annotation shows a light preview while the pointer moves and builds and
// checks the annotation once, on release: a drawing gesture must not cost a validation (zod) and a
// new id per pointer move.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { annotationSchema } from '../../../core/model/schema';
import { createTestEditor } from '../../../test-support/testEditor';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a drag-to-create tool', () => {
  it('must validate nothing while the pointer moves, and the annotation once on release', () => {
    const validations = vi.spyOn(annotationSchema, 'safeParse');
    const editor = createTestEditor().setTool('rectangle').pointerDown(10, 10);
    for (let step = 1; step <= 50; step++) editor.pointerMove(10 + step, 10 + step);
    expect(validations).not.toHaveBeenCalled();
    expect(editor.state.draft).toMatchObject({ type: 'rectangle', position: { x: 10, y: 10 }, width: 50, height: 50 });

    editor.pointerUp(60, 60);
    // Built once (normalizeAnnotation) and checked as the history step adds it; not once per move.
    expect(validations.mock.calls.length).toBeLessThanOrEqual(2);
    expect(editor.annotations).toHaveLength(1);
    expect(editor.annotations[0]).toMatchObject({ type: 'rectangle', position: { x: 10, y: 10 }, width: 50, height: 50 });
  });

  it('must keep one preview identity for a whole gesture and a fresh one for the next', () => {
    const editor = createTestEditor().setTool('arrow').pointerDown(10, 10).pointerMove(40, 20);
    const first = editor.state.draft;
    editor.pointerMove(80, 50);
    const second = editor.state.draft;
    expect(second).toMatchObject({ type: 'arrow', position: { x: 10, y: 10 }, endPoint: { x: 80, y: 50 } });
    expect(second?.id).toBe(first?.id);
    expect(second?.createdAt).toBe(first?.createdAt);

    editor.pointerUp(80, 50);
    const [arrow] = editor.annotations;
    expect(arrow).toMatchObject({ type: 'arrow', endPoint: { x: 80, y: 50 } });
    // The annotation is built on release, not the preview promoted: a new id of its own.
    expect(arrow?.id).not.toBe(first?.id);
    editor.pointerDown(100, 100).pointerMove(140, 140);
    expect(editor.state.draft?.id).not.toBe(first?.id);
  });

  it('must preview the fields the tool gives over the defaults, as the annotation will have them', () => {
    const editor = createTestEditor().setTool('highlight').pointerDown(0, 0).pointerMove(70, 12);
    const draft = editor.state.draft;
    editor.pointerUp(70, 12);
    const { id: _draftId, createdAt: _draftCreated, updatedAt: _draftUpdated, ...previewed } = draft ?? {};
    const { id: _id, createdAt: _created, updatedAt: _updated, ...added } = editor.annotations[0] ?? {};
    expect(previewed).toEqual(added);
  });
});
