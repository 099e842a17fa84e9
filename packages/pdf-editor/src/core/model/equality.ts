// Content equality of annotation lists, for controlled mode: a host that copies the editor's list
// (`setList([...next])`) or parses it back from JSON hands over a new array with the same content,
// which is no change at all.

/** Whether two JSON-like values hold the same content (a field set to `undefined` counts as absent). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/**
 * True when two annotation lists hold the same annotations in the same order, field by field
 * (a field set to `undefined` counts as absent). Cheap when the lists share their objects.
 */
export function sameAnnotations(a: readonly object[], b: readonly object[]): boolean {
  return a === b || (a.length === b.length && a.every((annotation, index) => sameValue(annotation, b[index])));
}
