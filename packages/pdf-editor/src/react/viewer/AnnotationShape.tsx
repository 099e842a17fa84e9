// Draws one annotation in the page's SVG overlay with its kind's view (react/kinds), in page
// points (the overlay's viewBox scales them with the zoom). Memoised by object identity: the
// history keeps unchanged annotations as the same objects, so moving one shape re-renders only
// that shape.
import { memo } from 'react';
import type { Annotation, AnnotationType } from '../../core/index';
import { hostKind, isCustomType } from '../../core/internal';
import { KIND_VIEWS } from '../kinds/registry';
import type { HostKindWithView, KindView, ViewProps } from '../kinds/types';

/**
 * The view of `type`: the registry's mapped type pairs each built-in type with its view, which
 * TypeScript cannot follow through the union, hence the widening; a host kind's is its own `view`
 * (none for a kind registered without one, or by nobody: such annotations are kept, not drawn).
 */
function viewOf(type: Annotation['type']): KindView<AnnotationType> | undefined {
  if (!isCustomType(type)) return KIND_VIEWS[type] as KindView<AnnotationType>;
  const kind = hostKind(type) as Partial<HostKindWithView> | undefined;
  return typeof kind?.view === 'function' ? (kind.view as unknown as KindView<AnnotationType>) : undefined;
}

function Shape({ annotation }: { annotation: Annotation }) {
  const View = viewOf(annotation.type);
  if (!View) return null;
  const common = { opacity: annotation.opacity, 'data-annotation-id': annotation.id, 'data-annotation-type': annotation.type } as ViewProps<AnnotationType>['common'];
  return <View annotation={annotation as ViewProps<AnnotationType>['annotation']} common={common} />;
}

export const AnnotationShape = memo(Shape);
