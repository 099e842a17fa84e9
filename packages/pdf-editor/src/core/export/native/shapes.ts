// Rectangles, whiteouts and circles as /Square and /Circle annotations. The stroke is centred on the
// shape's outline, so /Rect is the shape grown by half the stroke and /RD records that margin: any
// reader can take the shape back as /Rect minus /RD.
import type { PdfObject } from '@libpdf/core';
import { pdfValue } from '../../pdf/objects';
import type { CircleAnnotation, RectangleAnnotation, Rect, WhiteoutAnnotation } from '../../model/types';
import { ellipsePath, rectPath } from './appearance';
import { inflate, type NativeParts, type NativeWriter, type WriterEnv } from './nativeTypes';
import { colorComponents, colorOperator, num } from './pdfValues';

interface OutlineStyle {
  color: string;
  strokeWidth: number;
  opacity: number;
  fill?: string;
}

function drawOutline(env: WriterEnv, path: string, style: OutlineStyle): void {
  const stroke = style.strokeWidth > 0;
  if (!stroke && !style.fill) return;
  env.appearance.setOpacity(style.opacity);
  if (style.fill) env.appearance.push(colorOperator(style.fill, 'rg'));
  if (stroke) env.appearance.push(colorOperator(style.color, 'RG'), `${num(style.strokeWidth)} w`);
  env.appearance.push(path, style.fill ? (stroke ? 'B' : 'f') : 'S');
}

function outlineEntries(env: WriterEnv, margin: number, fill: string | undefined): Record<string, PdfObject> {
  const entries: Record<string, PdfObject> = { RD: pdfValue([margin, margin, margin, margin]) };
  if (fill) entries.IC = pdfValue(colorComponents(fill));
  return entries;
}

function parts(subtype: 'Square' | 'Circle', box: Rect, style: OutlineStyle, env: WriterEnv): NativeParts {
  const margin = style.strokeWidth / 2;
  return {
    subtype,
    displayRect: inflate(box, margin),
    entries: outlineEntries(env, margin, style.fill),
    color: style.color,
    borderWidth: style.strokeWidth,
  };
}

export const writeRectangle: NativeWriter<RectangleAnnotation> = async (annotation, env) => {
  const box: Rect = { x: annotation.position.x, y: annotation.position.y, width: annotation.width, height: annotation.height };
  const style: OutlineStyle = {
    color: annotation.color,
    strokeWidth: annotation.strokeWidth,
    opacity: annotation.opacity,
    fill: annotation.fillStyle === 'solid' ? (annotation.fillColor ?? annotation.color) : undefined,
  };
  drawOutline(env, rectPath(box), style);
  return parts('Square', box, style, env);
};

/** A white filled square with no border: it hides what is under it in every viewer. */
export const writeWhiteout: NativeWriter<WhiteoutAnnotation> = async (annotation, env) => {
  const box: Rect = { x: annotation.position.x, y: annotation.position.y, width: annotation.width, height: annotation.height };
  const style: OutlineStyle = { color: annotation.color, strokeWidth: 0, opacity: annotation.opacity, fill: annotation.color };
  drawOutline(env, rectPath(box), style);
  return parts('Square', box, style, env);
};

export const writeCircle: NativeWriter<CircleAnnotation> = async (annotation, env) => {
  const { radius } = annotation;
  const box: Rect = { x: annotation.position.x, y: annotation.position.y, width: 2 * radius, height: 2 * radius };
  const style: OutlineStyle = { color: annotation.color, strokeWidth: annotation.strokeWidth, opacity: annotation.opacity };
  drawOutline(env, ellipsePath(box.x + radius, box.y + radius, radius, radius), style);
  return parts('Circle', box, style, env);
};
