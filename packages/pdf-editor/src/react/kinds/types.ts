// What an on-screen view of a kind is: a component drawing one annotation in the page's SVG
// overlay, in page points (the overlay's viewBox applies the zoom). `common` carries the opacity
// and the data attributes every view puts on its root element.
import type { Annotation, AnnotationType, CustomAnnotation, CustomType, HostKind, KindAnnotation } from '../../core/index';

/** What a view of the kind `K` (its annotations `A`) is given. */
export interface ViewProps<K extends AnnotationType | CustomType, A extends Annotation = KindAnnotation<K>> {
  annotation: A;
  common: { opacity: number; 'data-annotation-id': string; 'data-annotation-type': K };
}

export type KindView<K extends AnnotationType> = (props: ViewProps<K>) => React.JSX.Element;

/**
 * A host's own kind with its on-screen view, as <PdfEditor>'s `kinds` prop takes it: the view
 * draws one annotation in the page's SVG overlay in page points, spreading `common` on its root.
 */
export interface HostKindWithView<T extends CustomType = CustomType, A extends CustomAnnotation & { type: T } = CustomAnnotation & { type: T }>
  extends HostKind<T, A> {
  view(props: ViewProps<T, A>): React.JSX.Element;
}
