'use client';
// Next.js App Router: the editor in a plain client component, rendered on the server first like
// any other (no next/dynamic needed).
import { createElement as h } from 'react';
import { ConsumerEditor } from '../src/editor.mjs';

export default function Editor({ controlled }) {
  return h(ConsumerEditor, { controlled });
}
