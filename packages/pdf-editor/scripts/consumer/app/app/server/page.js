// A React Server Component (no 'use client' here) that imports the SDK's React entry and renders
// <PdfEditor> with serializable props: the entry is marked 'use client', so Next.js sends the
// editor to the browser as a client component instead of running its createContext on the server.
// "./core" and "./editor" are plain server code: their values are used while rendering here.
import { createElement as h } from 'react';
import { PdfEditor } from '@marginalia/pdf-editor';
import { normalizeAnnotation } from '@marginalia/pdf-editor/core';
import { defaultMessages } from '@marginalia/pdf-editor/editor';
import '@marginalia/pdf-editor/styles.css';

export default function ServerPage() {
  const { type } = normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 10, y: 10 }, width: 20, height: 20 });
  return h(
    'main',
    null,
    h('p', { id: 'server-rendered' }, `${type} / ${defaultMessages.download}`),
    h(PdfEditor, { file: '/sample.pdf', fileName: 'sample.pdf', style: { height: '90vh' } }),
  );
}
