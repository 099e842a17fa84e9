// Image and signature on screen: the picture stretched over its box, a placeholder until it has data.
import type { ViewProps } from './types';

export function ImageView({ annotation: a, common }: ViewProps<'image'> | ViewProps<'signature'>) {
  return a.imageData ? (
    <image {...common} href={a.imageData} x={a.position.x} y={a.position.y} width={a.width} height={a.height} preserveAspectRatio="none" />
  ) : (
    <rect {...common} className="mg-placeholder" x={a.position.x} y={a.position.y} width={a.width} height={a.height} />
  );
}
