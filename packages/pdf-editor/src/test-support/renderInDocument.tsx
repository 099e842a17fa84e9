// React trees mounted into the test's document the way a host page mounts the editor, and
// unmounted after each test so no editor, listener or timer outlives the test that made it.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const roots: Root[] = [];
afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()));
  document.body.replaceChildren();
});

export interface Rendered {
  container: HTMLDivElement;
  /** For rendering the same tree again with new props. */
  root: Root;
}

function mountPoint(): Rendered {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  roots.push(root);
  return { container, root };
}

/** Renders `node` into a new container in the document's body. */
export function renderInDocument(node: ReactNode): Rendered {
  const rendered = mountPoint();
  act(() => rendered.root.render(node));
  return rendered;
}

/** Like `renderInDocument`, and also waits for the effects' promises (e.g. stores that load). */
export async function renderInDocumentAsync(node: ReactNode): Promise<Rendered> {
  const rendered = mountPoint();
  await act(async () => rendered.root.render(node));
  return rendered;
}
