// Where a page's form fields take input: nothing at all for a document without a form (one store
// read), and for a page with widgets the inputs of FormInputs, loaded on first use so a document
// without a form never fetches them and the first page paints without them.
import { lazy, Suspense, useMemo } from 'react';
import { useForm } from '../context';

const FormInputs = lazy(() => import('./FormInputs'));

export function FormLayer({ pageNumber, zoom }: { pageNumber: number; zoom: number }) {
  const fields = useForm((state) => state.fields);
  const onPage = useMemo(() => fields.some((field) => field.widgets.some((widget) => widget.page === pageNumber)), [fields, pageNumber]);
  if (!onPage) return null;
  return (
    <Suspense fallback={null}>
      <FormInputs pageNumber={pageNumber} zoom={zoom} />
    </Suspense>
  );
}
