// What the selection shows comes from the kinds' capabilities, not from a list of types: the note
// of a kind whose text is a note (a comment's, a caret's) shows below it while it is selected.
import { describe, expect, it } from 'vitest';
import { normalizeAnnotation } from '../../core/index';
import type { Annotation, AnnotationInput } from '../../core/index';
import { renderInDocument } from '../../test-support/renderInDocument';
import { SelectionLayer } from './SelectionLayer';

function notesShown(input: AnnotationInput): string[] {
  const annotation = normalizeAnnotation(input) as Annotation;
  const { container } = renderInDocument(
    <svg>
      <SelectionLayer selected={[annotation]} hovered={undefined} zoom={1} />
    </svg>,
  );
  return [...container.querySelectorAll('.mg-comment-bubble')].map((note) => note.textContent ?? '');
}

describe('the selection of an annotation', () => {
  it('must show the note of a selected comment or caret below it, and no note for other kinds or an empty one', () => {
    expect(notesShown({ type: 'comment', page: 1, position: { x: 40, y: 40 }, content: 'Check this' })).toEqual(['Check this']);
    expect(notesShown({ type: 'caret', page: 1, position: { x: 40, y: 40 }, content: 'the' })).toEqual(['the']);
    expect(notesShown({ type: 'caret', page: 1, position: { x: 40, y: 40 }, content: '' })).toEqual([]);
    expect(notesShown({ type: 'text', page: 1, position: { x: 40, y: 40 }, content: 'Typed on the page' })).toEqual([]);
  });

  it('must put a caret\'s note just below the mark, as a comment\'s is below its icon', () => {
    const caret = normalizeAnnotation({ type: 'caret', page: 1, position: { x: 40, y: 40 }, width: 30, height: 36, content: 'the' });
    const { container } = renderInDocument(
      <svg>
        <SelectionLayer selected={[caret]} hovered={undefined} zoom={1} />
      </svg>,
    );
    const note = container.querySelector('foreignObject');
    expect([note?.getAttribute('x'), note?.getAttribute('y')]).toEqual(['40', '79']);
  });

  it('must show one box around a group of selected annotations, without resize handles', () => {
    const group = [
      normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 40, y: 40 }, width: 20, height: 20 }),
      normalizeAnnotation({ type: 'arrow', page: 1, position: { x: 100, y: 90 }, endPoint: { x: 160, y: 140 } }),
    ] as Annotation[];
    const { container } = renderInDocument(
      <svg>
        <SelectionLayer selected={group} hovered={undefined} zoom={1} />
      </svg>,
    );
    const boxes = [...container.querySelectorAll('.mg-selection-box')].map((box) => ['x', 'y', 'width', 'height'].map((name) => Number(box.getAttribute(name))));
    // The union of both, padded by 3 points as a single selection's box is.
    expect(boxes).toEqual([[37, 37, 126, 106]]);
    expect(container.querySelectorAll('.mg-handle')).toHaveLength(0);
  });
});
