// One annotation drawn by the editor's on-screen view, alone in an SVG page, for tests to inspect.
import type { Annotation } from '../core/index';
import { AnnotationShape } from '../react/viewer/AnnotationShape';
import { renderInDocument } from './renderInDocument';

/** The `<svg>` (a 600 x 800 page) holding `annotation` as the viewer draws it. */
export function drawAnnotation(annotation: Annotation): SVGSVGElement {
  const { container } = renderInDocument(
    <svg viewBox="0 0 600 800">
      <AnnotationShape annotation={annotation} />
    </svg>,
  );
  return container.querySelector('svg') as SVGSVGElement;
}
