// A module of its own, free of the engine: the `.` and `./editor` entries export the class (host
// kinds' writers name it), and anything of the engine they import loads before the first paint.

/**
 * A reference to an object the export writes as bytes itself (pdf/objectWriter.ts), numbered
 * from a block the engine never hands out: the engine's own references are interned in a cache
 * whose upkeep cost more than writing the objects they name.
 */
export class WrittenRef {
  constructor(readonly objectNumber: number) {}
}
