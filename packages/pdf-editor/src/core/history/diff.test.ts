import { describe, expect, it } from 'vitest';
import { normalizeAnnotation } from '../model/defaults';
import type { Annotation } from '../model/types';
import { pdfRevision } from '../pages/pdfRevision';
import {
  diffAnnotations,
  diffDocument,
  squashAnnotationDiffs,
  squashDocumentDiffs,
  type AnnotationDiff,
} from './diff';

const box = (id: string, x = 0): Annotation =>
  normalizeAnnotation({ type: 'rectangle', page: 1, id, position: { x, y: 0 } });
const moved = (annotation: Annotation, x: number): Annotation => ({ ...annotation, position: { x, y: 0 } });
const empty: AnnotationDiff = { added: [], updated: [], removed: [], reordered: false };

/** What a consumer does with a diff it is told is in order: drop, replace in place, append. */
function applyInOrder(list: readonly Annotation[], diff: AnnotationDiff): Annotation[] {
  const gone = new Set(diff.removed.map((a) => a.id));
  const replaced = new Map(diff.updated.map(([, after]) => [after.id, after]));
  return [...list.filter((a) => !gone.has(a.id)).map((a) => replaced.get(a.id) ?? a), ...diff.added];
}

const ids = (list: readonly Annotation[]) => list.map((a) => a.id);

describe('diffAnnotations', () => {
  const [a, b, c, d] = [box('a'), box('b'), box('c'), box('d')];

  it('must find nothing between a list and itself or a copy of the same objects', () => {
    expect(diffAnnotations([a, b], [a, b])).toEqual(empty);
    const list = [a, b, c];
    expect(diffAnnotations(list, list)).toEqual(empty);
  });

  it('must tell an annotation moved in place, one added at the end and one removed', () => {
    const b2 = moved(b, 40);
    expect(diffAnnotations([a, b, c], [a, b2, c, d])).toEqual({ ...empty, added: [d], updated: [[b, b2]] });
    expect(diffAnnotations([a, b, c, d], [a, c, d])).toEqual({ ...empty, removed: [b] });
    expect(diffAnnotations([a, b, c], [])).toEqual({ ...empty, removed: [a, b, c] });
    expect(diffAnnotations([], [a, b])).toEqual({ ...empty, added: [a, b] });
  });

  it('must list updates in the new order, wherever they are', () => {
    const [a2, c2, d2] = [moved(a, 1), moved(c, 1), moved(d, 1)];
    expect(diffAnnotations([a, b, c, d], [a2, c2, d2]).updated).toEqual([
      [a, a2],
      [c, c2],
      [d, d2],
    ]);
  });

  it('must say the order changed when an undone deletion puts an annotation back in the middle', () => {
    const diff = diffAnnotations([a, c], [a, b, c]);
    expect(diff).toEqual({ ...empty, added: [b], reordered: true });
    expect(ids(applyInOrder([a, c], diff))).toEqual(['a', 'c', 'b']);
  });

  it('must say the order changed when two annotations swap', () => {
    expect(diffAnnotations([a, b, c, d], [a, c, b, d])).toEqual({ ...empty, reordered: true });
    expect(diffAnnotations([a, b], [b, a, c])).toEqual({ ...empty, added: [c], reordered: true });
  });

  it('must describe any change exactly, and squash a run of changes into the change of the whole run', () => {
    // A seeded walk of adds, moves, deletions, restores and swaps, each diff checked by applying it:
    // in order when it says the order holds, and only then.
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let list: Annotation[] = [];
    let removed: Annotation[] = [];
    let next = 0;
    const diffs: AnnotationDiff[] = [];
    const states: Annotation[][] = [list];
    for (let round = 0; round < 400; round++) {
      const before = list;
      const after = list.slice();
      const action = random(5);
      const at = random(Math.max(after.length, 1));
      if (action === 0 || after.length === 0) after.push(box(`n${next++}`));
      else if (action === 1) after[at] = moved(after[at]!, round);
      else if (action === 2) removed.push(...after.splice(at, 1));
      else if (action === 3 && removed.length > 0) after.splice(at, 0, removed.pop()!);
      else after.splice(at, 0, ...after.splice(random(after.length), 1));
      const diff = diffAnnotations(before, after);
      const rebuilt = applyInOrder(before, diff);
      if (diff.reordered) {
        expect(ids(rebuilt)).not.toEqual(ids(after));
        expect(ids(rebuilt).sort()).toEqual(ids(after).sort());
      } else {
        expect(rebuilt).toEqual(after);
      }
      diffs.push(diff);
      states.push(after);
      list = after;
      removed = removed.filter((r) => !list.includes(r));
    }
    const byId = (diff: AnnotationDiff) => ({
      added: diff.added.toSorted((x, y) => x.id.localeCompare(y.id)),
      updated: diff.updated.toSorted(([x], [y]) => x.id.localeCompare(y.id)),
      removed: diff.removed.toSorted((x, y) => x.id.localeCompare(y.id)),
    });
    // The walk did put annotations out of order, and back where they were.
    expect(diffs.filter((diff) => diff.reordered).length).toBeGreaterThan(50);
    const whole = diffAnnotations([], list);
    expect(whole.added.length).toBeGreaterThan(10);
    expect(byId(squashAnnotationDiffs(diffs))).toEqual(byId(whole));
    expect(byId(squashAnnotationDiffs(diffs.slice(200)))).toEqual(byId(diffAnnotations(states[200]!, list)));
  });
});

describe('diffDocument', () => {
  it('must tell when the PDF is another revision', () => {
    const pdf = pdfRevision(new Uint8Array([1]));
    const annotations = [box('a')];
    expect(diffDocument({ pdf, annotations }, { pdf, annotations }).documentChanged).toBe(false);
    expect(
      diffDocument({ pdf, annotations }, { pdf: pdf.next(new Uint8Array([1, 2])), annotations }),
    ).toEqual({
      ...empty,
      documentChanged: true,
    });
  });
});

describe('squashAnnotationDiffs', () => {
  const a = box('a');
  const [a1, a2] = [moved(a, 1), moved(a, 2)];

  it('must make nothing of an annotation added then removed', () => {
    expect(
      squashAnnotationDiffs([
        diffAnnotations([], [a]),
        diffAnnotations([a], [a1]),
        diffAnnotations([a1], []),
      ]),
    ).toEqual(empty);
  });

  it('must keep an added then moved annotation as added, at its last place', () => {
    expect(squashAnnotationDiffs([diffAnnotations([], [a]), diffAnnotations([a], [a1])])).toEqual({
      ...empty,
      added: [a1],
    });
  });

  it('must fold a run of updates into the first before and the last after', () => {
    const steps = [diffAnnotations([a], [a1]), diffAnnotations([a1], [a2])];
    expect(squashAnnotationDiffs(steps)).toEqual({ ...empty, updated: [[a, a2]] });
    // Changed and changed back is no change.
    expect(squashAnnotationDiffs([...steps, diffAnnotations([a2], [a])])).toEqual(empty);
  });

  it('must remove an updated annotation as it first was', () => {
    expect(squashAnnotationDiffs([diffAnnotations([a], [a1]), diffAnnotations([a1], [])])).toEqual({
      ...empty,
      removed: [a],
    });
  });

  it('must turn a removal and a restore into an update, or nothing, which may be out of place', () => {
    const b = box('b');
    const restored = squashAnnotationDiffs([diffAnnotations([a, b], [b]), diffAnnotations([b], [b, a])]);
    expect(restored).toEqual({ ...empty, reordered: true });
    expect(squashAnnotationDiffs([diffAnnotations([a], []), diffAnnotations([], [a1])])).toEqual({
      ...empty,
      updated: [[a, a1]],
      reordered: true,
    });
  });

  it('must say the PDF changed when any document diff says so', () => {
    const pdf = pdfRevision(new Uint8Array([1]));
    const first = diffDocument({ pdf, annotations: [] }, { pdf, annotations: [a] });
    const second = diffDocument(
      { pdf, annotations: [a] },
      { pdf: pdf.next(new Uint8Array([2])), annotations: [a] },
    );
    expect(squashDocumentDiffs([first, second])).toEqual({ ...empty, added: [a], documentChanged: true });
    expect(squashDocumentDiffs([])).toEqual({ ...empty, documentChanged: false });
  });
});
