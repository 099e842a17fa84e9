// A host's own kind on screen: its annotations are drawn by its own view with the attributes
// every view carries; those of a kind nobody registered are kept in the list but draw nothing.
import { describe, expect, it } from 'vitest';
import { normalizeAnnotation, registerKinds } from '../../core/index';
import { crossKind, type Cross } from '../../test-support/hostKind';
import { drawAnnotation as draw } from '../../test-support/drawAnnotation';
import type { HostKindWithView } from '../kinds/types';

const crossWithView: HostKindWithView<'custom:cross', Cross> = {
  ...crossKind,
  view: ({ annotation: { position, size, color }, common }) => <rect {...common} x={position.x} y={position.y} width={size} height={size} stroke={color} />,
};
registerKinds([crossWithView]);

describe("a host's own kind on screen", () => {
  it('is drawn by its own view', () => {
    const cross = normalizeAnnotation<Cross>({ type: 'custom:cross', page: 1, position: { x: 10, y: 20 }, opacity: 0.5 });
    const rect = draw(cross).querySelector('rect');
    expect(rect?.getAttribute('data-annotation-type')).toBe('custom:cross');
    expect(rect?.getAttribute('data-annotation-id')).toBe(cross.id);
    expect([rect?.getAttribute('x'), rect?.getAttribute('width'), rect?.getAttribute('stroke'), rect?.getAttribute('opacity')]).toEqual(['10', '40', '#FF0000', '0.5']);
  });

  it('draws nothing for a kind nobody registered', () => {
    const cross = normalizeAnnotation<Cross>({ type: 'custom:cross', page: 1 });
    expect(draw({ ...cross, type: 'custom:nobody' }).children).toHaveLength(0);
  });
});
