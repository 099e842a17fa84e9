// The on-screen view of every kind, by type: the React half of the core's kind registry. Kept by
// hand: the mapped type makes the compiler name a kind that has no view.
import type { AnnotationType } from '../../core/index';
import { ArrowView } from './arrow';
import { CaretView } from './caret';
import { CircleView } from './circle';
import { CommentView } from './comment';
import { EllipseView } from './ellipse';
import { FreehandView } from './freehand';
import { HighlightView } from './highlight';
import { ImageView } from './image';
import { PolygonView } from './polygon';
import { PolylineView } from './polyline';
import { RectangleView } from './rectangle';
import { SignatureView } from './signature';
import { SquigglyView } from './squiggly';
import { StampView } from './stamp';
import { StrikethroughView } from './strikethrough';
import { TextView } from './text';
import { UnderlineView } from './underline';
import { WhiteoutView } from './whiteout';
import type { KindView } from './types';

/** The on-screen view of every built-in kind, by type. */
export const KIND_VIEWS: { readonly [K in AnnotationType]: KindView<K> } = {
  text: TextView,
  highlight: HighlightView,
  strikethrough: StrikethroughView,
  underline: UnderlineView,
  squiggly: SquigglyView,
  freehand: FreehandView,
  rectangle: RectangleView,
  circle: CircleView,
  ellipse: EllipseView,
  arrow: ArrowView,
  polygon: PolygonView,
  polyline: PolylineView,
  comment: CommentView,
  caret: CaretView,
  signature: SignatureView,
  stamp: StampView,
  image: ImageView,
  whiteout: WhiteoutView,
};
