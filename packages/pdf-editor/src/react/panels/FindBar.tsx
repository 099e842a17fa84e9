// The find bar's component: nothing while find is closed, the bar itself (OpenFindBar) once it
// opens, loaded then, so a page that never searches never fetches it and the first paint is lighter.
import { lazy, Suspense } from 'react';
import { useFind } from '../context';

const OpenFindBar = lazy(() => import('./OpenFindBar'));

/**
 * The find bar, shown while `editor.find` is open (Ctrl/Cmd+F): `<PdfEditor />` includes it above
 * the pages; custom layouts place it where they want, inside `<EditorProvider>`.
 */
export function FindBar() {
  const open = useFind((state) => state.open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <OpenFindBar />
    </Suspense>
  );
}
