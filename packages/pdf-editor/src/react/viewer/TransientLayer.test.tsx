// A drag slides the moving shapes' drawing; React draws them once per gesture, not once per pointer
// move (each render of the layer cost a drag frame about a millisecond of main-thread work).
import { act, Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { normalizeAnnotation } from '../../core/index';
import type { Annotation } from '../../core/index';
import { createEditor } from '../../editor/index';
import { renderInDocument } from '../../test-support/renderInDocument';
import { EditorProvider } from '../context';
import { TransientLayer } from './TransientLayer';

const rectangle = normalizeAnnotation({ id: 'r1', type: 'rectangle', page: 1, position: { x: 40, y: 50 }, width: 100, height: 60 }) as Annotation;

function draggedLayer() {
  const editor = createEditor({ signatureStore: null, annotations: [rectangle] });
  const { setTransient } = editor.store.getState().actions;
  let renders = 0;
  const { container } = renderInDocument(
    <EditorProvider editor={editor}>
      <Profiler id="transient" onRender={() => void renders++}>
        <TransientLayer pageNumber={1} zoom={2} />
      </Profiler>
    </EditorProvider>,
  );
  return { container, setTransient, renders: () => renders };
}

describe('the transient layer of a drag', () => {
  it('must slide the shapes drawn once by the offset at each move, scaled by the zoom, without rendering again', () => {
    const { container, setTransient, renders } = draggedLayer();
    expect(container.querySelector('.mg-transient')).toBeNull();
    // The select tool hands over the same list of the shapes as they were for the whole gesture.
    const from = [rectangle];
    act(() => setTransient({ ids: ['r1'], annotations: [rectangle], moved: { from, dx: 1, dy: 1 } }));
    const layer = container.querySelector<SVGSVGElement>('.mg-transient');
    const shape = layer?.querySelector('[data-annotation-id="r1"]');
    const rendersAtStart = renders();
    for (let step = 2; step <= 20; step++) {
      act(() => setTransient({ ids: ['r1'], annotations: [rectangle], moved: { from, dx: step, dy: step / 2 } }));
    }
    expect(renders()).toBe(rendersAtStart);
    expect(container.querySelector('.mg-transient')).toBe(layer);
    expect(layer?.querySelector('[data-annotation-id="r1"]')).toBe(shape);
    expect(layer?.style.transform).toBe('translate(40px, 20px)');
    act(() => setTransient(null));
    expect(container.querySelector('.mg-transient')).toBeNull();
  });

  // A layer the page's size made every drag frame composite the whole page again (issue 24's drag
  // p95 with 10,000 annotations): the layer covers the shapes, with a point to spare around them.
  it('must cover only the moving shapes, in page points scaled by the zoom', () => {
    const { container, setTransient } = draggedLayer();
    const from = [rectangle];
    act(() => setTransient({ ids: ['r1'], annotations: [rectangle], moved: { from, dx: 5, dy: 5 } }));
    const layer = container.querySelector<SVGSVGElement>('.mg-transient');
    expect(layer?.getAttribute('viewBox')).toBe('39 49 102 62');
    expect([layer?.getAttribute('width'), layer?.getAttribute('height')]).toEqual(['204', '124']);
    expect([layer?.style.left, layer?.style.top]).toEqual(['78px', '98px']);
  });

  it('must draw a resize at every step, where the shapes themselves change', () => {
    const { container, setTransient } = draggedLayer();
    for (const width of [110, 130]) {
      const resized = { ...rectangle, width } as Annotation;
      act(() => setTransient({ ids: ['r1'], annotations: [resized] }));
      const layer = container.querySelector<SVGSVGElement>('.mg-transient');
      expect(layer?.querySelector('rect[data-annotation-id="r1"]')?.getAttribute('width')).toBe(String(width));
      expect(layer?.style.transform).toBe('');
    }
  });
});
