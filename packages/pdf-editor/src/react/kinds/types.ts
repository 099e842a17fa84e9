// What an on-screen view of a kind is: a component drawing one annotation in the page's SVG
// overlay, in page points (the overlay's viewBox applies the zoom). `common` carries the opacity
// and the data attributes every view puts on its root element.
import type { AnnotationOfType, AnnotationType } from '../../core/index';

export interface ViewProps<K extends AnnotationType> {
  annotation: AnnotationOfType<K>;
  common: { opacity: number; 'data-annotation-id': string; 'data-annotation-type': K };
}

export type KindView<K extends AnnotationType> = (props: ViewProps<K>) => React.JSX.Element;
