// The on-screen view of every kind, by type: the React half of the core's kind registry. The
// mapped type makes the compiler name a kind that has no view.
import type { AnnotationType } from '../../core/index';
import { CaretView } from './caret';
import { CircleView } from './circle';
import { CommentView } from './comment';
import { EllipseView } from './ellipse';
import { ImageView } from './image';
import { ArrowView, FreehandView } from './lines';
import { HighlightView, StrikethroughView, UnderlineView } from './markup';
import { RectangleView, WhiteoutView } from './rectangle';
import { SquigglyView } from './squiggly';
import { StampView } from './stamp';
import { TextView } from './text';
import { PolygonView, PolylineView } from './vertices';
import type { KindView } from './types';

export const KIND_VIEWS: { readonly [K in AnnotationType]: KindView<K> } = {
  text: TextView,
  highlight: HighlightView,
  strikethrough: StrikethroughView,
  underline: UnderlineView,
  squiggly: SquigglyView,
  rectangle: RectangleView,
  circle: CircleView,
  ellipse: EllipseView,
  arrow: ArrowView,
  freehand: FreehandView,
  polygon: PolygonView,
  polyline: PolylineView,
  image: ImageView,
  signature: ImageView,
  stamp: StampView,
  whiteout: WhiteoutView,
  comment: CommentView,
  caret: CaretView,
};
