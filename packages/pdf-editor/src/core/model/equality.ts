// Content equality of annotation lists, for controlled mode: a host that copies the editor's list
// (`setList([...next])`) or parses it back from JSON hands over a new array with the same content,
// which is no change at all.

/** Whether two JSON-like values hold the same content (a field set to `undefined` counts as absent). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  // Loops rather than `every` and filtered key lists: native export compares every field of every
  // annotation it writes with the one read back, strokes of hundreds of points included.
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!sameValue(a[index], b[index])) return false;
    return true;
  }
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  // Defined fields of `a` less those of `b`: equal counts, and each of `a`'s matching in `b`.
  let defined = 0;
  for (const key of Object.keys(recordA)) {
    if (recordA[key] === undefined) continue;
    if (!sameValue(recordA[key], recordB[key])) return false;
    defined++;
  }
  for (const key of Object.keys(recordB)) if (recordB[key] !== undefined) defined--;
  return defined === 0;
}

/**
 * True when two annotation lists hold the same annotations in the same order, field by field
 * (a field set to `undefined` counts as absent). Cheap when the lists share their objects.
 */
export function sameAnnotations(a: readonly object[], b: readonly object[]): boolean {
  return a === b || (a.length === b.length && a.every((annotation, index) => sameValue(annotation, b[index])));
}
