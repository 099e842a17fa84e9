// Paged, searchable document list; polls while any document is still being converted.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { documentsApi } from '../../api/documents';

const PROCESSING_POLL_MS = 2000;

export function useDebounced<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export function useDocumentList(page: number, search: string) {
  return useQuery({
    queryKey: ['documents', page, search.trim()],
    queryFn: () => documentsApi.list(page, search),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.documents.some((doc) => doc.status === 'PROCESSING') ? PROCESSING_POLL_MS : false,
  });
}
