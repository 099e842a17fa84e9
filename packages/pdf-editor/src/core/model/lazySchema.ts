// The model's schemas are built the first time something uses them, not when their modules load.
// Zod builds a schema's objects as it is declared: the model's couple of hundred took about 20 ms
// of the main thread on every page load, before the viewer could show page 1, whether or not
// anything was ever validated (a document with no annotations never is). Each declaration keeps
// its form and its type; `lazySchema` wraps it, and the value stands in for the schema built on
// first use, to zod itself too (inside another schema, `instanceof`, spreading a shape). Schemas
// are not written to after they are built, so the stand-in only reads.

/** `build()`'s result, built when first read; the same object every time after that. */
export function lazySchema<S extends object>(build: () => S): S {
  let built: S | undefined;
  const schema = () => (built ??= build());
  return new Proxy({} as S, {
    get: (_, key) => Reflect.get(schema(), key),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // The stand-in itself has no properties, so each is reported configurable (a proxy may not
    // report a non-configurable one its target lacks); the rest of it is the schema's.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
