// Draws one annotation in the page's SVG overlay with its kind's view (react/kinds), in page
// points (the overlay's viewBox scales them with the zoom). Memoised by object identity: the
// history keeps unchanged annotations as the same objects, so moving one shape re-renders only
// that shape.
import { memo } from 'react';
import type { Annotation, AnnotationType } from '../../core/index';
import { KIND_VIEWS } from '../kinds/registry';
import type { KindView, ViewProps } from '../kinds/types';

function Shape({ annotation }: { annotation: Annotation }) {
  // The registry's mapped type pairs each type with its view; TypeScript cannot follow that
  // through the union, hence the widening.
  const View = KIND_VIEWS[annotation.type] as KindView<AnnotationType>;
  const common: ViewProps<AnnotationType>['common'] = { opacity: annotation.opacity, 'data-annotation-id': annotation.id, 'data-annotation-type': annotation.type };
  return <View annotation={annotation} common={common} />;
}

export const AnnotationShape = memo(Shape);
