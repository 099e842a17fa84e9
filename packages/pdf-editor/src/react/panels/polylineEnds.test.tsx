// A polyline's line ends in Style Options, as a user meets them: a selected polyline with another
// tool's endings (a circle and an arrow) shows none of the panel's three choices pressed; picking "Arrows at both ends" gives it an arrow at each end.
import { act, createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { normalizeAnnotation } from '../../core/index';
import type { Annotation } from '../../core/index';
import { PdfEditor, type PdfEditorHandle } from '../PdfEditor';
import { renderInDocument } from '../../test-support/renderInDocument';

describe('the line ends of a polyline in Style Options', () => {
  it('must show a selected line\'s endings and give it the ones picked', () => {
    const ref = createRef<PdfEditorHandle>();
    const line = normalizeAnnotation({
      type: 'polyline', page: 1, position: { x: 40, y: 40 }, points: [{ x: 40, y: 40 }, { x: 140, y: 90 }], lineEndings: { start: 'Circle', end: 'OpenArrow' },
    }) as Annotation;
    const { container } = renderInDocument(<PdfEditor ref={ref} defaultAnnotations={[line]} />);
    act(() => {
      container.querySelector('.mg-editor')?.dispatchEvent(new KeyboardEvent('keydown', { key: ']', bubbles: true }));
    });
    const ends = () => {
      const fieldset = [...container.querySelectorAll('.mg-properties fieldset')].find((f) => f.querySelector('legend')?.textContent === 'Line ends');
      return [...(fieldset?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    };
    expect(ends().map((b) => b.textContent)).toEqual(['Plain', 'Arrow', 'Arrows at both ends']);
    expect(ends().filter((b) => b.getAttribute('aria-pressed') === 'true')).toHaveLength(0);
    act(() => ends().find((b) => b.textContent === 'Arrows at both ends')?.click());
    expect(ref.current?.getAnnotations()[0]).toMatchObject({ lineEndings: { start: 'OpenArrow', end: 'OpenArrow' } });
    expect(ends().find((b) => b.getAttribute('aria-pressed') === 'true')?.textContent).toBe('Arrows at both ends');
  });
});
