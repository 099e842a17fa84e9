// Sets the browser tab title for a page.
import { useEffect } from 'react';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Marginalia` : 'Marginalia';
  }, [title]);
}
