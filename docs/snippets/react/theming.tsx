import type { CSSProperties } from 'react';
import { PdfEditor } from '@marginalia/pdf-editor';

// Custom properties are not in React's CSSProperties type, hence the cast.
const brand = {
  '--mg-accent': '#7c3aed',
  '--mg-selection': '#7c3aed',
  '--mg-radius': '2px',
  height: '100%',
} as CSSProperties;

export const BrandedEditor = ({ file }: { file: string }) => (
  <PdfEditor file={file} style={brand} className="my-editor" />
);
