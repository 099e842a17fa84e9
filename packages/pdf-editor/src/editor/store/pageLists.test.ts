// The store's per-page lists follow each edit by touching only the pages it changed: a page view
// selecting its list renders again only for its own page's edits, whatever the document holds.
import { describe, expect, it } from 'vitest';
import { normalizeAnnotation } from '../../core/model/defaults';
import type { Annotation } from '../../core/model/types';
import { createTestEditor } from '../../test-support/testEditor';
import { groupByPage } from './pageLists';

function rectangles(count: number, pages: number): Annotation[] {
  return Array.from({ length: count }, (_, i) =>
    normalizeAnnotation({ type: 'rectangle', page: 1 + (i % pages), position: { x: Math.floor(i / pages) * 24, y: 10 }, width: 20, height: 20 }),
  ) as Annotation[];
}

/** The pages whose list is another array in `after` than in `before`. */
function changedPages(before: ReadonlyMap<number, readonly Annotation[]>, after: ReadonlyMap<number, readonly Annotation[]>): number[] {
  const pages = new Set([...before.keys(), ...after.keys()]);
  return [...pages].filter((page) => before.get(page) !== after.get(page)).sort((a, b) => a - b);
}

describe("the store's annotations by page", () => {
  it('must list every page in drawing order, as filtering the annotations would', () => {
    const editor = createTestEditor({ annotations: rectangles(30, 4) });
    const { annotations, annotationsByPage } = editor.state;
    expect([...annotationsByPage.keys()].sort()).toEqual([1, 2, 3, 4]);
    for (const [page, list] of annotationsByPage) expect(list).toEqual(annotations.filter((a) => a.page === page));
  });

  it('must give a new list only to the page an added rectangle is on', () => {
    const editor = createTestEditor({ annotations: rectangles(2000, 100) });
    const before = editor.state.annotationsByPage;
    editor.onPage(7).setTool('rectangle').drag([10, 10], [40, 40]);
    const after = editor.state.annotationsByPage;
    expect(changedPages(before, after)).toEqual([7]);
    expect(after.get(7)?.at(-1)).toMatchObject({ type: 'rectangle', page: 7, width: 30 });
    expect(after.get(7)).toHaveLength(21);
  });

  it('must touch only the moved annotation\'s page on a drag, an undo and a redo, and keep the selection array', () => {
    const editor = createTestEditor({ annotations: rectangles(500, 50) });
    const target = editor.annotations[12] as Annotation;
    const centre: [number, number] = [target.position.x + 10, 20];
    editor.onPage(target.page).setTool('select').click(...centre);
    const selection = editor.state.selectedIds;
    expect(selection).toEqual([target.id]);

    let before = editor.state.annotationsByPage;
    editor.drag(centre, [centre[0] + 50, centre[1] + 50]);
    expect(changedPages(before, editor.state.annotationsByPage)).toEqual([target.page]);
    expect(editor.state.annotationsByPage.get(target.page)?.find((a) => a.id === target.id)?.position).toEqual({ x: target.position.x + 50, y: 60 });
    expect(editor.state.selectedIds).toBe(selection);

    for (const step of ['undo', 'redo'] as const) {
      before = editor.state.annotationsByPage;
      editor.state.actions[step]();
      expect(changedPages(before, editor.state.annotationsByPage)).toEqual([target.page]);
    }
    expect(editor.state.annotationsByPage).toEqual(groupByPage(editor.annotations));
  });

  it('must follow deletions, a move to another page and an undone deletion back into its place', () => {
    const editor = createTestEditor({ annotations: rectangles(60, 3) });
    const [first, second] = editor.annotations as [Annotation, Annotation];
    const { actions } = editor.state;
    actions.select([first.id]);
    actions.remove([first.id]);
    expect(editor.state.selectedIds).toEqual([]);
    expect(editor.state.annotationsByPage).toEqual(groupByPage(editor.annotations));
    actions.update({ [second.id]: { page: 3 } }, 'Move to page 3');
    expect(editor.state.annotationsByPage).toEqual(groupByPage(editor.annotations));
    actions.undo();
    actions.undo();
    expect(editor.state.annotationsByPage).toEqual(groupByPage(editor.annotations));
    expect(editor.state.annotationsByPage.get(1)?.[0]).toBe(first);
  });

  it('must equal a fresh grouping after every step of a long run of mixed edits, undos and redos', () => {
    const editor = createTestEditor({ annotations: rectangles(40, 4) });
    const { actions } = editor.state;
    // A fixed pseudo-random walk (no Math.random: a failure must replay).
    let seed = 7;
    const next = (n: number) => (seed = (seed * 16807) % 2147483647) % n;
    for (let step = 0; step < 300; step++) {
      const list = editor.annotations;
      const pick = list[next(Math.max(1, list.length))];
      const move = next(6);
      if (move === 0 || !pick) actions.add(normalizeAnnotation({ type: 'rectangle', page: 1 + next(5), position: { x: next(500), y: 10 } }) as Annotation);
      else if (move === 1) actions.remove([pick.id]);
      else if (move === 2) actions.update({ [pick.id]: { position: { x: next(500), y: 20 } } }, 'Move');
      else if (move === 3) actions.update({ [pick.id]: { page: 1 + next(5) } }, 'Move to page');
      else if (move === 4) actions.undo();
      else actions.redo();
      expect(editor.state.annotationsByPage).toEqual(groupByPage(editor.annotations));
    }
  });

  it('must regroup when the host replaces the annotations or a new document is loaded', () => {
    const editor = createTestEditor({ annotations: rectangles(10, 2) });
    const replacement = rectangles(9, 3);
    editor.state.actions.setAnnotations(replacement);
    expect(editor.state.annotationsByPage).toEqual(groupByPage(replacement));
    editor.state.actions.loadDocument(null, []);
    expect(editor.state.annotationsByPage.size).toBe(0);
  });
});
