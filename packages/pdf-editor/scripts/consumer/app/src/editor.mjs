/* global window */
// The editor as a third party embeds it, from the installed package; `controlled` keeps the
// annotations in React state the way most hosts do. Plain JavaScript without JSX, so webpack needs
// no loader for it. Shown in docs/getting-started.md.
// #region editor
import { createElement as h, useEffect, useState } from 'react';
import { PdfEditor } from '@marginalia/pdf-editor';
import '@marginalia/pdf-editor/styles.css';

export function ConsumerEditor({ controlled }) {
  const [list, setList] = useState([]);
  useEffect(() => {
    window.changes = [];
  }, []);
  const common = {
    file: '/sample.pdf',
    fileName: 'sample.pdf',
    style: { height: '100vh' },
    ref: (editor) => {
      window.editor = editor;
    },
  };
  if (!controlled) return h(PdfEditor, common);
  return h(PdfEditor, {
    ...common,
    annotations: list,
    onAnnotationsChange: (next) => {
      window.changes.push(next.length);
      setList([...next]);
    },
  });
}
// #endregion
