// The summary panel's component: nothing while the summary is closed, the panel itself
// (OpenSummaryPanel) once it opens, loaded then, so the first paint does not carry it.
import { lazy, Suspense } from 'react';
import { useSummary } from '../context';

const OpenSummaryPanel = lazy(() => import('./OpenSummaryPanel'));

/**
 * The summary panel, shown while `editor.summary` is open: `<PdfEditor />` includes it beside the
 * pages; custom layouts place it where they want, inside `<EditorProvider>`.
 */
export function SummaryPanel() {
  const open = useSummary((state) => state.open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <OpenSummaryPanel />
    </Suspense>
  );
}
